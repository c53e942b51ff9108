import { createIpSequence } from './runLoad'
import type { QuoteRig } from './startQuoteRig'
import { summarize, type Summary } from './summarize'

export type DeadlineFigure = {
  deadlineMs: number
  /** Wall time of each answer, from the caller's side. */
  answerMs: Summary
  /** Every answer's status, by code. */
  statuses: Record<number, number>
}

/**
 * Racing under faults: 0x hangs, LI.FI and CoW answer after 50 ms, the deadline is the rig's. A
 * few waves of parallel quotes measure how long callers wait; the race must end at the deadline.
 */
export async function measureDeadline({
  rig,
  deadlineMs,
  waves = 3,
  perWave = 10,
}: {
  rig: QuoteRig
  deadlineMs: number
  waves?: number
  perWave?: number
}): Promise<DeadlineFigure> {
  await rig.replay({ zerox: 'hang', lifi: 50, cow: 50 })
  const nextIp = createIpSequence()
  // One quote first, not counted: connections and code paths warm, as in a running service.
  await (await fetch(rig.quoteUrl, { headers: { 'X-Forwarded-For': nextIp() } })).arrayBuffer()
  const times: number[] = []
  const statuses: Record<number, number> = {}
  for (let wave = 0; wave < waves; wave += 1) {
    await Promise.all(
      Array.from({ length: perWave }, async () => {
        const started = performance.now()
        const response = await fetch(rig.quoteUrl, { headers: { 'X-Forwarded-For': nextIp() } })
        await response.arrayBuffer()
        times.push(performance.now() - started)
        statuses[response.status] = (statuses[response.status] ?? 0) + 1
      }),
    )
  }
  return { deadlineMs, answerMs: summarize(times), statuses }
}
