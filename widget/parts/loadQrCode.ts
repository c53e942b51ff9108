/**
 * A QR code of `text` as a data URL. The `qrcode` package is loaded on first use, so pages that
 * never show a deposit route never download it.
 */
export async function loadQrCode(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode')
  return toDataURL(text, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
}
