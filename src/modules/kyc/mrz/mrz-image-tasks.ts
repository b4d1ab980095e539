// KYC's tasks for a sandbox process (infra/sandbox), loaded beside the documents module's: an
// identity document's photo is untrusted bytes, decoded and drawn where a memory cap and a time
// budget hold.
import type { TaskTable } from '../../../infra/sandbox/sandbox-protocol.ts'
import { MRZ_IMAGE_TASKS, type PreparedMrzLines } from './mrz-image-task-names.ts'
import { MRZ_CAP_HEIGHTS, prepareMrzLines } from './mrz-line-images.ts'

export const tasks = {
  [MRZ_IMAGE_TASKS.prepareLines]: async ({ image, attempt }: { image: Uint8Array, attempt: number }): Promise<PreparedMrzLines> =>
    ({ lines: await prepareMrzLines(image, attempt), moreAttempts: attempt + 1 < MRZ_CAP_HEIGHTS.length }),
} satisfies TaskTable
