// The entry of a worker thread that assesses documents' risk: pdf.js reads the file synchronously,
// tens of milliseconds a page, which the API's event loop must never wait for.
import { setPriority } from 'node:os'
import { serveTasks } from '../../../infra/threads/task-threads.ts'
import { assessDocumentRisk, type RiskInput } from './document-risk.ts'

// On Linux a thread's priority is its own: requests served by the main thread come first.
try { setPriority(10) } catch {}

serveTasks((input: RiskInput) => assessDocumentRisk(input))
