/**
 * The user's colour scheme, which a page's own styles may follow with the background they set: the
 * element checks its background again when it changes. (Undefined where there is no `window`.)
 */
export const darkScheme: MediaQueryList | undefined = globalThis.matchMedia?.('(prefers-color-scheme: dark)')

/**
 * With `theme="auto"`, a host that set `--swap-quote-background` but not `--swap-quote-text` gets the
 * palette that reads on its background, whatever the user's colour scheme: the `light-background` or
 * `dark-background` custom state, which the styles map to the light or dark palette. Any other case
 * clears both, and the theme or `prefers-color-scheme` decides. Reads the host's computed background,
 * so a colour it cannot read (not `rgb()`, or not opaque, where the page shows through) changes nothing.
 */
export function followHostBackground({
  host,
  states,
  theme,
}: {
  host: HTMLElement
  states: CustomStateSet
  theme: string
}): void {
  const style = getComputedStyle(host)
  const set = (name: string) => style.getPropertyValue(name).trim() !== ''
  const [r = 0, g = 0, b, alpha = 1] = style.backgroundColor.match(/[\d.]+/g)?.map(Number) ?? []
  let light: boolean | undefined
  if (
    theme === 'auto' &&
    set('--swap-quote-background') &&
    !set('--swap-quote-text') &&
    b !== undefined &&
    alpha === 1
  ) {
    // WCAG 2 relative luminance; above 0.179 dark text has the higher contrast (the two are equal there).
    const linear = (channel: number) =>
      (channel /= 255) <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    light = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) > 0.179
  }
  try {
    states[light === true ? 'add' : 'delete']('light-background')
    states[light === false ? 'add' : 'delete']('dark-background')
  } catch {
    // Chrome before 125 takes only `--` names here and throws on these: the theme decides there.
  }
}
