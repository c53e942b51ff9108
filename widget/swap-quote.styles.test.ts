import { describe, expect, it } from 'vitest'
import { plainPalette } from './parts/plainPalette'
import { styles } from './swap-quote.styles'

/** The palette's custom properties set in a rule's body, by name. */
function palette(body: string): Record<string, string> {
  return Object.fromEntries(
    [...body.matchAll(/(--_[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
  )
}

describe('the element styles', () => {
  it('give a browser without light-dark() the same palette, its light and dark colours plain', () => {
    const css = styles.cssText
    const hostBody = css.slice(css.indexOf(':host {') + ':host {'.length, css.indexOf('}'))
    const themed = Object.entries(palette(hostBody)).filter(([, value]) => value.includes('light-dark('))
    expect(themed.length).toBeGreaterThanOrEqual(10)
    const plain = (which: '$1' | '$2') =>
      Object.fromEntries(
        themed.map(([name, value]) => [name, value.replace(/light-dark\(([^,]+),\s*([^)]+)\)/, which)]),
      )
    const rules = [...plainPalette.cssText.matchAll(/(:host[^{]*)\{([^}]*)\}/g)].slice(0, 2)
    expect(rules.map(([, selector, body]) => [selector!.trim(), palette(body!)])).toEqual([
      [':host', plain('$1')],
      [":host([theme='dark'])", plain('$2')],
    ])
  })
})
