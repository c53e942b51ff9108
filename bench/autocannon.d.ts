// autocannon ships no types; this is the part of its programmatic API the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export type AutocannonRequest = {
    method?: string
    path?: string
    headers?: Record<string, string>
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
  }
  export type AutocannonOptions = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: AutocannonRequest[]
  }
  export type AutocannonResult = {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats?: Record<string, { count: number }>
  }
  export type AutocannonInstance = EventEmitter & {
    stop(): void
  }
  function autocannon(
    options: AutocannonOptions,
    callback: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance
  export default autocannon
}
