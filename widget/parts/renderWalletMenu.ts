import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { Translate } from './translate'

/** One wallet the menu offers. */
export type WalletMenuOption = { id: string; name: string; icon?: string | undefined; installed?: boolean }

export type WalletMenuProps = {
  options: WalletMenuOption[]
  /** Whether the page announced any browser wallet (EIP-6963). */
  browserWalletFound: boolean
  /** The option being connected, while its wallet asks the user. */
  pending: WalletMenuOption | undefined
  /** A WalletConnect pairing to scan, once its URI is known (the QR code follows). */
  pairing: { uri: string; qr: string | undefined } | undefined
  onChoose: (option: WalletMenuOption) => void
  onCancel: () => void
  t: Translate
}

/*
 * The menu's own styles travel with it (this chunk), not in the element's first-load styles; they
 * use the element's palette (`--_*`, set from the `--swap-quote-*` properties).
 */
const styles = html`<style>
  .wallet-menu {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius, 0.75rem);
    background: var(--_surface);
  }
  .wallet-menu ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.375rem;
  }
  .wallet-menu li button {
    width: 100%;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    justify-content: flex-start;
  }
  .wallet-menu img.icon {
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 0.25rem;
  }
  .wallet-menu .qr {
    justify-self: center;
    width: 12rem;
    height: 12rem;
    background: #fff;
    border-radius: 0.5rem;
    image-rendering: pixelated;
  }
  .wallet-menu h3 {
    margin: 0;
    font-size: 1em;
  }
</style>`

/**
 * The wallet menu: browser wallets first (under "Detected in this browser", with their icons), then the other ways
 * to connect; while WalletConnect pairs, its QR code with a link to copy or open in a wallet app.
 * Escape or Cancel closes it.
 */
export function renderWalletMenu(props: WalletMenuProps): TemplateResult {
  const { pending, pairing, t } = props
  return html`${styles}
    <div
      class="wallet-menu"
      part="wallet-menu"
      role="group"
      aria-labelledby="wallet-menu-title"
      data-testid="wallet-menu"
      @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && props.onCancel()}
    >
      <h3 id="wallet-menu-title">${t('Connect a wallet')}</h3>
      ${pairing ? renderPairing(pairing, t) : renderOptions(props)}
      ${
        pending && !pairing
          ? html`<p class="hint" role="status" data-testid="wallet-pending">
              ${t('Confirm in {wallet}…', { wallet: pending.name })}
            </p>`
          : nothing
      }
      <button type="button" class="secondary" part="wallet-menu-cancel" @click=${props.onCancel}>
        ${t('Cancel')}
      </button>
    </div>`
}

function renderOptions({
  options,
  browserWalletFound,
  pending,
  onChoose,
  t,
}: WalletMenuProps): TemplateResult {
  const list = (shown: WalletMenuOption[], label: string) =>
    shown.length === 0
      ? nothing
      : html`<p class="hint">${label}</p>
          <ul aria-label=${label}>
            ${shown.map(
              (option) =>
                html`<li>
                  <button
                    type="button"
                    class="secondary"
                    part="wallet-option"
                    data-wallet=${option.id}
                    ?disabled=${pending !== undefined}
                    @click=${() => onChoose(option)}
                  >
                    ${option.icon ? html`<img class="icon" src=${option.icon} alt="" />` : nothing}
                    ${option.name}
                  </button>
                </li>`,
            )}
          </ul>`
  return html`${list(
    options.filter((option) => option.installed),
    t('Detected in this browser'),
  )}
  ${browserWalletFound ? nothing : html`<p class="hint">${t('No browser wallet was found on this page.')}</p>`}
  ${list(
    options.filter((option) => !option.installed),
    browserWalletFound ? t('Other wallets') : t('Connect another way'),
  )}`
}

function renderPairing(pairing: { uri: string; qr: string | undefined }, t: Translate): TemplateResult {
  return html`<p class="hint" role="status">
      ${t("Scan with your phone's wallet app, or open the link in a wallet.")}
    </p>
    ${
      pairing.qr
        ? html`<img class="qr" part="walletconnect-qr" src=${pairing.qr} alt=${t('WalletConnect QR code')} />`
        : nothing
    }
    <a href=${pairing.uri} part="walletconnect-link">${t('Open in a wallet app')}</a>
    <button
      type="button"
      class="secondary"
      @click=${() => navigator.clipboard?.writeText(pairing.uri).catch(() => undefined)}
    >
      ${t('Copy link')}
    </button>`
}
