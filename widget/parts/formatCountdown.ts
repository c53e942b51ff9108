import type { Translate } from './translate'

/** Whole seconds left until `untilMs`, never negative, rounded up so "0 s" means it has passed. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}

/** `"45 s"` or `"2 min 05 s"`, in the words of `t`. */
export function formatCountdown(seconds: number, t: Translate): string {
  if (seconds < 60) return t('{seconds} s', { seconds })
  return t('{minutes} min {seconds} s', {
    minutes: Math.floor(seconds / 60),
    seconds: String(seconds % 60).padStart(2, '0'),
  })
}
