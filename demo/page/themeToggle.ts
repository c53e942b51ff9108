/** The page theme: `auto` follows `prefers-color-scheme`. */
export type PageTheme = 'auto' | 'light' | 'dark'

const STORAGE_KEY = 'swap-quote-demo-theme'
const order: readonly PageTheme[] = ['auto', 'light', 'dark']
const labels: Record<PageTheme, string> = { auto: 'Auto', light: 'Light', dark: 'Dark' }

/**
 * Wires the `[data-theme-toggle]` button: it cycles auto → light → dark, pins the choice on
 * `<html data-theme>` and in `localStorage` (the inline script in each page's head applies it before
 * the first paint), and calls `onChange` with the effective theme, also when the system theme changes
 * while on auto. Returns a function that reads the effective theme.
 *
 * @example
 * const effectiveTheme = initThemeToggle({ onChange: (theme) => (widget.theme = theme) })
 */
export function initThemeToggle({
  onChange = () => undefined,
}: { onChange?: (theme: 'light' | 'dark') => void } = {}) {
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  const read = (): PageTheme => {
    const value = document.documentElement.dataset.theme
    return value === 'light' || value === 'dark' ? value : 'auto'
  }
  const effective = (): 'light' | 'dark' => {
    const theme = read()
    return theme === 'auto' ? (media.matches ? 'dark' : 'light') : theme
  }
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')]
  const show = () => {
    const theme = read()
    for (const button of buttons) {
      const label = button.querySelector('[data-theme-label]')
      if (label) label.textContent = labels[theme]
      else button.textContent = `Theme: ${labels[theme]}`
      button.setAttribute(
        'aria-label',
        // Starts with the words on the button (label in name): `Theme: Auto`, then what it means.
        theme === 'auto'
          ? `Theme: ${labels[theme]}, follows the system. Change theme`
          : `Theme: ${labels[theme]}. Change theme`,
      )
    }
  }
  const apply = (theme: PageTheme) => {
    if (theme === 'auto') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
    try {
      if (theme === 'auto') localStorage.removeItem(STORAGE_KEY)
      else localStorage.setItem(STORAGE_KEY, theme)
    } catch {
      // Storage may be off (private mode); the choice then lasts for this page only.
    }
    show()
    onChange(effective())
  }
  for (const button of buttons) {
    button.addEventListener('click', () => apply(order[(order.indexOf(read()) + 1) % order.length]!))
  }
  media.addEventListener('change', () => {
    if (read() === 'auto') onChange(effective())
  })
  show()
  return effective
}
