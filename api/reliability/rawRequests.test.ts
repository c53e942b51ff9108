import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../shared'
import { createLogger } from '../logging/logger'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { createRandom } from '../testing/createRandom'
import { startTestServer } from '../testing/testServer'

/*
 * What reaches the Node server below the app: request targets, methods and sockets that the in-process
 * generator (`badRequests.test.ts`) cannot send. Every request the server can parse is answered with
 * `{ error, code }` and CORS; a sender too slow to finish loses its socket; a caller that hangs up
 * mid-body is an `info` line, never an `error` with a stack or a 500.
 */

const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
const logLines: { level: string; msg: string; error?: unknown }[] = []
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  server = await startTestServer({
    venues: [venue],
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(JSON.parse(line)) }),
    env: {
      ACCESS_TOKEN_SECRET: 'raw-requests-access-token-secret-0123456789',
      HOLDER_PASS_CONTRACT: '0x1111111111111111111111111111111111111111',
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_REQUEST_TIMEOUT_MS: '600',
    },
  })
})
afterAll(() => server.close())

type RawReply = { head: string; status: number; body: string; closed: boolean }

/**
 * Writes `parts` onto a fresh socket in order (a `null` part ends the write side instead of
 * sending more), and resolves what came back once the server closes the socket.
 */
function exchange(parts: (string | null)[], { hangUpAfterWrite = false } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error)
    })
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n')
      resolve({ head, status: Number(head.split(' ')[1] ?? 0), body, closed: true })
    })
    socket.on('connect', () => {
      for (const part of parts) {
        if (part === null) socket.end()
        else socket.write(part)
      }
      if (hangUpAfterWrite) setImmediate(() => socket.destroy())
    })
  })
}

const request = (line: string, headers: string[] = []) =>
  `${line}\r\n${['Host: 127.0.0.1', 'Connection: close', ...headers].join('\r\n')}\r\n\r\n`

function expectErrorBody(reply: RawReply, status: number): void {
  expect(reply.status).toBe(status)
  expect(reply.head.toLowerCase()).toContain('access-control-allow-origin: *')
  expect(ErrorBodySchema.safeParse(JSON.parse(reply.body)).success).toBe(true)
}

describe('every request the server can parse gets { error, code } with CORS', () => {
  it.each(['GET *', 'OPTIONS *', 'POST *', 'GET mailto:someone'])('%s', async (target) => {
    const reply = await exchange([request(`${target} HTTP/1.1`)])
    expectErrorBody(reply, 400)
    expect(JSON.parse(reply.body).code).toBe('BAD_REQUEST')
  })

  it('an absolute-form target is served as its path', async () => {
    const reply = await exchange([request('GET http://127.0.0.1/api/sdk/v1/chains HTTP/1.1')])
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body).chains.length).toBeGreaterThan(0)
  })

  it('a URL or headers over 16 kB get 431 saying what to shorten', async () => {
    for (const oversized of [
      request(`GET /api/sdk/v1/chains?x=${'a'.repeat(20_000)} HTTP/1.1`),
      request('GET /api/sdk/v1/chains HTTP/1.1', [`X-Padding: ${'a'.repeat(20_000)}`]),
    ]) {
      const reply = await exchange([oversized])
      expectErrorBody(reply, 431)
      expect(JSON.parse(reply.body).error).toMatch(/shorten the URL or send fewer headers/)
    }
  })

  it('CONNECT is answered, not dropped', async () => {
    const reply = await exchange([request('CONNECT 127.0.0.1:443 HTTP/1.1')])
    expectErrorBody(reply, 400)
    expect(JSON.parse(reply.body).error).toMatch(/CONNECT/)
  })

  it('unknown methods, known and unknown to Node, are answered', async () => {
    for (const method of ['FOO', 'PROPFIND', 'DELETE', 'PATCH', 'TRACE']) {
      const reply = await exchange([request(`${method} /api/sdk/v1/quote HTTP/1.1`)])
      expect(reply.status, method).toBeGreaterThanOrEqual(400)
      expect(reply.status, method).toBeLessThan(500)
      expectErrorBody(reply, reply.status)
    }
  })
})

