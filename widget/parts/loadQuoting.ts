import type { Quoting } from './quoting'

let loading: Promise<Quoting> | undefined

/**
 * Loads the quoting chunk (client, schemas, zod) once per page. A failed load is forgotten, so the
 * next call tries again.
 */
export function loadQuoting(): Promise<Quoting> {
  if (!loading) {
    loading = import('./quoting').then((module) => module.quoting)
    loading.catch(() => (loading = undefined))
  }
  return loading
}
