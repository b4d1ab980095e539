import type { RiskSignal, SignalSeverity } from '../analysis/analysis-types.ts'
import type { ImageMetadata } from './image-metadata.ts'

/**
 * Programs that change what a picture shows, by the name they write into EXIF Software, XMP
 * CreatorTool or XMP history (docs/image-integrity.md lists them). Converters and viewers
 * (ImageMagick, libvips, Preview, a phone's own camera app) are left out: they re-save, not retouch.
 */
export const EDITING_PROGRAMS: readonly { name: string, pattern: RegExp }[] = [
  { name: 'Adobe Photoshop', pattern: /photoshop/i },
  { name: 'Adobe Lightroom', pattern: /lightroom/i },
  { name: 'Adobe Express', pattern: /adobe express/i },
  { name: 'GIMP', pattern: /\bgimp\b/i },
  { name: 'Snapseed', pattern: /snapseed/i },
  { name: 'Canva', pattern: /\bcanva\b/i },
  { name: 'Pixelmator', pattern: /pixelmator/i },
  { name: 'Affinity Photo', pattern: /affinity/i },
  { name: 'PicsArt', pattern: /picsart/i },
  { name: 'Fotor', pattern: /\bfotor\b/i },
  { name: 'Paint.NET', pattern: /paint\.net/i },
  { name: 'PaintShop Pro', pattern: /paint ?shop/i },
  { name: 'Corel PHOTO-PAINT', pattern: /corel/i },
  { name: 'Photopea', pattern: /photopea/i },
  { name: 'PhotoScape', pattern: /photoscape/i },
  { name: 'Krita', pattern: /\bkrita\b/i },
  { name: 'Inkscape', pattern: /inkscape/i },
  { name: 'Luminar', pattern: /luminar/i },
  { name: 'Facetune', pattern: /facetune/i },
  { name: 'Meitu', pattern: /\bmeitu\b/i },
  { name: 'Polarr', pattern: /polarr/i },
  { name: 'PhotoDirector', pattern: /photodirector/i },
  { name: 'Microsoft Paint', pattern: /\bms ?paint\b|microsoft paint/i },
]

/** Editing severity: a retouched identity document is a forgery's mark; a statement image, one to look at. */
export const EDITED_SEVERITY: Record<'identity' | 'statement', SignalSeverity> = { identity: 'high', statement: 'medium' }

/** `where` names the image inside a PDF (" on page 2"); an uploaded image is just "the image". */
export function editingProgramSignals (metadata: ImageMetadata, purpose: 'identity' | 'statement', where = ''): RiskSignal[] {
  const named = metadata.programs.find((program) => EDITING_PROGRAMS.some(({ pattern }) => pattern.test(program)))
  if (named === undefined) return []
  const program = EDITING_PROGRAMS.find(({ pattern }) => pattern.test(named))!.name
  return [{
    code: 'image_edited',
    severity: EDITED_SEVERITY[purpose],
    message: `The image${where} was saved by an editing program (${program}: "${named}"): its content may have been changed; ask for an original photo or scan.`,
  }]
}
