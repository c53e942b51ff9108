import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../testing/testServer'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('OpenAPI description and docs page', () => {
  it('serves an OpenAPI 3.1 document whose /quote parameters come from the validation schema', async () => {
    const spec = await (await server.get('/openapi.json')).json()
    expect(spec.openapi).toBe('3.1.0')
    expect(Object.keys(spec.paths)).toEqual(['/chains', '/tokens', '/quote', '/status', '/access'])
    const parameters = spec.paths['/quote'].get.parameters as { name: string; required: boolean }[]
    expect(parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name)).toEqual([
      'sellChain',
      'sellToken',
      'buyChain',
      'buyToken',
      'amount',
      'address',
    ])
    expect(spec.components.schemas.Quote.required).toContain('expiresAt')
  })

  it('documents price impact, USD values and unverified tokens as optional extensions of the quote', async () => {
    const spec = await (await server.get('/openapi.json')).json()
    const quote = spec.components.schemas.Quote
    for (const name of [
      'priceImpactBps',
      'sellValueUsd',
      'buyValueUsd',
      'serviceFeeBps',
      'networkCost',
      'estimatedSeconds',
    ]) {
      expect(quote.properties[name]).toMatchObject({ 'x-extension': true })
      expect(quote.required).not.toContain(name)
    }
    expect(quote.properties.priceImpactBps.type).toBe('integer')
    expect(quote.properties.buyToken.properties.verified).toMatchObject({
      type: 'boolean',
      'x-extension': true,
    })
    expect(quote.properties.sellToken.properties.verified.description).toMatch(/curated/)
  })

  it('describes both /access flows and every status they answer', async () => {
    const spec = await (await server.get('/openapi.json')).json()
    for (const method of ['get', 'post']) {
      expect(Object.keys(spec.paths['/access'][method].responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '402',
        '403',
        '503',
      ])
    }
    expect(
      spec.paths['/access'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('signature')
    expect(spec.components.schemas.HolderPassChallenge.required).toContain('message')
  })

  it('describes /status as an addition: its parameters, the SwapStatus body and every status it answers', async () => {
    const spec = await (await server.get('/openapi.json')).json()
    const operation = spec.paths['/status'].get
    expect(operation.summary).toContain('an addition to the contract')
    expect(
      (operation.parameters as { name: string; in: string; required: boolean }[])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [parameter.name, parameter.required]),
    ).toEqual([
      ['quoteId', true],
      ['hash', false],
    ])
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '404', '429', '502', '503'])
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SwapStatus',
    })
    expect(spec.components.schemas.SwapStatus.required).toEqual(['quoteId', 'provider', 'state', 'updatedAt'])
    expect(spec.components.schemas.SwapStatus.properties.state.enum).toEqual([
      'pending',
      'inFlight',
      'delivered',
      'refunded',
      'failed',
    ])
  })

  it('serves a self-contained HTML page with no scripts or external resources', async () => {
    const response = await server.get('/docs')
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('Base URL: <code>/api/sdk/v1</code>')
    expect(html).toContain('<code>/quote</code>')
    expect(html).toContain('partnerFeeBps')
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!www\.w3)/)
    // The descriptions' `code` spans show as code, not as backticks (the schemas' JSON stays verbatim).
    expect(html).toContain('<code>alternatives</code>')
    expect(html.replace(/<pre>[^]*?<\/pre>/g, '')).not.toContain('`')
  })
})
