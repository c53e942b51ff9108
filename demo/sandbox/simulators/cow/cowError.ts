/** CoW's error body: `{ errorType, description, data? }`. */
export function cowError({
  errorType,
  description,
  data,
}: {
  errorType: string
  description: string
  data?: unknown
}) {
  return { errorType, description, ...(data === undefined ? {} : { data }) }
}
