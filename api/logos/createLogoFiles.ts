import { createHash } from 'node:crypto'
import { tokenLogos } from './tokenLogos'

/** One logo as served: its content-hashed file name and its SVG text. */
export type LogoFile = { file: string; svg: string }

/** Where the logo files are served: outside `/api/sdk/v1`, whose bodies are all JSON. */
export const LOGOS_PATH = '/logos'

/**
 * The logo files by symbol and by file name. A name carries the first 10 hex digits of the SVG's
 * SHA-256 (`usdc-1a2b3c4d5e.svg`), so a drawing that changes gets a new name and the old one may be
 * cached forever.
 *
 * @example
 * createLogoFiles().bySymbol.get('USDC')?.file // 'usdc-….svg'
 */
export function createLogoFiles(logos: Readonly<Record<string, string>> = tokenLogos): {
  bySymbol: ReadonlyMap<string, LogoFile>
  byFile: ReadonlyMap<string, LogoFile>
} {
  const bySymbol = new Map<string, LogoFile>()
  const byFile = new Map<string, LogoFile>()
  for (const [symbol, svg] of Object.entries(logos)) {
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10)
    const logo = { file: `${symbol.toLowerCase()}-${hash}.svg`, svg }
    bySymbol.set(symbol, logo)
    byFile.set(logo.file, logo)
  }
  return { bySymbol, byFile }
}
