/**
 * A QR code of `text` as a data URL. The `qrcode` package is loaded on first use, so pages that
 * never show a deposit route never download it.
 */
export async function loadQrCode(text: string, width = 192): Promise<string> {
  const module = await import('qrcode')
  // `qrcode` is CommonJS: bundlers expose it as the default export, some also as named exports.
  const qrcode = ((module as unknown as { default?: typeof module }).default ?? module) as typeof module
  return qrcode.toDataURL(text, { margin: 1, width, errorCorrectionLevel: 'M' })
}
