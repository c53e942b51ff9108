import autocannon, { type AutocannonRequest } from 'autocannon'

export type RunLoadParameters = {
  url: string
  connections: number
  /** Seconds; or give `amount`. */
  durationSeconds?: number
  /** Total requests to send. */
  amount?: number
  /** Per-request headers (say, a fresh `X-Forwarded-For` each time). */
  headers?: () => Record<string, string>
  timeoutSeconds?: number
}

export type RunLoadReturnType = {
  requestsPerSecond: number
  /** Every answered request's latency in milliseconds (autocannon's float timing, not its integer histogram). */
  latenciesMs: number[]
  /** Answers by status code. */
  statuses: Record<number, number>
  errors: number
}

/** Runs autocannon against `url` and keeps every response's status and exact latency. */
export function runLoad({
  url,
  connections,
  durationSeconds,
  amount,
  headers,
  timeoutSeconds = 10,
}: RunLoadParameters): Promise<RunLoadReturnType> {
  const latenciesMs: number[] = []
  const statuses: Record<number, number> = {}
  const parsed = new URL(url)
  const requests: AutocannonRequest[] | undefined = headers
    ? [
        {
          method: 'GET',
          path: `${parsed.pathname}${parsed.search}`,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headers() } }),
        },
      ]
    : undefined
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        timeout: timeoutSeconds,
        ...(amount === undefined ? { duration: durationSeconds ?? 3 } : { amount }),
        ...(requests ? { requests } : {}),
      },
      (error, result) => {
        if (error) reject(error)
        else
          resolve({
            requestsPerSecond: result.requests.average,
            latenciesMs,
            statuses,
            errors: result.errors + result.timeouts,
          })
      },
    )
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
      latenciesMs.push(responseTime)
    })
  })
}

/** An endless supply of distinct private IPv4 addresses (one per request), so no caller hits its rate limit. */
export function createIpSequence(): () => string {
  let next = 0
  return () => {
    next += 1
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`
  }
}
