import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { formatNumber } from './formatNumber'
import { isSlippagePercent } from './isSlippagePercent'
import type { PanelHost } from './loadPanel'
import { saveSlippage } from './saveSlippage'
import type { Translate } from './translate'

export type SettingsProps = {
  /** The user's own slippage on this site (percent), or `undefined` for auto. */
  custom: string | undefined
  /** The host's `slippage` attribute: what auto means on this page, when set. */
  hostDefault: string | undefined
  /** Re-renders the element (what is being typed is kept here between renders). */
  host: { requestUpdate(): void }
  /** The slippage now in force changed: `undefined` is auto. */
  onChange: (value: string | undefined) => void
  /** The element's locale: percentages and decimals are written its way (`0,5 %` in German). */
  locale: string
  t: Translate
}

/** Below this percent a swap may fail as the price moves; at or above the other, it may fill far worse. */
export const LOW_SLIPPAGE_PERCENT = 0.05
export const HIGH_SLIPPAGE_PERCENT = 5

/** The settings panel of `host`: its slippage choice, applied to the element's next quote. */
export function renderPanel(host: PanelHost): TemplateResult {
  return renderSettings({
    custom: host._slippage,
    hostDefault: host.slippage,
    host,
    // Typed: quoted once the typing pauses, as an amount is, not at each key.
    onChange: (value) => {
      host.quotes.typed()
      host._slippage = value
    },
    locale: host.locale,
    t: host.t,
  })
}

/** What is typed but not (yet) a slippage, per element: shown with its problem until corrected. */
const drafts = new WeakMap<object, string>()
/** Elements whose field was left with its draft (a `change`): the draft is refused now, even "0". */
const left = new WeakSet<object>()

/**
 * The settings panel (its chunk loads when the gear is first pressed): the maximum slippage, auto (the
 * host's `slippage`, else each venue's own floor) or custom. A custom value is checked against the
 * contract's range (above 0, at most 50 percent) as it is typed, applied and kept for the site only
 * when valid (while it is not, auto applies), and warned about when very low (the swap may fail) or
 * high (it may fill much worse).
 */
export function renderSettings({
  custom,
  hostDefault,
  host,
  onChange,
  locale,
  t,
}: SettingsProps): TemplateResult {
  // Kept as typed (a decimal comma stays a comma); read with either mark. Written with the page's
  // mark, digit for digit (the field reads Latin digits only, so a locale's own digits are not used).
  const draft = drafts.get(host)
  const decimal = (value: string) =>
    formatNumber({ value: 0.5, locale }).includes(',') ? value.replace('.', ',') : value
  const percent = (value: string) =>
    isSlippagePercent(value)
      ? formatNumber({ value: Number(value) / 100, style: 'percent', locale })
      : `${value}%`
  const typed = draft ?? (custom === undefined ? '' : decimal(custom))
  // A number still being typed ("3,", or "0" on its way to "0.3") is refused only once the field is left:
  // an alert on the first key of nearly every value would cut a screen reader off mid-typing.
  const problem =
    draft && (left.has(host) || !/^[0.,]*$|[.,]$/.test(draft)) && !isSlippagePercent(draft.replace(',', '.'))
      ? t('Enter a slippage above 0% and at most 50%, for example {example}.', { example: decimal('0.5') })
      : undefined
  // Judged on what is typed while it reads as a number, so "5." on its way to "5.5" keeps the alert
  // "5" raised, rather than dropping it and raising it again (a screen reader heard it twice).
  const value = Number(draft?.replace(',', '.') ?? custom)
  const warning = !isSlippagePercent(String(value))
    ? undefined
    : value < LOW_SLIPPAGE_PERCENT
      ? t('Very low: the swap may fail if the price moves at all before it settles.')
      : value >= HIGH_SLIPPAGE_PERCENT
        ? t('High: the swap may fill at a much worse price, and bots may take the difference.')
        : undefined
  const choose = (next: string | undefined) => {
    if (!saveSlippage(next)) return
    onChange(next)
  }
  const onInput = (event: Event) => {
    const text = (event.target as HTMLInputElement).value.trim()
    drafts.set(host, text)
    left.delete(host)
    // What is typed is in force only when valid: otherwise auto is, never the value typed before (a
    // refused "60" must not leave an earlier 50% applied behind its error message).
    const value = text.replace(',', '.')
    choose(isSlippagePercent(value) ? value : undefined)
    host.requestUpdate()
  }
  const auto = () => {
    drafts.delete(host)
    choose(undefined)
    host.requestUpdate()
  }
  return html`
    <style>
      .settings {
        display: grid;
        gap: 0.5rem;
        margin-bottom: 0.75rem;
      }
      .settings .choice {
        display: flex;
        gap: 0.5rem;
        align-items: center;
      }
      .settings .choice input {
        width: 6rem;
      }
      .settings button[aria-pressed='true'] {
        background: var(--_accent);
        color: var(--_accent-text);
        /* What marks it in forced colours, which drop the fill. */
        outline: 1px solid;
        outline-offset: -4px;
      }
    </style>
    <section part="settings" class="settings" aria-labelledby="settings-title" data-testid="settings">
      <h2 id="settings-title" tabindex="-1">${t('Settings')}</h2>
      <fieldset>
        <legend>${t('Maximum slippage')}</legend>
        <div class="choice">
          <button
            type="button"
            class="secondary"
            part="slippage-auto"
            aria-pressed=${custom === undefined && !problem ? 'true' : 'false'}
            @click=${auto}
          >
            ${t('Auto')}
          </button>
          <label class="field">
            <span>${t('Custom, percent')}</span>
            <input
              part="slippage-input"
              name="slippage"
              inputmode="decimal"
              autocomplete="off"
              placeholder=${decimal(isSlippagePercent(hostDefault ?? '') ? hostDefault! : '0.5')}
              .value=${typed}
              aria-invalid=${problem ? 'true' : 'false'}
              aria-describedby="slippage-problem slippage-warning slippage-note"
              @input=${onInput}
              @change=${() => {
                left.add(host)
                host.requestUpdate()
              }}
            />
          </label>
        </div>
        <p
          id="slippage-problem"
          class="error-text"
          role=${problem ? 'alert' : nothing}
          data-testid="slippage-problem"
        >
          ${problem ?? ''}
        </p>
        ${
          warning
            ? // An alert: a screen reader hears the risk as it appears while typing, not only with the field.
              html`<p id="slippage-warning" class="problem" role="alert" data-testid="slippage-warning">
                ${warning}
              </p>`
            : nothing
        }
        <p id="slippage-note" class="hint" data-testid="slippage-note">
          ${
            custom !== undefined
              ? t(
                  'You receive at least the quote less {percent}, or the swap does not go through. Kept for this site.',
                  { percent: percent(custom) },
                )
              : hostDefault
                ? t('Auto: {percent}, as this site sets it.', { percent: percent(hostDefault) })
                : t('Auto: each venue’s own default (0.5% to 3%).')
          }
        </p>
      </fieldset>
    </section>
  `
}
