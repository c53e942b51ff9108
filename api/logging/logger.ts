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
  /**
   * Configured values that must never be printed, wherever they appear in a line (RPC URLs, API
   * keys: `getLoggedSecrets(config)`). Values shorter than 6 characters are ignored.
   */
  secrets?: readonly string[]
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
// Credentials inside any URL: a user and password, or a key-shaped path segment (Alchemy's `/v2/<key>`,
// Infura's `/v3/<key>`, QuickNode's `/<token>/`): 20 or more letters, digits, `_` or `-` with at least one
// digit and one letter. `0x` hex (addresses, hashes) is public and kept.
const urlUserInfoPattern = /(\b[a-z][a-z0-9+.-]{0,15}:\/\/)[^\s"'/@]{1,256}@/gi
const urlPathKeyPattern =
  /(\b[a-z][a-z0-9+.-]{0,15}:\/\/[^\s"'/?#]{1,256}(?:\/[^\s"'/?#]{0,256}){0,16}?\/)(?!0x)(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?=[/?#\s"']|$)/gi
const MIN_SECRET_LENGTH = 6

/** Returns a copy of `value` with every credential, and every one of `secrets`, replaced by `[redacted]`. */
export function redact(value: unknown, { secrets = [] }: { secrets?: readonly string[] } = {}): unknown {
  const listed = secrets
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    // Longest first, so a URL is replaced whole before the key inside it.
    .sort((a, b) => b.length - a.length)
  return redactValue(value, listed, 0)
}

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') {
    let text = value
    for (const secret of secrets) text = text.replaceAll(secret, '[redacted]')
    return text
      .replace(secretQueryPattern, '$1[redacted]')
      .replace(bearerPattern, '$1[redacted]')
      .replace(grantTokenPattern, '[redacted]')
      .replace(urlUserInfoPattern, '$1[redacted]@')
      .replace(urlPathKeyPattern, '$1[redacted]')
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactValue(value.message, secrets, depth + 1),
      stack: redactValue(value.stack, secrets, depth + 1),
    }
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1))
  if (value instanceof Headers) return redactValue(Object.fromEntries(value.entries()), secrets, depth + 1)
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = secretKeyPattern.test(key) ? '[redacted]' : redactValue(item, secrets, depth + 1)
  }
  return out
}

/**
 * Creates the API's logger: JSON lines (`time`, `level`, `msg`, fields) to stderr at or above
 * `level`. Access tokens, API keys and signatures are redacted by header, field and query name,
 * key-shaped URL path segments and URL passwords wherever they appear, and each of `secrets`
 * (the configured RPC URLs and keys) verbatim, so a caller may log a request's headers or URL as
 * they are.
 *
 * @example
 * const logger = createLogger({ level: 'info' })
 * logger.warn('redis unavailable', { error })
 */
export function createLogger({
  level = 'info',
  write = (line) => process.stderr.write(`${line}\n`),
  now = Date.now,
  secrets = [],
}: CreateLoggerParameters = {}): Logger {
  const threshold = logLevels.indexOf(level)
  const log =
    (lineLevel: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (logLevels.indexOf(lineLevel) < threshold) return
      const body = redact(fields, { secrets }) as LogFields
      write(
        JSON.stringify(
          {
            time: new Date(now()).toISOString(),
            level: lineLevel,
            msg: redact(message, { secrets }),
            ...body,
          },
          (_, v) => (typeof v === 'bigint' ? v.toString() : v),
        ),
      )
    }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}

/** A logger that drops everything, for tests that do not look at logs. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
