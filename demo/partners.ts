/**
 * The partner page at `/partners`: the theme toggle, the examples' base URL set to this server's, and
 * the report commands' quote log to this sandbox's (its `SANDBOX_DIR`).
 */
import { initThemeToggle } from './page/themeToggle'
import { readSandboxStart } from './page/readSandboxStart'

initThemeToggle()
for (const element of document.querySelectorAll('[data-origin]')) element.textContent = window.location.origin
const quoteLog = readSandboxStart()?.quoteLog
if (quoteLog)
  for (const element of document.querySelectorAll('[data-quote-log]')) element.textContent = quoteLog
