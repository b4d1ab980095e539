// KYC's tasks for a sandbox process (infra/sandbox), loaded beside the documents module's: an
// identity document's photo is untrusted bytes, decoded and drawn where a memory cap and a time
// budget hold.
import type { TaskTable } from '../../../infra/sandbox/sandbox-protocol.ts'
import { MRZ_IMAGE_TASKS, type PreparedMrzLines } from './mrz-image-task-names.ts'
import { prepareMrzLines } from './mrz-line-images.ts'

export const tasks = {
  [MRZ_IMAGE_TASKS.prepareLines]: async ({ image, flip, forTesseract }: { image: Uint8Array, flip?: boolean, forTesseract?: boolean }): Promise<PreparedMrzLines> => {
    // The band's grain is measured once, on the first preparing of a page: the image is the same when it is prepared again.
    const prepared = await prepareMrzLines(image, { flip: flip === true, grain: flip !== true && forTesseract !== true, ...(forTesseract ? {} : { capHeights: [] }) })
    return { attempts: prepared.attempts, glyphs: prepared.glyphs, rotation: (prepared.quarterTurns * 90) as PreparedMrzLines['rotation'], tiltDeg: prepared.tiltDeg, located: prepared.located, box: prepared.box, bandNoise: prepared.bandNoise }
  },
} satisfies TaskTable
