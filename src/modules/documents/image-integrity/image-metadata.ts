import exifr from 'exifr'

/** What an image's metadata says about where it came from, from EXIF, XMP and PNG text chunks. */
export interface ImageMetadata {
  /** Every program named: EXIF Software and ProcessingSoftware, XMP CreatorTool and history agents, PNG Software. */
  programs: string[]
  /** A camera's own data: make or model, exposure, aperture or the moment of capture. */
  hasCameraData: boolean
  /** Free text a capture tool leaves: EXIF or XMP UserComment, PNG Comment, Title, Description. */
  comments: string[]
}

type Block = Record<string, unknown>

/**
 * Reads an image's metadata with exifr (never by hand: the format is hostile ground). A file whose
 * metadata cannot be parsed has none as far as the signals are concerned.
 */
export async function readImageMetadata (bytes: Uint8Array): Promise<ImageMetadata> {
  let parsed: Record<string, Block | undefined> | undefined
  try {
    parsed = await exifr.parse(Buffer.from(bytes), {
      tiff: true, exif: true, xmp: true, ihdr: true, userComment: true,
      gps: false, icc: false, iptc: false, jfif: false, interop: false, makerNote: false, ifd1: false,
      mergeOutput: false, translateValues: false, reviveValues: false,
    }) as Record<string, Block | undefined> | undefined
  } catch {
    parsed = undefined
  }
  const ifd0 = parsed?.ifd0 ?? {}
  const exif = parsed?.exif ?? {}
  const png = parsed?.ihdr ?? {}
  const xmpBlocks = Object.entries(parsed ?? {}).filter(([name]) => !['ifd0', 'exif', 'ihdr'].includes(name)).map(([, block]) => block ?? {})
  const programs = [
    ifd0.Software, ifd0.ProcessingSoftware, png.Software,
    ...xmpBlocks.flatMap((block) => [block.CreatorTool, ...historyAgents(block.History)]),
  ]
  const comments = [exif.UserComment, png.Comment, png.comment, png.Title, png.Description, ...xmpBlocks.map((block) => block.UserComment)]
  return {
    programs: texts(programs),
    hasCameraData: [ifd0.Make, ifd0.Model, exif.ExposureTime, exif.FNumber, exif.DateTimeOriginal].some((value) => value !== undefined && value !== ''),
    comments: texts(comments),
  }
}

/** XMP's editing history: one event or a list, each naming its softwareAgent. */
function historyAgents (history: unknown): unknown[] {
  const events = Array.isArray(history) ? history : [history]
  return events.map((event) => (event && typeof event === 'object' ? (event as Block).softwareAgent : undefined))
}

/** Plain strings from metadata values, which may be text, bytes or XMP's {lang, value}. */
function texts (values: unknown[]): string[] {
  return values.flatMap((value): string[] => {
    if (typeof value === 'string') return [value]
    if (value instanceof Uint8Array) return [Buffer.from(value).toString('latin1').replace(/\0/g, ' ')]
    if (value && typeof value === 'object' && typeof (value as Block).value === 'string') return [(value as Block).value as string]
    return []
  }).map((text) => text.trim()).filter((text) => text.length > 0).map((text) => text.slice(0, 200))
}
