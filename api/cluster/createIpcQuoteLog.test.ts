import { EventEmitter } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../logging/logger'
import { createMetrics } from '../metrics/createMetrics'
import { createQuoteLog } from '../quoteLog/createQuoteLog'
import type { QuoteLogEntry } from '../quoteLog/quoteLogEntry'
import { createIpcChannel, type IpcMessage } from './createIpcChannel'
import { createIpcQuoteLog } from './createIpcQuoteLog'

let directory: string | undefined

afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true })
})

/** A worker's channel to a primary that appends to `path`; `cut()` makes the primary gone. */
function connect(path: string) {
  const toPrimary = new EventEmitter()
  const toWorker = new EventEmitter()
  let open = true
  const deliver =
    (target: EventEmitter) => (message: IpcMessage, callback: (error: Error | null) => void) => {
      if (!open) return queueMicrotask(() => callback(new Error('channel closed')))
      const copy = JSON.parse(JSON.stringify(message)) as unknown
      setImmediate(() => {
        target.emit('message', copy)
        callback(null)
      })
    }
  const primaryLog = createQuoteLog({ path, logger: silentLogger })
  createIpcChannel({
    send: deliver(toWorker),
    subscribe: (listener) => (
      toPrimary.on('message', listener),
      () => void toPrimary.off('message', listener)
    ),
    handle: (kind, body) =>
      kind === 'quoteLog' ? primaryLog.append(body as QuoteLogEntry) : primaryLog.flush(),
    timeoutMs: 1_000,
  })
  const channel = createIpcChannel({
    send: deliver(toPrimary),
    subscribe: (listener) => (toWorker.on('message', listener), () => void toWorker.off('message', listener)),
    timeoutMs: 1_000,
  })
  return { channel, cut: () => void (open = false) }
}

const entry = (quoteId: string) => ({ quoteId, time: '2026-11-25T00:00:00.000Z' }) as unknown as QuoteLogEntry

describe('createIpcQuoteLog', () => {
  it("writes two workers' lines whole into the primary's one file, all on disk once each flush resolves", async () => {
    directory = await mkdtemp(join(tmpdir(), 'ipc-quote-log-'))
    const path = join(directory, 'quotes.jsonl')
    const first = createIpcQuoteLog({ channel: connect(path).channel, logger: silentLogger })
    const second = createIpcQuoteLog({ channel: connect(path).channel, logger: silentLogger })
    for (let index = 0; index < 50; index += 1) {
      first.append(entry(`a${index}`))
      second.append(entry(`b${index}`))
    }
    await Promise.all([first.flush(), second.flush()])
    const ids = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { quoteId: string }).quoteId)
    expect(ids.sort()).toEqual(
      Array.from({ length: 50 }, (_, index) => [`a${index}`, `b${index}`])
        .flat()
        .sort(),
    )
  })

  it('counts a line the gone primary could not take as a failed write, without throwing at the quote', async () => {
    directory = await mkdtemp(join(tmpdir(), 'ipc-quote-log-'))
    const pipe = connect(join(directory, 'quotes.jsonl'))
    const metrics = createMetrics()
    const quoteLog = createIpcQuoteLog({ channel: pipe.channel, logger: silentLogger, metrics })
    pipe.cut()
    expect(() => quoteLog.append(entry('lost'))).not.toThrow()
    await expect
      .poll(async () => (await metrics.scrape()).body)
      .toContain('swapquote_quote_log_lines_total{result="failed"} 1')
    await expect(quoteLog.flush()).rejects.toThrow(/not sent/)
  })
})
