import type { SetOptions, Store, WindowCount } from '../stores/store'
import type { IpcChannel } from './createIpcChannel'

/** The store operations a worker may ask its primary for, with their arguments. */
export type StoreCall =
  | { op: 'increment'; args: [key: string, windowMs: number] }
  | { op: 'get'; args: [key: string] }
  | { op: 'set'; args: [key: string, value: string, ttlMs: number, options?: SetOptions] }
  | { op: 'setIfAbsent'; args: [key: string, value: string, ttlMs: number, options?: SetOptions] }
  | { op: 'delete'; args: [key: string] }

/**
 * A worker's `Store`: every call is one request to the cluster's primary, which holds the one memory
 * store all workers share (see `answerStoreCall`), so a limit, a grant bucket or a replay marker is as
 * exact across workers as in one process. Like the Redis store when Redis is down, a call fails when
 * the primary does not answer in time or is gone: nothing is answered from this worker's own memory,
 * so `failClosed()` is the store itself.
 *
 * @example
 * const store = createIpcStore({ channel })
 * await store.increment('rl:ip:203.0.113.7', 60_000) // counted in the primary
 */
export function createIpcStore({ channel }: { channel: IpcChannel }): Store {
  const call = (request: StoreCall) => channel.request('store', request)
  const store: Store = {
    increment: async (key, windowMs) =>
      (await call({ op: 'increment', args: [key, windowMs] })) as WindowCount,
    get: async (key) => ((await call({ op: 'get', args: [key] })) as string | null) ?? undefined,
    set: async (key, value, ttlMs, options) =>
      void (await call({ op: 'set', args: options ? [key, value, ttlMs, options] : [key, value, ttlMs] })),
    setIfAbsent: async (key, value, ttlMs, options) =>
      (await call({
        op: 'setIfAbsent',
        args: options ? [key, value, ttlMs, options] : [key, value, ttlMs],
      })) as boolean,
    delete: async (key) => void (await call({ op: 'delete', args: [key] })),
    failClosed: () => store,
    // The primary owns the memory; a worker has nothing of its own to release.
    async close() {},
  }
  return store
}

/**
 * The primary's side of `createIpcStore`: runs one worker's call on the shared store. An unknown
 * operation is refused rather than guessed at.
 */
export async function answerStoreCall(store: Store, call: StoreCall): Promise<unknown> {
  switch (call.op) {
    case 'increment':
      return store.increment(...call.args)
    case 'get':
      // JSON over the pipe has no `undefined`: null stands for "no value".
      return (await store.get(...call.args)) ?? null
    case 'set':
      return store.set(...call.args)
    case 'setIfAbsent':
      return store.setIfAbsent(...call.args)
    case 'delete':
      return store.delete(...call.args)
    default:
      throw new Error(`unknown store operation ${String((call as { op?: unknown }).op)}`)
  }
}
