import { css } from 'lit'

/**
 * The element's styles. Hosts theme it through `--swap-quote-*` custom properties (accent,
 * accent-text, background, surface, text, muted, border, error, success, radius, font, focus) and
 * style its pieces with `::part()`.
 */
export const styles = css`
  :host {
    color-scheme: light dark;
    --_accent: var(--swap-quote-accent, light-dark(#1f4fd1, #8fb0ff));
    --_accent-text: var(--swap-quote-accent-text, light-dark(#ffffff, #0b1020));
    --_background: var(--swap-quote-background, light-dark(#ffffff, #14161b));
    --_surface: var(--swap-quote-surface, light-dark(#f3f5f9, #1f232b));
    --_text: var(--swap-quote-text, light-dark(#15171c, #eef0f4));
    --_muted: var(--swap-quote-muted, light-dark(#4f5563, #b4bac6));
    --_border: var(--swap-quote-border, light-dark(#878d99, #6e7585));
    --_error: var(--swap-quote-error, light-dark(#b3261e, #ffb4ab));
    --_success: var(--swap-quote-success, light-dark(#1b6b3a, #8fd9a8));
    --_focus: var(--swap-quote-focus, light-dark(#1f4fd1, #8fb0ff));
    --_radius: var(--swap-quote-radius, 12px);
    display: block;
    box-sizing: border-box;
    min-width: 0;
    max-width: 30rem;
    padding: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
    color: var(--_text);
    font: 400 15px/1.4 var(--swap-quote-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
    /* A token's own symbol can be 32 characters with no break in it: it wraps rather than widen the element. */
    overflow-wrap: anywhere;
  }
  :host([hidden]) {
    display: none;
  }
  /* :is() forgives a browser that has no :state() yet (Chrome 123 and 124, Firefox 120 to 125): in a plain
     selector list it would drop the whole rule, theme="dark" with it. */
  :host(:is([theme='light'], :state(light-background))) {
    color-scheme: light;
  }
  :host(:is([theme='dark'], :state(dark-background))) {
    color-scheme: dark;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  form {
    display: grid;
    gap: 0.75rem;
    margin: 0;
  }
  fieldset {
    display: grid;
    gap: 0.5rem;
    min-width: 0;
    margin: 0;
    padding: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
  }
  /*
   * The side's title sits inside its panel, not on the border: a legend cut into the border has its
   * tops clipped in Chromium when its glyphs come from a taller fallback font (Arabic), and panels
   * with the title inside are what users know from the big swap widgets. A floated legend is a grid
   * item like any other child of the fieldset.
   */
  legend {
    float: inline-start;
    justify-self: start;
    padding: 0;
    font-weight: 600;
  }
  /* The token sold and its amount side by side where they fit, one above the other where they do not. */
  .pair {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
    align-items: end;
    gap: 0.5rem;
  }
  .field {
    display: grid;
    gap: 0.2rem;
    min-width: 0;
    font-size: 0.85em;
    color: var(--_muted);
  }
  input,
  button {
    font: inherit;
    color: var(--_text);
    min-height: 2.5rem;
    min-width: 0;
    width: 100%;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_background);
  }
  ::placeholder {
    /* The browser's own grey is under 4.5:1 on the dark palette (Firefox also fades it). */
    color: var(--_muted);
    opacity: 1;
    /* Readable, and still not taken for a value typed: an empty recipient shows the wallet's address. */
    font-style: italic;
  }
  input[aria-invalid='true'] {
    border-color: var(--_error);
  }
  /* At least 16 px: a phone's browser (iOS Safari) zooms the page into a smaller field on focus. */
  input {
    font-size: max(16px, 1em);
  }
  button {
    cursor: pointer;
    font-weight: 600;
    border-color: transparent;
    background: var(--_accent);
    color: var(--_accent-text);
  }
  button.secondary {
    background: transparent;
    color: var(--_text);
    border-color: var(--_border);
    width: auto;
  }
  :is(button, input):disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .error-text,
  .problem {
    color: var(--_error);
  }
  /* Heard, not seen, nor in the way of a click: the quote's status line. */
  .sr {
    position: absolute;
    clip-path: inset(50%);
  }
  .error-text:empty {
    display: none;
  }
  /* The panels' titles (Settings, History). */
  h2 {
    margin: 0;
    font-size: 1em;
  }
  .hint {
    margin: 0;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .quote {
    min-height: 3rem;
    padding: 0.75rem;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
  }
  .summary {
    display: grid;
    gap: 0.3rem;
    margin: 0;
  }
  .summary div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.25rem 0.75rem;
  }
  dt {
    color: var(--_muted);
  }
  .warn dd {
    color: var(--_error);
  }
  dd {
    margin: 0;
  }
  .big {
    font-size: 1.25em;
    font-weight: 700;
  }
  .wallet,
  .token-button {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  a {
    color: var(--_accent);
  }
  p {
    margin: 0.25rem 0;
  }
  .bar {
    display: flex;
    justify-content: end;
    gap: 0.5rem;
    margin-bottom: 0.5rem;
  }
  /* 24 px at least, as every control a finger presses (WCAG 2.2, target size). */
  summary {
    min-height: 1.5rem;
    cursor: pointer;
    color: var(--_muted);
  }
  .logo {
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 50%;
    color: #fff;
    font-size: 0.6rem;
    line-height: 1.5rem;
  }
  /* Over the panels' edges, as the big swap widgets have it: the form stays short on a phone. */
  .flip {
    z-index: 1;
    margin: -1.25rem auto;
    background: var(--_background);
  }
  .link {
    border: 0;
    padding: 0;
    min-height: 1.5rem;
  }
`
