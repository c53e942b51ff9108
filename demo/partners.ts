/**
 * The partner page at `/partners`: the theme toggle, the examples' base URL set to this server's, and
 * the report commands' quote log to this sandbox's (its `SANDBOX_DIR`).
 */
import { initThemeToggle } from './page/themeToggle'
import { SANDBOX_START_ID, type SandboxStart } from './server/renderSandboxStart'

initThemeToggle()
for (const element of document.querySelectorAll('[data-origin]')) element.textContent = window.location.origin
const start = JSON.parse(
  document.getElementById(SANDBOX_START_ID)?.textContent || '{}',
) as Partial<SandboxStart>
if (start.quoteLog)
  for (const element of document.querySelectorAll('[data-quote-log]')) element.textContent = start.quoteLog
