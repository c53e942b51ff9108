import { open } from 'node:fs/promises'

/** How much of the file's end is read; a quote-log line is well under 1 kB. */
const TAIL_BYTES = 256 * 1024

/**
 * The last `limit` lines of the quote log (JSON lines), newest first, each parsed. A missing file is an
 * empty log; lines that are not JSON (a line cut by a concurrent append) are skipped.
 *
 * @example
 * await readQuoteLogTail({ path: '.sandbox/quotes.jsonl', limit: 20 }) // [{ time, provider, partner, ... }, ...]
 */
export async function readQuoteLogTail({ path, limit }: { path: string; limit: number }): Promise<unknown[]> {
  let text: string
  try {
    const file = await open(path, 'r')
    try {
      const { size } = await file.stat()
      const start = Math.max(0, size - TAIL_BYTES)
      const buffer = Buffer.alloc(size - start)
      await file.read(buffer, 0, buffer.length, start)
      text = buffer.toString('utf8')
      // A read that starts mid-file starts mid-line: drop the partial first line.
      if (start > 0) text = text.slice(text.indexOf('\n') + 1)
    } finally {
      await file.close()
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const entries: unknown[] = []
  const lines = text.split('\n')
  for (let index = lines.length - 1; index >= 0 && entries.length < limit; index--) {
    const line = lines[index]!.trim()
    if (!line) continue
    try {
      entries.push(JSON.parse(line))
    } catch {
      // skipped: not a complete JSON line
    }
  }
  return entries
}
