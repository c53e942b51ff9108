import ATOM from '@web3icons/core/svgs/tokens/branded/ATOM.svg.js'
import AVAX from '@web3icons/core/svgs/tokens/branded/AVAX.svg.js'
import BCH from '@web3icons/core/svgs/tokens/branded/BCH.svg.js'
import BNB from '@web3icons/core/svgs/tokens/branded/BNB.svg.js'
import BTC from '@web3icons/core/svgs/tokens/branded/BTC.svg.js'
import DAI from '@web3icons/core/svgs/tokens/branded/DAI.svg.js'
import DOGE from '@web3icons/core/svgs/tokens/branded/DOGE.svg.js'
import ETH from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import LTC from '@web3icons/core/svgs/tokens/branded/LTC.svg.js'
import RUNE from '@web3icons/core/svgs/tokens/branded/RUNE.svg.js'
import USDC from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'
import USDT from '@web3icons/core/svgs/tokens/branded/USDT.svg.js'
// The branded WBTC is white only, made for a dark background: on a light page it is invisible.
import WBTC from '@web3icons/core/svgs/tokens/background/WBTC.svg.js'

/**
 * The SVG logo of each curated symbol that the icon set (`@web3icons/core`, MIT) draws, keyed by the
 * symbol as the registry spells it. Symbols it has no drawing for (WETH, cbBTC, USDG, …) are absent:
 * the widget draws a monogram for them, never another token's logo.
 */
export const tokenLogos: Readonly<Record<string, string>> = {
  ATOM,
  AVAX,
  BCH,
  BNB,
  BTC,
  DAI,
  DOGE,
  ETH,
  LTC,
  RUNE,
  USDC,
  USDT,
  WBTC,
}
