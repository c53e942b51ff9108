import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw as get } from '../testing/rawHttp'
import { startTestServer } from '../testing/testServer'

// `/tokens?chain=ETH` is routed by the app (only the exact `?chainId=` targets are served before routing).
const ROUTED_READ = '/api/sdk/v1/tokens?chain=ETH'

describe('request headers under the Node server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('answers 304 to If-None-Match in any case, also when the ETag is the second of two headers', async () => {
    const first = await server.get('/tokens?chain=ETH')
    const etag = first.headers.get('etag') as string
    expect((await get(`${server.url}${ROUTED_READ}`, { 'iF-nOnE-mAtCh': etag })).status).toBe(304)
    const twice = await get(`${server.url}${ROUTED_READ}`, { 'If-None-Match': ['"stale"', etag] })
    expect(twice.status).toBe(304)
    expect((await get(`${server.url}${ROUTED_READ}`, { 'If-None-Match': '"stale"' })).status).toBe(200)
  })

  it('echoes a well-formed X-Request-Id sent in lower case', async () => {
    const answer = await get(`${server.url}${ROUTED_READ}`, { 'x-request-id': 'partner-trace-0001' })
    expect(answer.headers['x-request-id']).toBe('partner-trace-0001')
  })
})
