import type { ChainDefinition } from '../../shared'
import { listTokens } from '../../shared'
import { dropInvisibleCharacters } from './dropInvisibleCharacters'

/**
 * Letters of other scripts whose capital, or compatibility form, looks like another Latin letter than
 * they do (Greek `ν` is a v, its capital `Ν` an N; the lunate sigma `Ϲ` is a C, its form `Σ` is not),
 * each beside the Latin letter they pass for: read before folding and upper-casing, and after folding.
 */
const LOWER_LOOKALIKES = 'υUνVԁDһHɡGϲCϹC'
/**
 * Letters of other scripts drawn like Latin capitals, and digits drawn like letters, each beside the
 * letter it passes for (after upper-casing): Cyrillic, Greek, Armenian, Cherokee, Lisu, small
 * capitals, digits. A subset of Unicode's confusables (UTS #39) for the letters symbols are made of.
 */
const LOOKALIKES =
  'АAВBЕEКKМMНHОOРPСCТTХXУYЅSІIЈJҮYԚQԜWԀD' +
  'ΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧXϹC' +
  'ՍUՏSՕOԼL' +
  'ᎪAᏴBᏟCᎠDᎬEᏀGᎻHᏆIᎫJᏦKᏞLᎷMᏢPᏚSᎢTᏙVᎳWᏃZ' +
  'ꓮAꓐBꓚCꓓDꓰEꓝFꓖGꓧHꓲIꓙJꓗKꓡLꓟMꓠNꓳOꓑPꓣRꓢSꓔTꓴUꓦVꓪWꓫXꓬYꓜZ' +
  'ᴀAʙBᴄCᴅDᴇEɢGʜHɪIᴊJᴋKʟLᴍMɴNᴏOᴘPʀRꜱSᴛTᴜUᴠVᴡWʏYᴢZ' +
  '0O1I'
const pairs = (table: string) =>
  new Map(Array.from(table.matchAll(/(.)(.)/gu), ([, lookalike, latin]) => [lookalike!, latin!]))
const LATIN_OF_LOWER = pairs(LOWER_LOOKALIKES)
const LATIN_OF = pairs(LOOKALIKES)

/**
 * What a symbol looks like on screen, spelt plainly: invisible characters dropped
 * (`dropInvisibleCharacters`), compatibility forms folded (fullwidth `ＵＳＤＣ`, mathematical `𝐔𝐒𝐃𝐂`),
 * combining marks and spaces dropped, lookalike letters replaced by the Latin ones they pass for,
 * upper-cased.
 */
function looksLike(symbol: string): string {
  const lower = (text: string) =>
    Array.from(text, (character) => LATIN_OF_LOWER.get(character) ?? character).join('')
  const plain = lower(dropInvisibleCharacters(symbol))
    .normalize('NFKD')
    .replace(/[\p{M}\p{Z}\s]/gu, '')
    .normalize('NFKC')
  const upper = lower(plain).toUpperCase()
  return Array.from(upper, (character) => LATIN_OF.get(character) ?? character).join('')
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
