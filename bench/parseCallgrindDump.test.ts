import { describe, expect, it } from 'vitest'
import { instructionsByKind } from './instructionsByKind'
import { parseCallgrindDump } from './parseCallgrindDump'

describe('parseCallgrindDump', () => {
  it('adds up self instructions per function, names given once and then by id, a call’s inclusive cost left out', () => {
    const dump = parseCallgrindDump(
      [
        'version: 1',
        'events: Ir',
        'ob=(1) /usr/bin/node',
        'fn=(1) v8::internal::JsonParser<unsigned char>::ParseJsonValue()',
        '0 100',
        'cfn=(2) Builtins_LoadIC',
        'calls=3 0',
        '0 9000',
        '+2 20',
        'fn=(2)',
        '0 30',
        'ob=(2) ???',
        'fn=(3) 0x000000000d233940',
        '* 7',
        'fn=(1)',
        '0 5',
        'totals: 162',
      ].join('\n'),
    )
    expect(dump.total).toBe(162)
    expect(Object.fromEntries(dump.byFunction)).toEqual({
      'v8::internal::JsonParser<unsigned char>::ParseJsonValue() [node]': 120,
      'Builtins_LoadIC [node]': 30,
      '0x000000000d233940 [???]': 7,
      'v8::internal::JsonParser<unsigned char>::ParseJsonValue() [???]': 5,
    })
    const kinds = instructionsByKind(dump)
    expect(kinds.jsonParse).toBe(125)
    expect(kinds.propertyLookups).toBe(30)
    expect(kinds.javascript).toBe(7)
  })
})