describe('slow senders lose the socket', () => {
  it('a sender that never finishes its headers gets a 408 and a closed socket', async () => {
    const reply = await exchange(['GET /api/sdk/v1/chains HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '])
    expect(reply.closed).toBe(true)
    expectErrorBody(reply, 408)
  })

  it('a sender that never finishes its body gets a 408 and a closed socket', async () => {
    const reply = await exchange([
      request('POST /api/sdk/v1/access HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 400']),
      '{"address":"0x',
    ])
    expect(reply.closed).toBe(true)
    expectErrorBody(reply, 408)
  })

  it('a hundred half-sent requests are all cut while the server keeps answering', async () => {
    const slow = Array.from({ length: 100 }, () =>
      exchange(['GET /api/sdk/v1/chains HTTP/1.1\r\nHost: x\r\n']),
    )
    const meanwhile = await server.get('/chains')
    expect(meanwhile.status).toBe(200)
    const replies = await Promise.all(slow)
    expect(replies.every((reply) => reply.closed && reply.status === 408)).toBe(true)
  })
})

describe('a caller that hangs up mid-body', () => {
  it('is an info line without a stack, never an INTERNAL error', async () => {
    const before = logLines.length
    // Seeded variety: hang up after part of the headers' promised body, at several sizes.
    for (const sent of [0, 1, 11, 57]) {
      await exchange(
        [
          request('POST /api/sdk/v1/access HTTP/1.1', [
            'Content-Type: application/json',
            'Content-Length: 500',
          ]),
          '{"address":"0x1111111111111111111111111111111111111111","issued":"'.slice(0, sent),
        ],
        { hangUpAfterWrite: true },
      )
    }
    // The server's read of each body fails once its socket has closed, a moment after ours did.
    await expect
      .poll(() => logLines.slice(before).filter((line) => line.msg.includes('went away')).length)
      .toBe(4)
    const lines = logLines.slice(before)
    expect(lines.filter((line) => line.level === 'error')).toEqual([])
    expect(JSON.stringify(lines)).not.toContain('stack')
    expect((await server.get('/chains')).status).toBe(200)
  })
})

describe('seeded raw requests below the app', () => {
  const random = createRandom(0x5eed4)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

  const targets = [
    '*',
    '/api/sdk/v1/chains',
    '/api/sdk/v1/access',
    '/api/sdk/v1/quote?amount=1',
    'http://127.0.0.1/api/sdk/v1/tokens?chainId=1',
    'ftp://x/y',
    '127.0.0.1:443',
    '//',
    '/healthz',
  ]
  const methods = ['GET', 'OPTIONS', 'POST', 'CONNECT', 'FOO', 'PROPFIND', 'DELETE', 'TRACE', 'M-SEARCH']

  it('answers 200 seeded requests (odd targets, methods, hang-ups mid-body) with no 5xx and no error line', async () => {
    const before = logLines.length
    for (let index = 0; index < 200; index += 1) {
      const method = pick(methods)
      const target = pick(targets)
      const hangUp = method === 'POST' && random() < 0.5
      const body = '{"address":"0x1111111111111111111111111111111111111111"}'
      const reply = await exchange(
        hangUp
          ? [
              request(`${method} ${target} HTTP/1.1`, [
                'Content-Type: application/json',
                'Content-Length: 400',
              ]),
              body.slice(0, Math.floor(random() * body.length)),
            ]
          : [
              request(
                `${method} ${target} HTTP/1.1`,
                method === 'POST' ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : [],
              ),
              ...(method === 'POST' ? [body] : []),
            ],
        { hangUpAfterWrite: hangUp },
      )
      if (hangUp) continue
      const label = `${method} ${target}`
      expect(reply.status, label).toBeGreaterThanOrEqual(200)
      expect(reply.status, label).toBeLessThan(500)
      expect(reply.head.toLowerCase(), label).toContain('access-control-allow-origin: *')
      if (reply.status >= 400)
        expect(ErrorBodySchema.safeParse(JSON.parse(reply.body)).success, label).toBe(true)
    }
    expect((await server.get('/chains')).status).toBe(200)
    expect(logLines.slice(before).filter((line) => line.level === 'error')).toEqual([])
  })
})
