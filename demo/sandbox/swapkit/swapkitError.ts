/** SwapKit's error body: `{ error: <camelCase code>, message, data? }`. */
export function swapkitError(error: string, message: string, data?: unknown) {
  return { error, message, ...(data === undefined ? {} : { data }) }
}
