/** Whole seconds left until `untilMs`, never negative, rounded up so "0 s" means it has passed. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}

/** `"45 s"` or `"2 min 05 s"`. */
export function formatCountdown(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
}
