import { describe, expect, it } from 'vitest'
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

  it('drops lines below the level', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) })
    logger.info('quiet')
    logger.error('loud')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['loud'])
  })
})
