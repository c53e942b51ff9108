import { correction, generate } from 'lean-qr/nano'
import { assert, assertEqual, describe, it, waitUntil } from '../test/harness'
import { loadQrCode } from './loadQrCode'

/** The image's pixels, opaque black or white, one boolean (dark) per pixel, row by row. */
async function readPixels(url: string): Promise<{ side: number; dark: boolean[] }> {
  const image = new Image()
  image.src = url
  // Not `image.decode()`: it never settles in a page Chromium keeps in the background.
  await waitUntil(() => image.complete && image.naturalWidth > 0, 'the QR code image loads', 15_000)
  assertEqual(image.naturalHeight, image.naturalWidth, 'a square image')
  const side = image.naturalWidth
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = side
  const context = canvas.getContext('2d')!
  context.drawImage(image, 0, 0)
  const { data } = context.getImageData(0, 0, side, side)
  const dark: boolean[] = []
  for (let index = 0; index < data.length; index += 4) {
    const [red, green, blue, alpha] = [data[index]!, data[index + 1]!, data[index + 2]!, data[index + 3]!]
    assert(alpha === 255, `pixel ${index / 4} is not opaque`)
    assert(
      (red === 0 && green === 0 && blue === 0) || (red === 255 && green === 255 && blue === 255),
      `pixel ${index / 4} is neither black nor white: ${red},${green},${blue}`,
    )
    dark.push(red === 0)
  }
  return { side, dark }
}

describe('loadQrCode', () => {
  it('draws the level-M code of the text at least as wide as asked, each module a whole square, on white with a one-module margin', async () => {
    const text =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
    const url = await loadQrCode(text, 240)
    assert(url.startsWith('data:image/png;base64,'), `a PNG data URL: ${url.slice(0, 30)}`)
    const { side, dark } = await readPixels(url)
    const code = generate(text, { minCorrectionLevel: correction.M })
    const modules = code.size + 2
    assert(side >= 240, `at least 240 px wide, got ${side}`)
    assertEqual(side % modules, 0, `whole pixels per module (${side} px for ${modules} modules)`)
    const scale = side / modules
    const wrong: string[] = []
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const expected = code.get(Math.floor(x / scale) - 1, Math.floor(y / scale) - 1)
        if (dark[y * side + x] !== expected && wrong.length < 5) wrong.push(`(${x}, ${y})`)
      }
    }
    assertEqual(wrong, [], 'pixels that differ from the code')
  })

  it('draws a deposit code at the default width', async () => {
    const url = await loadQrCode('bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.01234567')
    const { side } = await readPixels(url)
    assert(side >= 192 && side < 192 + 39, `about 192 px wide, got ${side}`)
  })
})
