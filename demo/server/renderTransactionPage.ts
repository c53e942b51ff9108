import { html, raw } from 'hono/html'
import type { SandboxTransaction } from './readSandboxTransaction'

/** What the sandbox's transaction page shows: a mined transaction, or why there is none. */
export type TransactionPageContent =
  | { kind: 'found'; transaction: SandboxTransaction }
  | { kind: 'missing'; chainName: string; chainId: number; hash: string }

const styles = `
  :root { color-scheme: light dark; --bg: #f6f7fb; --surface: #fff; --text: #14161c; --muted: #525a6b;
    --border: #dde1ea; --accent: #1f4fd1; --ok: #1b6b3a; --ok-soft: #e3f4e9; --bad: #b3261e; --bad-soft: #fde8e6; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0d1017; --surface: #151922; --text: #eef0f4;
    --muted: #b0b7c5; --border: #272d3a; --accent: #8fb0ff; --ok: #8fd9a8; --ok-soft: #14281d;
    --bad: #ffb4ab; --bad-soft: #2e1512; } }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system,
    'Segoe UI', Roboto, Arial, sans-serif; }
  main { max-width: 860px; margin: 0 auto; padding: 32px 20px 48px; }
  a { color: var(--accent); }
  h1 { font-size: 1.5rem; margin: 8px 0 16px; }
  .card { background: var(--surface); border: 1px solid var(--border); border-radius: 14px; padding: 20px; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 8px 20px; margin: 0; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .status { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600; }
  .success { color: var(--ok); background: var(--ok-soft); }
  .reverted { color: var(--bad); background: var(--bad-soft); }
  h2 { font-size: 1.1rem; margin: 24px 0 8px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
  th { color: var(--muted); font-weight: 500; }
  td code { overflow-wrap: anywhere; }
  .note { color: var(--muted); }
  @media (max-width: 560px) { dl { grid-template-columns: minmax(0, 1fr); gap: 2px; } dd { margin-bottom: 8px; } }
`

/**
 * The sandbox's stand-in for a block explorer's transaction page (`/sandbox/tx/{chainId}/{hash}`):
 * status, block, sender, recipient, value, fee and the ERC-20 transfers, or a "not found" page
 * (for example after the sandbox restarted, which resets its chains). Every value is escaped.
 *
 * @example
 * c.html(renderTransactionPage({ kind: 'found', transaction }), 200)
 */
export function renderTransactionPage(content: TransactionPageContent) {
  const title =
    content.kind === 'found'
      ? `Transaction on ${content.transaction.chain.name} (sandbox)`
      : 'Transaction not found (sandbox)'
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>
          <a href="/">← Back to the demo</a>
          <h1>${title}</h1>
          ${content.kind === 'found' ? renderFound(content.transaction) : renderMissing(content)}
        </main>
      </body>
    </html>`
}

function renderFound(transaction: SandboxTransaction) {
  const { chain } = transaction
  return html`<section class="card" aria-label="Transaction">
    <dl>
      <dt>Status</dt>
      <dd>
        <span class="status ${transaction.status}" data-testid="tx-status"
          >${transaction.status === 'success' ? 'Success' : 'Reverted'}</span
        >
      </dd>
      <dt>Hash</dt>
      <dd><code data-testid="tx-hash">${transaction.hash}</code></dd>
      <dt>Chain</dt>
      <dd>${chain.name} (${chain.symbol}, chain id ${chain.chainId}), a local sandbox chain</dd>
      <dt>Block</dt>
      <dd>${transaction.blockNumber.toString()}</dd>
      <dt>From</dt>
      <dd><code>${transaction.from}</code></dd>
      <dt>To</dt>
      <dd><code>${transaction.to ?? '(contract creation)'}</code></dd>
      <dt>Value</dt>
      <dd>${transaction.value} ${chain.nativeSymbol}</dd>
      <dt>Gas used</dt>
      <dd>${transaction.gasUsed.toString()}</dd>
      <dt>Fee</dt>
      <dd>${transaction.fee} ${chain.nativeSymbol}</dd>
    </dl>
    <h2>Token transfers</h2>
    ${
      transaction.transfers.length === 0
        ? html`<p class="note">None.</p>`
        : html`<table data-testid="tx-transfers">
            <thead>
              <tr>
                <th>Token</th>
                <th>Amount</th>
                <th>From</th>
                <th>To</th>
              </tr>
            </thead>
            <tbody>
              ${transaction.transfers.map(
                (transfer) =>
                  html`<tr>
                    <td>${transfer.symbol ?? html`<code>${transfer.contract}</code>`}</td>
                    <td>${transfer.amount}${transfer.symbol ? '' : ' (base units)'}</td>
                    <td><code>${transfer.from}</code></td>
                    <td><code>${transfer.to}</code></td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
  </section>`
}

function renderMissing({ chainName, chainId, hash }: Extract<TransactionPageContent, { kind: 'missing' }>) {
  return html`<section class="card" aria-label="Transaction">
    <p>
      ${chainName} (chain id ${chainId}) in this sandbox has no mined transaction
      <code data-testid="tx-hash">${hash}</code>.
    </p>
    <p class="note">
      The sandbox's chains start empty each time <code>npm start</code> runs, so links from an earlier run
      lead nowhere.
    </p>
  </section>`
}
