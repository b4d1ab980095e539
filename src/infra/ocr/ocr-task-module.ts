// The OCR tasks with no structural pre-scan, for a sandbox pool of their own (tests, benches);
// the application loads them through the documents module, which adds its PDF pre-scan.
import { ocrTasks } from './pdf-tasks.ts'

export const tasks = ocrTasks(() => {})
