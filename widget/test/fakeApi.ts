import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { formatAmount, parseAmount } from '../../shared/amount'
import { chainDefinitions, toChainResource } from '../../shared/chains'
import { listTokens, nativeToken } from '../../shared/tokens'
import type { ErrorBody, Quote, SwapStatus, Token } from '../../shared/schemas'

/**
 * The fake Swap Quote API the browser tests run against: contract-shaped answers from fixtures.
 * A test picks a scenario through the base URL: `<origin>/s/<scenario>~<id>` serves
 * `/api/sdk/v1/*` in that scenario, and `<origin>/s/<scenario>~<id>/__log` lists the quote
 * requests made under it (so parallel tests never share state). The CoW order book a signed-order
 * quote points at lives under the same prefix.
 *
 * Quotes live 60 s, except in `short-expiry` and `refresh-fails` (6 s, so the element refreshes
 * them within a test). `refresh-fails` answers its second request with `UPSTREAM_ERROR`. `routes` adds
 * what a route detail shows (`addRouteFields`). `lists-held` holds every `/chains` and `/tokens` answer
 * and `quote-held` every `/quote` answer (`refresh-held` every one after the first) until
 * `POST <base>/__release`; `<base>/__lists` counts the
 * list requests asked and answered.
 */
export type FakeScenario =
  | 'ok'
  | 'slow'
  | 'short-expiry'
  | 'refresh-fails'
  | 'no-route'
  | 'no-route-plain'
  | 'rate-limited'
  | 'unknown-token'
  | 'unsupported-pair'
  | 'bad-request'
  | 'upstream'
  | 'order'
  | 'order-unreachable'
  | 'deposit'
  | 'lists-held'
  | 'quote-held'
  | 'refresh-held'
  | 'routes'
  | SafetyScenario

type LogEntry = { query: Record<string, string>; finished: boolean }

const RATE = 2500n // buy units per sell unit, scaled by 1000
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const router = '0x0000000000001ff3684f28c67538d4d072c22734'

/**
 * Creates the fake API app; its logs live as long as the app. With `logos` (the API's own, see
 * `createServedLogos`), `/tokens` names them and the app serves them at its root, as the API does.
 */
