/** How many characters a message id has: 18 bits, six per character. */
export const MESSAGE_ID_LENGTH = 3

const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * A message's id in a built catalog: the top 18 bits of the 32-bit FNV-1a hash of its English text
 * (UTF-16 code units), started from the offset basis XOR `seed`, as three URL-safe base64 characters.
 * The build (`compactCatalogs`), the tests and the browser compute it alike, so a catalog ships ids
 * instead of the English sentences. Eighteen bits make two of a few hundred messages share an id now
 * and then: `defineCatalog` then takes the next seed, and the catalog carries the seed it took.
 *
 * @example
 * hashMessage('Sell chain', 0) // three characters, the same on every run
 */
export function hashMessage(english: string, seed: number): string {
  let hash = 0x811c9dc5 ^ seed
  for (let index = 0; index < english.length; index++)
    hash = Math.imul(hash ^ english.charCodeAt(index), 0x01000193)
  let id = ''
  for (let shift = 26; shift >= 14; shift -= 6) id += digits[(hash >>> shift) & 63]
  return id
}
