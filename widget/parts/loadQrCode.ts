/**
 * A QR code of `text` (error correction level M) as a PNG data URL, at least `width` pixels wide
 * with whole pixels per module. `lean-qr`'s small build is loaded on first use, so pages that never
 * show a deposit route or a WalletConnect pairing never download it.
 */
export async function loadQrCode(text: string, width = 192): Promise<string> {
  const { correction, generate } = await import('lean-qr/nano')
  const modules = document.createElement('canvas')
  // One pixel per module, with a one-module white margin (the image sits on white).
  generate(text, { minCorrectionLevel: correction.M }).toCanvas(modules, {
    pad: 1,
    on: [0, 0, 0],
    off: [255, 255, 255],
  })
  const image = document.createElement('canvas')
  image.width = image.height = modules.width * Math.ceil(width / modules.width)
  const context = image.getContext('2d')!
  context.imageSmoothingEnabled = false
  context.drawImage(modules, 0, 0, image.width, image.height)
  return image.toDataURL('image/png')
}
