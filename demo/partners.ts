/** The partner page at `/partners`: the theme toggle, and the examples' base URL set to this server's. */
import { initThemeToggle } from './page/themeToggle'

initThemeToggle()
for (const element of document.querySelectorAll('[data-origin]')) element.textContent = window.location.origin
