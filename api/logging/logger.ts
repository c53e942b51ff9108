/** Log levels, quietest last. */
export const logLevels = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof logLevels)[number]

/** Fields of one log line; nested values are redacted the same way as top-level ones. */
export type LogFields = Record<string, unknown>

/** A small structured logger: one JSON line per call. */
export type Logger = {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export type CreateLoggerParameters = {
  level?: LogLevel
  /** Where a finished line goes; stderr by default. */
  write?: (line: string) => void
  now?: () => number
}

// Header names and field names whose values are credentials; matched case-insensitively anywhere in a key.
const secretKeyPattern =
  /authorization|x-service-access|payment-signature|x-payment|api[-_]?key|secret|signature|token|password|cookie/i
// Query parameters that carry credentials inside URLs that end up in messages or fields.
const secretQueryPattern =
  /((?:^|[?&\s,;(])(?:signature|token|access_token|apikey|api_key|api-key|key|x-service-access|secret)=)[^&\s"']*/gi
// Our own grant tokens (`<prefix>.<payload>.<sig>`) and bearer values, wherever they appear in text.
const bearerPattern = /(bearer\s+)[^\s"']+/gi
const grantTokenPattern = /sqg1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g

/** Returns a copy of `value` with every credential replaced by `[redacted]`. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value
      .replace(secretQueryPattern, '$1[redacted]')
      .replace(bearerPattern, '$1[redacted]')
      .replace(grantTokenPattern, '[redacted]')
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redact(value.message, depth + 1),
      stack: redact(value.stack, depth + 1),
    }
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1))
  if (value instanceof Headers) return redact(Object.fromEntries(value.entries()), depth + 1)
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = secretKeyPattern.test(key) ? '[redacted]' : redact(item, depth + 1)
  }
  return out
}

/**
 * Creates the API's logger: JSON lines (`time`, `level`, `msg`, fields) to stderr at or above
 * `level`. Access tokens, API keys and signatures are redacted by header, field and query name,
 * so a caller may log a request's headers or URL as they are.
 *
 * @example
 * const logger = createLogger({ level: 'info' })
 * logger.warn('redis unavailable', { error })
 */
export function createLogger({
  level = 'info',
  write = (line) => process.stderr.write(`${line}\n`),
  now = Date.now,
}: CreateLoggerParameters = {}): Logger {
  const threshold = logLevels.indexOf(level)
  const log =
    (lineLevel: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (logLevels.indexOf(lineLevel) < threshold) return
      const body = redact(fields) as LogFields
      write(
        JSON.stringify(
          { time: new Date(now()).toISOString(), level: lineLevel, msg: redact(message), ...body },
          (_, v) => (typeof v === 'bigint' ? v.toString() : v),
        ),
      )
    }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}

/** A logger that drops everything, for tests that do not look at logs. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
