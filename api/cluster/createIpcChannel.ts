/**
 * One message on the channel between the cluster's primary and a worker. `swapQuote` marks ours, so
 * Node's own cluster messages and anything else on the same IPC pipe are left alone.
 */
export type IpcMessage = {
  swapQuote: 1
  kind: string
  body?: unknown
  /** Set on a request that wants an answer. */
  id?: number
  /** Set on an answer: the request's id. */
  replyTo?: number
  /** Set on a failed answer instead of `body`. */
  error?: string
}

export type CreateIpcChannelParameters = {
  /** Sends one message; calls back with an error when the pipe is gone (`process.send`, `worker.send`). */
  send: (message: IpcMessage, callback: (error: Error | null) => void) => void
  /** Subscribes to the other side's messages; returns the unsubscribe. */
  subscribe: (listener: (message: unknown) => void) => () => void
  /** Answers the other side's requests and notes (`kind` names which); may be async. */
  handle?: (kind: string, body: unknown) => unknown
  /** A request unanswered for this long fails. */
  timeoutMs: number
}

export type IpcChannel = {
  /** Sends a request and resolves with the other side's answer; rejects when it fails, the pipe is gone or time runs out. */
  request(kind: string, body?: unknown, timeoutMs?: number): Promise<unknown>
  /** Sends a message that wants no answer; resolves false when it could not be sent. */
  notify(kind: string, body?: unknown): Promise<boolean>
  /** Stops listening and fails every request still waiting. */
  close(): void
}

/** Thrown for a request the other side could not answer: gone, too slow, or its handler failed. */
export class IpcError extends Error {
  override name = 'IpcError'
}

function isIpcMessage(message: unknown): message is IpcMessage {
  return typeof message === 'object' && message !== null && (message as IpcMessage).swapQuote === 1
}

/**
 * Requests with ids and timeouts over a Node IPC pipe, both ways: the worker asks the primary for
 * store operations and quote-log flushes, the primary asks each worker for its metrics. Messages on
 * one pipe arrive in the order they were sent, which the quote log relies on (a flush answered after
 * the lines sent before it).
 *
 * @example
 * const channel = createIpcChannel({
 *   send: (message, callback) => process.send?.(message, undefined, {}, callback),
 *   subscribe: (listener) => (process.on('message', listener), () => process.off('message', listener)),
 *   timeoutMs: 1_000,
 * })
 * await channel.request('store', { op: 'get', args: ['k'] })
 */
export function createIpcChannel({
  send,
  subscribe,
  handle,
  timeoutMs,
}: CreateIpcChannelParameters): IpcChannel {
  let nextId = 1
  const waiting = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }
  >()

  function settle(id: number, outcome: { body?: unknown; error?: string }): void {
    const pending = waiting.get(id)
    if (!pending) return
    waiting.delete(id)
    clearTimeout(pending.timer)
    if (outcome.error !== undefined) pending.reject(new IpcError(outcome.error))
    else pending.resolve(outcome.body)
  }

  function answer(id: number, outcome: { body?: unknown; error?: string }): void {
    // The asker may be gone by now; its requests fail on its side, nothing to do here.
    send({ swapQuote: 1, kind: 'reply', replyTo: id, ...outcome }, () => undefined)
  }

  const unsubscribe = subscribe((message) => {
    if (!isIpcMessage(message)) return
    if (message.replyTo !== undefined) {
      settle(message.replyTo, message)
      return
    }
    const { id, kind, body } = message
    let result: unknown
    try {
      result = handle ? handle(kind, body) : Promise.reject(new Error(`no handler for ${kind}`))
    } catch (error) {
      result = Promise.reject(error)
    }
    if (id === undefined) {
      void Promise.resolve(result).catch(() => undefined)
      return
    }
    Promise.resolve(result).then(
      (value) => answer(id, { body: value }),
      (error: unknown) => answer(id, { error: error instanceof Error ? error.message : String(error) }),
    )
  })

  return {
    request(kind, body, ms = timeoutMs) {
      const id = nextId
      nextId += 1
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle(id, { error: `no answer to ${kind} within ${ms} ms` }), ms)
        waiting.set(id, { resolve, reject, timer })
        send({ swapQuote: 1, kind, body, id }, (error) => {
          if (error) settle(id, { error: `${kind} not sent: ${error.message}` })
        })
      })
    },
    notify(kind, body) {
      return new Promise((resolve) => send({ swapQuote: 1, kind, body }, (error) => resolve(!error)))
    },
    close() {
      unsubscribe()
      for (const id of [...waiting.keys()]) settle(id, { error: 'channel closed' })
    },
  }
}
