import { findChain, getExplorerTxUrl } from '../../shared/chains'

export type GetTxUrlParameters = {
  /** The EVM chain id, or the chain's symbol (`BTC`) for a chain without one. */
  chainId: number | string
  hash: string
  /**
   * The element's `explorer-url`: a URL template with `{chainId}`, `{chain}` (the chain's symbol)
   * and `{hash}`, for example `/sandbox/tx/{chainId}/{hash}`. Empty or absent: the registry's explorer.
   */
  template?: string | undefined
}

/**
 * The link for a transaction: the host's `explorer-url` template when set (an http(s) or relative
 * URL), otherwise the shared registry's block explorer; `undefined` when neither knows the chain.
 *
 * @example
 * getTxUrl({ chainId: 1, hash: '0xabc', template: '/sandbox/tx/{chainId}/{hash}' }) // '/sandbox/tx/1/0xabc'
 */
export function getTxUrl({ chainId, hash, template }: GetTxUrlParameters): string | undefined {
  const chain = findChain(chainId)
  // A web link only: a template with any other scheme (`javascript:`) gets the registry's explorer.
  if (!template || /^(?!https?:)[a-z][\w+.-]*:/i.test(template.trim())) {
    return chain ? getExplorerTxUrl(chain, hash) : undefined
  }
  const id = typeof chainId === 'number' ? chainId : chain?.chainId
  const values: Record<string, string> = {
    chainId: id === undefined ? '' : String(id),
    chain: chain?.symbol ?? '',
    hash,
  }
  // Each placeholder is encoded: a template never lets a value change the URL's structure.
  return template.replace(/\{(chainId|chain|hash)\}/g, (_, name: string) => encodeURIComponent(values[name]!))
}
