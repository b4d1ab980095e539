// Whether an uploaded image's bytes are all there, from its structure alone (no pixel is decoded):
// cheap enough for the API process, before the upload is stored.

const PNG_SIGNATURE_BYTES = 8
const SOI = 0xd8
const SOS = 0xda
/** Segments before the first scan are walked at most this many: a real file has a few dozen. */
const MAX_JPEG_SEGMENTS = 2_000

/** A sentence naming what is missing, or null when the image is whole. */
export function imageDamage (bytes: Uint8Array, kind: 'png' | 'jpeg'): string | null {
  const whole = kind === 'png' ? pngHasEnd(bytes) : jpegHasEnd(bytes)
  return whole ? null : `The ${kind.toUpperCase()} image is cut short (its end is missing): upload the whole file again.`
}

/** PNG chunks, walked by their lengths, reach IEND inside the file. */
function pngHasEnd (bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = PNG_SIGNATURE_BYTES
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!)
    const next = at + 12 + length
    if (next > bytes.length) return false
    if (type === 'IEND') return true
    at = next
  }
  return false
}

/**
 * The End Of Image marker follows the first scan. Entropy-coded data never holds FF D9 (an FF in it
 * is followed by 00 or a restart marker), so a last FF D9 past the scan's start is the end; an EOI
 * only inside the EXIF thumbnail is not.
 */
function jpegHasEnd (bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return false
  let at = 2
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS && at + 4 <= bytes.length; segments++) {
    if (bytes[at] !== 0xff) return false
    if (bytes[at + 1] === 0xff) { at++; continue }
    if (bytes[at + 1] === SOS) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(Buffer.from([0xff, 0xd9])) > at
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)
  }
  return false
}
