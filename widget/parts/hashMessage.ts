/** How many characters a message id has: 24 bits, six per character. */
export const MESSAGE_ID_LENGTH = 4

const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * A message's id in a built catalog: the top 24 bits of the 32-bit FNV-1a hash of its English text
 * (UTF-16 code units), as four URL-safe base64 characters. The build (`compactCatalogs`), the tests and
 * the browser compute it alike, so a catalog ships ids instead of the English sentences.
 * `defineCatalog` refuses two messages with one id; `translate.test.ts` checks the sources have none.
 *
 * @example
 * hashMessage('Sell chain') // four characters, the same on every run
 */
export function hashMessage(english: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < english.length; index++)
    hash = Math.imul(hash ^ english.charCodeAt(index), 0x01000193)
  let id = ''
  for (let shift = 26; shift >= 8; shift -= 6) id += digits[(hash >>> shift) & 63]
  return id
}
