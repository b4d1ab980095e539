// Apart from viz-image-tasks.ts, which loads the canvas binding on import: the API process needs only these.

/** The sandbox task module holding the printed zone's image task: the sandbox pool that parses uploads loads it. */
export const VIZ_IMAGE_TASK_MODULE = new URL('./viz-image-tasks.ts', import.meta.url)

export const VIZ_IMAGE_TASKS = { printedPage: 'kyc.printedZonePage' } as const

/** How the page stands: the clockwise quarter turns and tilt that make the MRZ (and so the page) upright. */
export interface PageTurn { rotation: 0 | 90 | 180 | 270, tiltDeg: number }

/** A part of the upright page, in fractions of its width and height (0..1), and how wide to draw that part in pixels. */
export interface PageCrop { x0: number, y0: number, x1: number, y1: number, width: number }