export function createFakeApi({
  logos,
}: { logos?: { logoURI: (symbol: string) => string | undefined; route: Hono<any> } } = {}): Hono {
  const logs = new Map<string, LogEntry[]>()
  const orders = new Map<string, number>()
  const app = new Hono()
  app.use('*', cors({ origin: '*', exposeHeaders: ['Retry-After', 'X-Steps-Throttled'] }))

  if (logos) app.route('/', logos.route)
  const withLogo = (token: Token): Token => {
    const logoURI = logos?.logoURI(token.symbol)
    return logoURI ? { ...token, logoURI } : token
  }

  const api = new Hono<{ Variables: { session: string; scenario: FakeScenario } }>()
  api.get('/__log', (c) => c.json(logs.get(c.get('session')) ?? []))
  const lists = new Map<
    string,
    { asked: number; answered: number; release: Promise<void>; open: () => void }
  >()
  const listsOf = (session: string) => {
    let entry = lists.get(session)
    if (!entry) {
      let open = () => undefined as void
      const release = new Promise<void>((resolve) => (open = resolve))
      lists.set(session, (entry = { asked: 0, answered: 0, release, open }))
    }
    return entry
  }
  api.get('/__lists', (c) => {
    const { asked, answered } = listsOf(c.get('session'))
    return c.json({ asked, answered })
  })
  api.post('/__release', (c) => {
    listsOf(c.get('session')).open()
    return c.body(null, 204)
  })
  api.use('/api/sdk/v1/:list{chains|tokens}', async (c, next) => {
    const entry = listsOf(c.get('session'))
    entry.asked++
    if (c.get('scenario') === 'lists-held') await entry.release
    await next()
    entry.answered++
  })
  const quoteIdOf = addStatusScripts(api)
  api.get('/api/sdk/v1/chains', (c) => c.json({ chains: chainDefinitions.map(toChainResource) }))
  api.get('/api/sdk/v1/tokens', (c) => {
    const chain = chainDefinitions.find(
      (entry) =>
        entry.symbol === c.req.query('chainId')?.toUpperCase() ||
        String(entry.chainId) === c.req.query('chainId'),
    )
    // As the real API: every listed chain answers; one without an EVM chain id with its native asset.
    if (!chain) return c.json({ error: 'Unsupported chain', code: 'UNKNOWN_CHAIN' } satisfies ErrorBody, 404)
    if (chain.chainId === undefined)
      return c.json({ chain: chain.symbol, tokens: [withLogo(nativeToken(chain))] })
    return c.json({ chain: chain.symbol, chainId: chain.chainId, tokens: listTokens(chain).map(withLogo) })
  })
  api.get('/api/sdk/v1/quote', async (c) => {
    const session = c.get('session')
    const scenario = c.get('scenario')
    const query = c.req.query()
    const entry: LogEntry = { query, finished: false }
    const log = logs.get(session) ?? []
    log.push(entry)
    logs.set(session, log)
    const count = log.length
    if (scenario === 'slow' && query.amount === '1') await new Promise((resolve) => setTimeout(resolve, 700))
    if (scenario === 'quote-held' || (scenario === 'refresh-held' && count > 1))
      await listsOf(session).release
    entry.finished = true
    const fail = (status: 400 | 404 | 429 | 502, body: ErrorBody) => c.json(body, status)
    switch (scenario) {
      case 'no-route':
        return fail(404, {
          error: 'No venue priced this pair',
          code: 'NO_ROUTE',
          steps: [
            {
              sellChain: query.sellChain!,
              sellToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
              buyChain: 'BASE',
              buyToken: { caip: `eip155:8453/erc20:${usdc}`, symbol: 'USDC' },
              sellAmount: query.amount!,
              buyAmount: '2500',
              provider: 'lifi',
              recipient: query.address!,
            },
            {
              sellChain: 'BASE',
              sellToken: { caip: `eip155:8453/erc20:${usdc}`, symbol: 'USDC' },
              buyChain: query.buyChain!,
              buyToken: { caip: 'eip155:42161/slip44:60', symbol: 'ETH' },
              sellAmount: '2500',
              buyAmount: '0.99',
              provider: 'swapkit',
              recipient: query.recipient ?? query.address!,
            },
          ],
          stepsNote: 'Estimates are indicative and up to 5 minutes old. Quote step 1 before sending.',
        })
      case 'no-route-plain':
        return fail(404, { error: 'No venue priced this pair', code: 'NO_ROUTE' })
      case 'rate-limited':
        if (count === 1) {
          c.header('Retry-After', '1')
          return fail(429, { error: 'Too many requests', code: 'RATE_LIMITED' })
        }
        break
      case 'unknown-token':
        return fail(404, {
          error: `Unknown token ${query.buyToken} on ${query.buyChain}`,
          code: 'UNKNOWN_TOKEN',
        })
      case 'unsupported-pair':
        return fail(400, { error: 'Hive cannot be quoted', code: 'UNSUPPORTED_PAIR' })
      case 'bad-request':
        return fail(400, { error: 'slippage must be in (0, 50]', code: 'BAD_REQUEST' })
      case 'upstream':
        return fail(502, { error: 'The routing provider failed', code: 'UPSTREAM_ERROR' })
      case 'refresh-fails':
        if (count === 2) return fail(502, { error: 'The routing provider failed', code: 'UPSTREAM_ERROR' })
        break
    }
    if (scenario === 'no-route-once' && count === 1) return fail(404, { error: 'No route', code: 'NO_ROUTE' })
    const quote = addRouteFields(
      scenario,
      query,
      addSafetyFields(
        scenario,
        query,
        buildQuote({ scenario, query, count, origin: new URL(c.req.url).origin, session }),
      ),
    )
    const quoteId = quoteIdOf(session)
    return c.json(quoteId ? { ...quote, quoteId } : quote)
  })
  api.put('/cow/api/v1/app_data/:hash', (c) => c.json(c.req.param('hash'), 201))
  api.post('/cow/api/v1/orders', (c) => {
    const uid = `0x${'0d'.repeat(56)}`
    orders.set(`${c.get('session')}:${uid}`, 0)
    return c.json(uid, 201)
  })
  api.get('/cow/api/v1/orders/:uid', (c) => {
    const key = `${c.get('session')}:${c.req.param('uid')}`
    const polls = orders.get(key)
    if (polls === undefined) return c.json({ errorType: 'NotFound', description: 'order not found' }, 404)
    orders.set(key, polls + 1)
    return c.json({ uid: c.req.param('uid'), status: polls >= 1 ? 'fulfilled' : 'open' })
  })

  app.use('/s/:session/*', async (c, next) => {
    const session = c.req.param('session')
    c.set('session' as never, session as never)
    c.set('scenario' as never, session.split('~')[0] as never)
    await next()
  })
  app.route('/s/:session', api)
  return app
}

