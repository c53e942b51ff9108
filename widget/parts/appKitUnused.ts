/**
 * Stands in for `@reown/appkit/core` in the widget's build. WalletConnect's provider imports AppKit
 * (its modal, several hundred KB with its own copy of lit) only for `showQrModal: true`; the widget
 * passes `false` and draws the pairing QR code itself, so this is never called.
 */
export function createAppKit(): never {
  throw new Error('<swap-quote> draws its own WalletConnect QR code; AppKit is not bundled')
}
