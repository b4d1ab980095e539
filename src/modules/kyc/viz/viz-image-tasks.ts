// KYC's printed-zone task for a sandbox process (infra/sandbox), loaded beside the MRZ's: an identity
// document's photo is untrusted bytes, decoded and drawn where a memory cap and a time budget hold.
import type { TaskTable } from '../../../infra/sandbox/sandbox-protocol.ts'
import { type PageCrop, type PageTurn, VIZ_IMAGE_TASKS } from './viz-image-task-names.ts'
import { printedPageImage } from './viz-page-image.ts'

export const tasks = {
  [VIZ_IMAGE_TASKS.printedPage]: ({ image, rotation, tiltDeg, crop }: { image: Uint8Array, crop?: PageCrop } & PageTurn): Promise<Uint8Array> => printedPageImage(image, { rotation, tiltDeg }, crop),
} satisfies TaskTable