function buildQuote({
  scenario,
  query,
  count,
  origin,
  session,
}: {
  scenario: FakeScenario
  query: Record<string, string>
  count: number
  origin: string
  session: string
}): Quote {
  const sellUnits = parseAmount({ value: query.amount ?? '1', decimals: 18 })
  // A different answer per request, so a refresh or a stale answer shows on screen.
  const buyUnits = (sellUnits * RATE) / 1000n + BigInt(count) * 10n ** 12n
  const buyAmount = formatAmount({ value: buyUnits, decimals: 18 })
  const minBuyAmount = formatAmount({ value: (buyUnits * 99n) / 100n, decimals: 18 })
  const lifetimeMs = scenario === 'short-expiry' || scenario === 'refresh-fails' ? 6000 : 60_000
  const sellIsToken = (query.sellToken ?? '').toUpperCase() === 'USDC'
  const partner = query.partner
  const quote: Quote = {
    provider:
      scenario === 'order' || scenario === 'order-unreachable'
        ? 'cow'
        : scenario === 'deposit'
          ? 'thorchain'
          : '0x',
    sellChain: query.sellChain ?? 'ETH',
    buyChain: query.buyChain ?? 'ETH',
    sellToken: {
      caip: sellIsToken ? `eip155:1/erc20:${usdc}` : 'eip155:1/slip44:60',
      symbol: query.sellToken ?? 'ETH',
    },
    buyToken: { caip: `eip155:1/erc20:${usdc}`, symbol: (query.buyToken ?? 'USDC').slice(0, 12) },
    sellAmount: query.amount ?? '1',
    buyAmount,
    minBuyAmount,
    rate: Number(RATE) / 1000,
    expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
    ...(partner
      ? {
          partner,
          partnerFee: {
            requestedBps: Number(query.partnerFeeBps ?? 0),
            collectedBps: 0,
            collected: false,
            note: `No partner fee is collected on this route (requested ${query.partnerFeeBps ?? 0} bps).`,
          },
        }
      : {}),
  }
  if (scenario === 'deposit') {
    return {
      ...quote,
      depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      memo: '=:ETH.ETH:0xf39f:0/1/0',
    }
  }
  if (sellIsToken) {
    quote.approval = { chainId: 1, token: usdc, spender: router, amountWei: sellUnits.toString() }
  }
  if (scenario === 'order' || scenario === 'order-unreachable') {
    // `order-unreachable`: an order book nothing listens at (port 9, refused), as a venue out of reach.
    const prefix =
      scenario === 'order' ? `${origin}/s/${session}/cow/api/v1` : 'http://127.0.0.1:9/cow/api/v1'
    return {
      ...quote,
      order: {
        protocol: 'cow',
        chainId: 1,
        appDataUrl: `${prefix}/app_data/0xabc`,
        appData: { fullAppData: '{"appCode":"swap-quote"}' },
        typedData: {
          domain: { name: 'Gnosis Protocol', version: 'v2', chainId: 1 },
          types: { Order: [{ name: 'sellToken', type: 'address' }] },
          primaryType: 'Order',
          message: { sellToken: usdc },
        },
        postUrl: `${prefix}/orders`,
        body: { sellToken: usdc, sellAmount: sellUnits.toString(), from: query.address },
        signingScheme: 'eip712',
        validTo: Math.floor(Date.now() / 1000) + 600,
        note: 'Solvers fill the order in a batch, usually within a minute; it can expire unfilled.',
      },
    }
  }
  return {
    ...quote,
    tx: {
      chainId: 1,
      to: router,
      data: '0x2213bc0b',
      value: sellIsToken ? '0x0' : '0xde0b6b3a7640000',
      gasLimit: '0x3d090',
    },
  }
}

/** One scripted `/status` answer: its state and whatever else it names, or a 502 when `unavailable`. */
export type FakeStatusStep =
  | (Pick<SwapStatus, 'state'> &
      Partial<Pick<SwapStatus, 'sourceTx' | 'destinationTx' | 'deliveredAmount' | 'reason'>>)
  | { unavailable: true }

/**
 * Scripted `GET /status` (an addition to the contract), per session. A test posts its script to
 * `<base>/__status` (a JSON array of `FakeStatusStep`) before quoting: from then on the session's
 * quotes carry a `quoteId`, and each status poll answers the script's next step (the last one
 * repeats). `GET <base>/__status` lists the polls made, each with the `hash` it sent. Sessions
 * without a script quote without `quoteId`, as an older API does. Returns the session's quote id.
 */
