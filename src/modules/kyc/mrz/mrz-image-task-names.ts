// Apart from mrz-image-tasks.ts, which loads the canvas binding on import: the API process needs only these.

/** The sandbox task module holding KYC's image tasks: the sandbox pool that parses uploads loads it. */
export const MRZ_IMAGE_TASK_MODULE = new URL('./mrz-image-tasks.ts', import.meta.url)

export const MRZ_IMAGE_TASKS = { prepareLines: 'kyc.prepareMrzLines' } as const

/** An MRZ's lines as images, each ready to be read as one line. */
export interface PreparedMrzLines {
  lines: Uint8Array[]
  /** True while a later attempt prepares the image another way (another scale). */
  moreAttempts: boolean
}
