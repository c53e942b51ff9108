import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { getLoggedSecrets } from './getLoggedSecrets'
import { createLogger } from './logger'

describe('logger', () => {
  it('never prints access tokens, API keys or signatures', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) })
    logger.info('request https://x/api?apiKey=K123&signature=0xdeadbeef&amount=1 Bearer sqg1.abc.def', {
      headers: {
        'X-Service-Access': 'sqg1.aaa.bbb',
        authorization: 'Bearer sqg1.ccc.ddd',
        'content-type': 'json',
      },
      nested: { ZEROX_API_KEY: 'zk', url: '/access?address=0x1&signature=0xfeed' },
      error: new Error('failed with token=abc'),
    })
    const output = lines.join('\n')
    for (const secret of [
      'K123',
      'deadbeef',
      'sqg1.aaa',
      'sqg1.ccc',
      'sqg1.abc',
      'zk"',
      '0xfeed',
      'token=abc',
    ]) {
      expect(output).not.toContain(secret)
    }
    expect(output).toContain('amount=1')
    expect(output).toContain('"content-type":"json"')
  })

  it('never prints a configured RPC URL or the key in its path, even inside an error message', () => {
    const config = loadConfig({
      RPC_URL_ETH: 'https://eth-mainnet.example/v2/SomeSecretKey',
      RPC_URL_BASE: 'https://rpc.example/?apikey=base-key&x=1',
      RPC_URL_RHD: 'https://user:pa%24%24word@rhd.example/rpc',
      ZEROX_API_KEY: 'zerox-key-123',
    })
    const lines: string[] = []
    const logger = createLogger({ write: (line) => lines.push(line), secrets: getLoggedSecrets(config) })
    logger.warn('upstream error', {
      cause: new Error('HTTP request failed.\nURL: https://eth-mainnet.example/v2/SomeSecretKey'),
      note: 'POST /v2/SomeSecretKey failed with zerox-key-123',
      rhd: 'https://user:pa$$word@rhd.example/rpc',
    })
    const output = lines.join('\n')
    for (const secret of ['SomeSecretKey', 'base-key', 'pa$$word', 'pa%24%24word', 'zerox-key-123']) {
      expect(output).not.toContain(secret)
    }
    expect(output).toContain('HTTP request failed.')
  })

  it('hides key-shaped path segments and passwords of any URL, keeping addresses and plain paths', () => {
    const lines: string[] = []
    const logger = createLogger({ write: (line) => lines.push(line) })
    const urls = [
      'https://eth-mainnet.g.alchemy.com/v2/abcDEF1234567890ghijKLMN',
      'https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef',
      'https://admin:hunter2@db.example/x',
      'https://li.quest/v1/quote/toAmount',
      'https://x.example/token/0x1111111111111111111111111111111111111111',
    ]
    logger.warn(`urls ${urls.join(' ')}`)
    const { msg } = JSON.parse(lines[0] ?? '{}') as { msg: string }
    for (const secret of ['abcDEF1234567890ghijKLMN', '0123456789abcdef0123456789abcdef', 'hunter2']) {
      expect(msg).not.toContain(secret)
    }
    expect(msg).toContain('https://eth-mainnet.g.alchemy.com/v2/[redacted]')
    expect(msg).toContain('https://li.quest/v1/quote/toAmount')
    expect(msg).toContain('/token/0x1111111111111111111111111111111111111111')
  })

  it('drops lines below the level', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) })
    logger.info('quiet')
    logger.error('loud')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['loud'])
  })
})
