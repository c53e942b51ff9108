/** What a log line says about an error: enough to tell failures apart, nothing a caller sent or a URL. */
export type ErrorDescription = {
  name: string
  /** One line, at most `MAX_MESSAGE_LENGTH` characters, every URL replaced by `[url]`. */
  message: string
  /** Our error code, a JSON-RPC error code, or a system code such as `ECONNREFUSED`. */
  code?: string | number
  /** The HTTP status of a failed upstream answer. */
  status?: number
  cause?: ErrorDescription
  /** Only with `stack: true`: the stack's `at …` frames, without the message that heads it. */
  stack?: string
}

/** Options of `describeError`. */
export type DescribeErrorOptions = {
  /** Adds the top error's stack frames (for bugs, where the frames are the point). */
  stack?: boolean
}

const MAX_MESSAGE_LENGTH = 200
const MAX_CAUSE_DEPTH = 4
const urlPattern = /\b[a-z][a-z0-9+.-]{0,15}:\/\/[^\s"'<>()]+/gi

/**
 * A short, safe description of `error` and its `cause` chain for the logs. A viem error's full message
 * quotes the RPC URL (where Alchemy and Infura keep the key) and the request body (which can hold a
 * signature), so only its `shortMessage` is kept, and any URL left in a message becomes `[url]`.
 *
 * @example
 * logger.warn('upstream error', { error: describeError(error) })
 * // { name: 'SwapError', code: 'UPSTREAM_ERROR', …, cause: { name: 'ContractFunctionExecutionError',
 * //   message: 'HTTP request failed.', cause: { … { name: 'HttpRequestError', status: 500 } } } }
 */
export function describeError(
  error: unknown,
  { stack = false }: DescribeErrorOptions = {},
): ErrorDescription {
  const description = describeOne(error, 0)
  if (stack && error instanceof Error && error.stack) {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line))
    description.stack = frames.join('\n')
  }
  return description
}

function describeOne(error: unknown, depth: number): ErrorDescription {
  if (!(error instanceof Error)) {
    return { name: typeof error, message: clean(typeof error === 'string' ? error : '') }
  }
  const fields = error as Error & { shortMessage?: unknown; code?: unknown; status?: unknown }
  const message = typeof fields.shortMessage === 'string' ? fields.shortMessage : error.message
  return {
    name: error.name,
    message: clean(message),
    ...((typeof fields.code === 'string' || typeof fields.code === 'number') && {
      code: typeof fields.code === 'string' ? fields.code.slice(0, 64) : fields.code,
    }),
    ...(typeof fields.status === 'number' && { status: fields.status }),
    // A cause that is not an error (viem keeps the node's raw JSON-RPC error object) adds nothing.
    ...(error.cause instanceof Error &&
      depth < MAX_CAUSE_DEPTH && { cause: describeOne(error.cause, depth + 1) }),
  }
}

/** The first line, URLs out, clipped. */
function clean(message: string): string {
  const line = (message.split('\n', 1)[0] ?? '').replace(urlPattern, '[url]')
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH)}…` : line
}
