/**
 * Runs `run` once, in a task of its own after the page's next frame is painted, for work the frame on
 * screen does not need (a frame callback runs before its paint, a task queued from it after). A page
 * in a background tab runs no frames, so `run` also goes after `fallbackMs` if no frame came first.
 *
 * @example
 * widget.addEventListener('swap-quote:quote', () => afterPaint(showQuoteLog, { fallbackMs: 100 }))
 */
export function afterPaint(run: () => void, { fallbackMs }: { fallbackMs: number }): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    run()
  }
  const fallback = setTimeout(once, fallbackMs)
  requestAnimationFrame(() => setTimeout(once))
}
