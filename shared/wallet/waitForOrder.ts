import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { sleep } from './sleep'

export type WaitForOrderParameters = {
  /** The order's URL, as `submitOrder` returns it. */
  orderUrl: string
  orderUid: string
  chainId: number
  /** The order's `validTo`, unix seconds. Polling stops `graceMs` after it. */
  validTo: number
  fetch?: typeof fetch | undefined
  signal?: AbortSignal | undefined
  onStep?: OnExecutionStep | undefined
  /** Pause between polls. Default 2000. */
  pollIntervalMs?: number | undefined
  /** How long past `validTo` to keep asking, for a batch settled at the last moment. Default 60 s. */
  graceMs?: number | undefined
  now?: (() => number) | undefined
}

/** How a posted order ended: CoW's terminal states. */
export type OrderOutcome = 'filled' | 'expired' | 'cancelled'

export type WaitForOrderReturnType = { status: OrderOutcome; orderUid: string }

/**
 * Polls `GET orderUrl` until the order is `fulfilled`, `expired` or `cancelled` (CoW's status names),
 * and reports `order:filled`, `order:expired` or `order:cancelled`. Failed polls (the order book may
 * not list a fresh order yet) are retried. Bounded: throws `ExecutionError` `order-timeout` once
 * `validTo` plus `graceMs` has passed without an end state. Abortable.
 */
export async function waitForOrder({
  orderUrl,
  orderUid,
  chainId,
  validTo,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
  signal,
  onStep,
  pollIntervalMs = 2000,
  graceMs = 60_000,
  now = Date.now,
}: WaitForOrderParameters): Promise<WaitForOrderReturnType> {
  const deadline = validTo * 1000 + graceMs
  for (;;) {
    signal?.throwIfAborted()
    const status = await readStatus(fetchFn, orderUrl, signal)
    const outcome = toOutcome(status)
    if (outcome) {
      onStep?.({ step: `order:${outcome}`, chainId, orderUid })
      return { status: outcome, orderUid }
    }
    if (now() >= deadline) {
      throw new ExecutionError({
        reason: 'order-timeout',
        chainId,
        orderUid,
        message: 'The order reached no final state in time; check it on the venue before placing another.',
      })
    }
    await sleep(pollIntervalMs, signal)
  }
}

async function readStatus(
  fetchFn: typeof fetch,
  url: string,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  try {
    const response = await fetchFn(url, { headers: { accept: 'application/json' }, signal })
    if (!response.ok) return undefined
    const body = (await response.json()) as { status?: unknown }
    return typeof body.status === 'string' ? body.status : undefined
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    return undefined
  }
}

function toOutcome(status: string | undefined): OrderOutcome | undefined {
  if (status === 'fulfilled') return 'filled'
  if (status === 'expired') return 'expired'
  if (status === 'cancelled') return 'cancelled'
  return undefined
}
