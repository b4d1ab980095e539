import type { RiskSignal } from '../analysis/analysis-types.ts'
import type { ImageMetadata } from './image-metadata.ts'

/** What screen-capture tools write: iOS and macOS put "Screenshot" in UserComment, Linux and Windows tools their name in Software. */
const CAPTURE_TOOL = /screenshot|screen ?shot|screen ?capture|snipping ?tool|snip & sketch|gnome-screenshot|spectacle|flameshot|greenshot|sharex|lightshot|scrot|screenshooter/i

/**
 * Screens' pixel sizes (width × height in portrait; landscape counts too): phones from 720p to
 * 1440p (iPhone, Pixel, Galaxy), tablets and the common desktop and laptop panels. A camera never
 * writes these exact sizes; a scan of a page is shaped like the page.
 */
const SCREEN_SIZES: readonly [number, number][] = [
  [720, 1280], [720, 1520], [720, 1600], [750, 1334], [828, 1792], [1080, 1920], [1080, 2160], [1080, 2280],
  [1080, 2340], [1080, 2400], [1080, 2408], [1125, 2436], [1170, 2532], [1179, 2556], [1206, 2622], [1242, 2208],
  [1242, 2688], [1260, 2736], [1284, 2778], [1290, 2796], [1320, 2868], [1344, 2992], [1440, 2560], [1440, 2960],
  [1440, 3040], [1440, 3088], [1440, 3120], [1440, 3200], [1536, 2048], [1620, 2160], [1640, 2360], [1668, 2224],
  [1668, 2388], [2048, 2732], [768, 1366], [900, 1440], [900, 1600], [864, 1536], [768, 1024], [800, 1280],
  [1050, 1680], [1200, 1920], [1600, 2560], [1800, 2880], [1964, 3024], [2234, 3456],
  [2160, 3840], [1600, 2880],
]

export function isScreenSized (width: number, height: number): boolean {
  const [short, long] = width < height ? [width, height] : [height, width]
  return SCREEN_SIZES.some(([w, h]) => w === short && h === long)
}

export function screenshotSignals (metadata: ImageMetadata, size: { width: number, height: number }, where = ''): RiskSignal[] {
  const said = [...metadata.comments, ...metadata.programs].find((text) => CAPTURE_TOOL.test(text))
  const why = said !== undefined
    ? `its metadata says "${said}"`
    : !metadata.hasCameraData && isScreenSized(size.width, size.height)
        ? `it is exactly a screen's size (${size.width} × ${size.height} pixels) and carries no camera data`
        : undefined
  if (why === undefined) return []
  return [{
    code: 'screenshot',
    severity: 'medium',
    message: `The image${where} looks like a screenshot (${why}), not a photo or scan of the document itself: ask for the document photographed or scanned.`,
  }]
}
