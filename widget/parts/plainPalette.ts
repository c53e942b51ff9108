import { css } from 'lit'

/**
 * The element's palette for a browser without CSS light-dark() (before Chrome 123, Firefox 120 and
 * Safari 17.5), which reads every colour of the element's styles as invalid and would show none: the
 * same colours plain, light unless theme="dark". A chunk loaded only by such a browser
 * (`swap-quote.ts`), so no other carries it in its first load.
 */
export const plainPalette = css`
  :host {
    --_accent: var(--swap-quote-accent, #1f4fd1);
    --_accent-text: var(--swap-quote-accent-text, #ffffff);
    --_background: var(--swap-quote-background, #ffffff);
    --_surface: var(--swap-quote-surface, #f3f5f9);
    --_text: var(--swap-quote-text, #15171c);
    --_muted: var(--swap-quote-muted, #4f5563);
    --_border: var(--swap-quote-border, #878d99);
    --_error: var(--swap-quote-error, #b3261e);
    --_success: var(--swap-quote-success, #1b6b3a);
    --_focus: var(--swap-quote-focus, #1f4fd1);
  }
  :host([theme='dark']) {
    --_accent: var(--swap-quote-accent, #8fb0ff);
    --_accent-text: var(--swap-quote-accent-text, #0b1020);
    --_background: var(--swap-quote-background, #14161b);
    --_surface: var(--swap-quote-surface, #1f232b);
    --_text: var(--swap-quote-text, #eef0f4);
    --_muted: var(--swap-quote-muted, #b4bac6);
    --_border: var(--swap-quote-border, #6e7585);
    --_error: var(--swap-quote-error, #ffb4ab);
    --_success: var(--swap-quote-success, #8fd9a8);
    --_focus: var(--swap-quote-focus, #8fb0ff);
  }
`
