// The clinic's logo (issue 35, docs/decisions.md "Closed doors"): what ADMIN uploads is decoded by a real image
// decoder (sharp, libvips) and written anew as a PNG (or a WebP when the PNG would pass the byte cap), at most
// LOGO_MAX_SIDE pixels a side. Only PNG, JPEG and WebP are read: SVG, HTML, a polyglot or anything else that
// is not one of them is refused with a Portuguese sentence, and what is stored is only the decoded pixels.
import type { Metadata, default as Sharp } from 'sharp'
import { LOGO_MAX_BYTES, LOGO_MAX_INPUT_PIXELS, LOGO_MAX_SIDE, messages } from '@contract'
import { HttpError } from '../plugins/errors'

/** sharp (libvips) loads with the first logo, not at every start (docs/performance.md). */
let loaded: Promise<typeof Sharp> | undefined
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // one image at a time, no cache: a logo is saved rarely and the API's memory is shared with everything else
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}

const READABLE = new Set(['png', 'jpeg', 'webp'])

/** The logo as stored: a data URL of a PNG or WebP re-encoded from the upload's pixels; 400 otherwise. */
export async function reencodeLogo(dataUrl: string): Promise<string> {
  const sharp = await loadSharp()
  const input = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  const image = () =>
    sharp(input, { failOn: 'error', limitInputPixels: LOGO_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
  let metadata: Metadata
  try {
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: LOGO_MAX_INPUT_PIXELS }).metadata()
  } catch (error) {
    // libvips reads the dimensions from the header and stops there
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new HttpError(400, messages.logoTooManyPixels)
    throw new HttpError(400, messages.logoUnreadable)
  }
  // the header names the format found in the bytes, whatever the data URL said
  if (!metadata.format || !READABLE.has(metadata.format)) throw new HttpError(400, messages.logoUnreadable)
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > LOGO_MAX_INPUT_PIXELS)
    throw new HttpError(400, messages.logoTooManyPixels)
  try {
    const png = await image().png({ compressionLevel: 9, palette: true }).toBuffer()
    if (png.length <= LOGO_MAX_BYTES) return `data:image/png;base64,${png.toString('base64')}`
    const webp = await image().webp({ quality: 80 }).toBuffer()
    if (webp.length <= LOGO_MAX_BYTES) return `data:image/webp;base64,${webp.toString('base64')}`
  } catch {
    // a header that decodes and a body that does not
    throw new HttpError(400, messages.logoUnreadable)
  }
  throw new HttpError(400, messages.logoTooLarge)
}
