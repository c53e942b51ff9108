import { describe, expect, it } from 'vitest'
import { ConfigError, configSettings, loadConfig } from './config'
import { describeVenues } from './describeVenues'

describe('loadConfig', () => {
  it('applies defaults, treats empty strings as unset, and freezes the result', () => {
    const config = loadConfig({ PORT: '', REDIS_URL: '   ', QUOTE_DEADLINE_MS: '1500', UNRELATED: 'x' })
    expect(config.PORT).toBe(8787)
    expect(config.REDIS_URL).toBeUndefined()
    expect(config.QUOTE_DEADLINE_MS).toBe(1500)
    expect(config.COW_SERVICE_FEE_BPS).toBe(30)
    expect(config.LIFI_SERVICE_FEE_BPS).toBe(30)
    expect(Object.isFrozen(config)).toBe(true)
    expect(() => {
      ;(config as { PORT: number }).PORT = 1
    }).toThrow()
  })

  it('lists every bad setting by name at once', () => {
    const error = (() => {
      try {
        loadConfig({
          PORT: 'eighty',
          REDIS_URL: 'http://x',
          SERVICE_FEE_RECIPIENT: '0x12',
          ACCESS_TOKEN_SECRET: 'short',
        })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    const names = (error as ConfigError).issues.map((issue) => issue.split(':')[0])
    expect(names).toEqual(['PORT', 'REDIS_URL', 'SERVICE_FEE_RECIPIENT', 'ACCESS_TOKEN_SECRET'])
  })

  it('says what each bad setting must be in words, by its name alone and never with its value', () => {
    const issues = (() => {
      try {
        loadConfig({ PORT: 'eighty', QUOTE_DEADLINE_MS: '1', TRUSTED_PROXIES: 'not-an-ip' })
      } catch (caught) {
        return (caught as ConfigError).issues
      }
    })()
    expect(issues).toEqual([
      'PORT: must be a number',
      expect.stringMatching(/^TRUSTED_PROXIES: expected IPv4\/IPv6 addresses/),
      'QUOTE_DEADLINE_MS: must be at least 100',
    ])
    expect(issues!.join('\n')).not.toMatch(/eighty|not-an-ip|NaN/)
    // A bound the value may not reach is said as such; the schema's own words are kept.
    const issuesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env)
        return []
      } catch (caught) {
        return (caught as ConfigError).issues
      }
    }
    expect(issuesOf({ PORT: '80.5' })).toEqual(['PORT: must be a whole number'])
    expect(issuesOf({ DEFAULT_SLIPPAGE_PERCENT: '0' })).toEqual([
      'DEFAULT_SLIPPAGE_PERCENT: must be more than 0',
    ])
    expect(issuesOf({ HOLDER_PASS_CHAIN: 'NOPE' })).toEqual([
      'HOLDER_PASS_CHAIN: expected the symbol of an EVM chain in /chains',
    ])
    expect(issuesOf({ HOLDER_PASS_CHAIN: 'BTC' })).toHaveLength(1)
    expect(loadConfig({ HOLDER_PASS_CHAIN: 'ARB' }).HOLDER_PASS_CHAIN).toBe('ARB')
    expect(issuesOf({ ACCESS_TOKEN_SECRET: 'short' })).toEqual([
      'ACCESS_TOKEN_SECRET: must be at least 32 characters',
    ])
    // Fetch refuses a URL with credentials on every call: the venue could never be reached.
    expect(issuesOf({ ZEROX_BASE_URL: 'http://zuser:ZXPASSWORD@127.0.0.1:1/swap' })).toEqual([
      'ZEROX_BASE_URL: must not carry a user name or password (user:password@): venue calls refuse such a URL; put keys in the API key settings',
    ])
    expect(loadConfig({ COW_BASE_URL: 'https://api.cow.fi/mainnet?x=a@b' }).COW_BASE_URL).toContain('@b')
  })

  it('refuses an address whose mixed-case checksum is wrong, and takes it in lower case', () => {
    const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const mistyped = checksummed.replace('C51812', 'c51812')
    expect(loadConfig({ HOLDER_PASS_CONTRACT: checksummed }).HOLDER_PASS_CONTRACT).toBe(checksummed)
    expect(loadConfig({ HOLDER_PASS_CONTRACT: checksummed.toLowerCase() }).HOLDER_PASS_CONTRACT).toBe(
      checksummed.toLowerCase(),
    )
    expect(() => loadConfig({ HOLDER_PASS_CONTRACT: mistyped })).toThrow(/HOLDER_PASS_CONTRACT: .*checksum/)
  })

  it('refuses the zero address for an address that is paid: fees and grant payments there are burned', () => {
    const zero = `0x${'0'.repeat(40)}`
    for (const name of ['SERVICE_FEE_RECIPIENT', 'PARTNER_FEE_RECIPIENT', 'X402_PAY_TO']) {
      expect(() => loadConfig({ [name]: zero }), name).toThrow(new RegExp(`${name}: is the zero address`))
    }
    const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(loadConfig({ SERVICE_FEE_RECIPIENT: payee }).SERVICE_FEE_RECIPIENT).toBe(payee)
  })

  it('parses TRUSTED_PROXIES as a list', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ])
    expect(loadConfig({ TRUSTED_PROXIES: '2001:db8::/32' }).TRUSTED_PROXIES).toEqual(['2001:db8::/32'])
    // A typo would silently trust nothing (or everything): refused at start instead.
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 10.0.0.0/40' })).toThrow(/TRUSTED_PROXIES/)
  })

  it('exports every setting with a description and its default', () => {
    expect(configSettings.find((setting) => setting.name === 'PORT')).toMatchObject({ default: '8787' })
    expect(configSettings.find((setting) => setting.name === 'REDIS_URL')).not.toHaveProperty('default')
    expect(configSettings.every((setting) => setting.description.length > 0)).toBe(true)
  })
})

describe('describeVenues', () => {
  it('names what each disabled venue lacks and enables it once that is set', () => {
    const bare = describeVenues(loadConfig({}))
    expect(bare.find((venue) => venue.id === '0x')).toMatchObject({
      enabled: false,
      missing: ['ZEROX_API_KEY'],
    })
    expect(bare.find((venue) => venue.id === 'router')).toMatchObject({
      enabled: false,
      missing: ['RPC_URL_RHD', 'RHD_ROUTER_ADDRESS'],
    })
    const keyed = describeVenues(loadConfig({ ZEROX_API_KEY: 'k' }))
    expect(keyed.find((venue) => venue.id === '0x')).toMatchObject({ enabled: true, missing: [] })
  })
})