function addStatusScripts(
  api: Hono<{ Variables: { session: string; scenario: FakeScenario } }>,
): (session: string) => string | undefined {
  const scripts = new Map<string, { steps: FakeStatusStep[]; polls: { hash: string | null }[] }>()
  const quoteIdOf = (session: string) =>
    scripts.has(session) ? `q_${session.replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 64) : undefined
  api.post('/__status', async (c) => {
    scripts.set(c.get('session'), { steps: await c.req.json<FakeStatusStep[]>(), polls: [] })
    return c.json({ scripted: true })
  })
  api.get('/__status', (c) => c.json(scripts.get(c.get('session'))?.polls ?? []))
  api.get('/api/sdk/v1/status', (c) => {
    const session = c.get('session')
    const script = scripts.get(session)
    const quoteId = quoteIdOf(session)
    if (!script || !quoteId || c.req.query('quoteId') !== quoteId) {
      return c.json({ error: 'Unknown quote', code: 'NOT_FOUND' } satisfies ErrorBody, 404)
    }
    const hash = c.req.query('hash') ?? null
    script.polls.push({ hash })
    const step = script.steps[Math.min(script.polls.length, script.steps.length) - 1]!
    if ('unavailable' in step) {
      return c.json({ error: 'The service is down', code: 'UPSTREAM_ERROR' } satisfies ErrorBody, 502)
    }
    const body: SwapStatus = {
      quoteId,
      provider: c.get('scenario') === 'deposit' ? 'thorchain' : '0x',
      ...(hash ? { sourceTx: { chain: 'ETH', hash } } : {}),
      ...step,
      updatedAt: new Date().toISOString(),
    }
    return c.json(body)
  })
  return quoteIdOf
}

/**
 * Scenarios of the checks before a swap: `priced` sends the price impact and dollar values (1,000 ETH
 * and more: 5% impact; 10,000 and more: 15%; less: 0.1%), `unlisted` marks a token given by address as
 * outside the curated lists and names it "USDC", as the service does a token passing for a listed one
 * (`imitates`), `long-symbol` does the same under a 32-character symbol, and `no-route-once` answers its first request with
 * `NO_ROUTE`.
 */
type SafetyScenario = 'priced' | 'unlisted' | 'long-symbol' | 'no-route-once'

function addSafetyFields(scenario: FakeScenario, query: Record<string, string>, quote: Quote): Quote {
  if (scenario === 'priced') {
    const amount = Number(query.amount ?? '1')
    const impactBps = amount >= 10_000 ? 1500 : amount >= 1000 ? 500 : 10
    return {
      ...quote,
      priceImpactBps: impactBps,
      sellValueUsd: (amount * 2500).toFixed(2),
      buyValueUsd: ((amount * 2500 * (10_000 - impactBps)) / 10_000).toFixed(2),
    }
  }
  if (scenario !== 'unlisted' && scenario !== 'long-symbol') return quote
  // The longest symbol the service passes on (it cuts what a token's contract says at 32 characters).
  const symbol = scenario === 'unlisted' ? 'USDC' : 'USDC'.padEnd(32, 'X')
  const unlisted = (token: string | undefined) =>
    /^0x[0-9a-fA-F]{40}$/.test(token ?? '')
      ? {
          caip: `eip155:1/erc20:${token!.toLowerCase()}`,
          symbol,
          verified: false,
          ...(scenario === 'unlisted' && { imitates: 'USDC' }),
        }
      : undefined
  return {
    ...quote,
    sellToken: unlisted(query.sellToken) ?? quote.sellToken,
    buyToken: unlisted(query.buyToken) ?? quote.buyToken,
  }
}

/**
 * The `routes` scenario: a LI.FI quote with a 0.3% service fee, 1.5 USDC of network cost, a 90 s
 * expected time, dollar values ($2.51 per ETH sold, $1 per USDC) and, with `include=alternatives`, the race behind it:
 * 0x outranked by 2 USDC after costs, CoW too slow.
 */
function addRouteFields(scenario: FakeScenario, query: Record<string, string>, quote: Quote): Quote {
  if (scenario !== 'routes') return quote
  const net = formatAmount({
    value: parseAmount({ value: quote.buyAmount, decimals: 18 }) - 15n * 10n ** 17n,
    decimals: 18,
  })
  const runnerUp = formatAmount({
    value: parseAmount({ value: net, decimals: 18 }) - 2n * 10n ** 18n,
    decimals: 18,
  })
  return {
    ...quote,
    provider: 'lifi',
    serviceFeeBps: 30,
    networkCost: '1.5',
    estimatedSeconds: 90,
    // 0.4% more than what arrives: a small price impact, as on a deep market.
    sellValueUsd: (Number(quote.sellAmount) * 2.51).toFixed(2),
    buyValueUsd: Number(quote.buyAmount).toFixed(2),
    ...(query.include === 'alternatives' && {
      alternatives: [
        {
          provider: 'lifi',
          status: 'quoted',
          reason: 'best net output: this is the quote served',
          netOutput: net,
        },
        {
          provider: '0x',
          status: 'outranked',
          reason: 'priced, but another venue left the recipient more',
          netOutput: runnerUp,
        },
        { provider: 'cow', status: 'timedOut', reason: 'did not answer before the deadline' },
      ],
    }),
  }
}
