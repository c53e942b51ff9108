/**
 * Characters that draw nothing: controls and format characters (zero-width spaces and joiners,
 * direction overrides, the word joiner, the BOM), line and paragraph separators, the combining
 * grapheme joiner, and the letters and symbols that are blank by design (the Hangul fillers, the
 * blank braille pattern), which a text can carry unseen.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0\u2800]/gu

/**
 * `text` without the characters that draw nothing (`INVISIBLE`): what a person sees of it.
 *
 * @example
 * dropInvisibleCharacters('US\u200bDC') // 'USDC'
 */
export function dropInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '')
}
