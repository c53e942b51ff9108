import type { ChainDefinition } from '../../shared'
import { listTokens } from '../../shared'

/**
 * Letters of other scripts drawn like Latin capitals, and digits drawn like letters, each beside the
 * letter it passes for (after upper-casing): Cyrillic, then Greek, then digits. A subset of Unicode's
 * confusables (UTS #39), enough for the symbols a token list holds.
 */
const LOOKALIKES = 'АAВBЕEКKМMНHОOРPСCТTХXУYЅSІIЈJҮYԚQԜWΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX0O1I'
const LATIN_OF = new Map(
  Array.from(LOOKALIKES.matchAll(/(.)(.)/gu), ([, lookalike, latin]) => [lookalike!, latin!]),
)

/**
 * What a symbol looks like on screen, spelt plainly: compatibility forms folded (fullwidth `ＵＳＤＣ`,
 * mathematical `𝐔𝐒𝐃𝐂`), invisible characters (zero-width, direction overrides), combining marks and
 * spaces dropped, upper-cased, and lookalike letters replaced by the Latin ones they pass for.
 */
function looksLike(symbol: string): string {
  const folded = symbol
    .normalize('NFKD')
    .replace(/[\p{Cc}\p{Cf}\p{M}\p{Z}\s]/gu, '')
    .normalize('NFKC')
    .toUpperCase()
  return Array.from(folded, (character) => LATIN_OF.get(character) ?? character).join('')
}

/** Per chain, the listed symbols (its native coin's and its curated tokens') by what they look like. */
const listedByLook = new Map<string, Map<string, string>>()

/**
 * The symbol of a listed asset on `chain` (its native coin or a curated token) that `symbol` looks like
 * on screen, if any: a token read from chain under that look is passing for it, whatever it is.
 *
 * @example
 * findImitatedSymbol({ chain: ethereum, symbol: 'USDС' }) // 'USDC' (the last letter is Cyrillic)
 * findImitatedSymbol({ chain: ethereum, symbol: 'PEPE' }) // undefined
 */
export function findImitatedSymbol({
  chain,
  symbol,
}: {
  chain: ChainDefinition
  symbol: string
}): string | undefined {
  let listed = listedByLook.get(chain.symbol)
  if (!listed) {
    listed = new Map()
    for (const known of [chain.nativeSymbol, ...listTokens(chain).map((token) => token.symbol)]) {
      listed.set(looksLike(known), known)
    }
    listedByLook.set(chain.symbol, listed)
  }
  return listed.get(looksLike(symbol))
}
