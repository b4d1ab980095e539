// The entry of a worker thread preparing MRZ images (decode, straighten, crop, scale): pixel loops
// over a whole photo that would otherwise stall the OCR process's event loop.
import { serveTasks } from '../threads/task-threads.ts'
import { prepareMrzLines } from './mrz-image.ts'

serveTasks(({ image, attempt }: { image: Uint8Array, attempt: number }) => prepareMrzLines(image, attempt))
