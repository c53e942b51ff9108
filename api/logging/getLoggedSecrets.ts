import type { Config } from '../config'
import { getRpcUrls } from '../venues/createVenuesFromConfig'

/**
 * The configured values the logger must never print (`createLogger({ secrets })`): every RPC URL,
 * whole and as its path and query (Alchemy and Infura keep the key in the path), any password in a
 * URL, the venues' API keys and the grant-signing secret. Field names already hide most of these;
 * this catches them inside messages, such as a viem error quoting `URL: <rpcUrl>`.
 *
 * @example
 * const logger = createLogger({ level: config.LOG_LEVEL, secrets: getLoggedSecrets(config) })
 */
export function getLoggedSecrets(config: Config): string[] {
  const urls = [...Object.values(getRpcUrls(config)), config.REDIS_URL]
  const secrets = [
    config.ZEROX_API_KEY,
    config.LIFI_API_KEY,
    config.SWAPKIT_API_KEY,
    config.ACCESS_TOKEN_SECRET,
  ]
  for (const url of urls) if (url !== undefined) secrets.push(url, ...getUrlParts(url))
  return [...new Set(secrets.filter((secret): secret is string => secret !== undefined && secret !== ''))]
}

/** The parts of a URL that may carry a credential, as they can appear in an error message. */
function getUrlParts(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return []
  }
  const pathAndQuery = `${parsed.pathname}${parsed.search}`
  return [
    parsed.href,
    ...(pathAndQuery === '/' ? [] : [pathAndQuery]),
    ...(parsed.password ? [parsed.password, safeDecode(parsed.password)] : []),
  ]
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
