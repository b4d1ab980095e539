import { defineModule } from '../../infra/app-module.ts'
import { createOcrProcess } from '../../infra/ocr/ocr-process-client.ts'
import { createOcr, type Ocr } from '../../infra/ocr/ocr-service.ts'
import type { SandboxPool } from '../../infra/sandbox/sandbox-pool.ts'
import { type ImageIntegrity, sharedImageIntegrity } from './image-integrity/image-integrity-check.ts'
import { createDocumentParsers } from './parser-pool.ts'

export interface DocumentParsing {
  /** Sandbox processes for the checks' parsing: risk, PDF text, page rendering, MRZ image preparation. */
  parsers: SandboxPool
  /** A process of its own for counting an upload's pages, so an upload never waits behind a check's minute-long parse. */
  uploadParsers: SandboxPool
  /** Tesseract, in its own process, reading what the parsers prepared. */
  ocr: Ocr
  /** An image's integrity signals, worked out once per document for KYC and document risk alike. */
  imageIntegrity: ImageIntegrity
}

declare module '../../infra/app-module.ts' {
  interface ServiceMap { documentParsing: DocumentParsing }
}

/**
 * Where uploaded files are opened: sandbox processes with a memory cap and a time budget, all started
 * on first use. The checks' processes also load `taskModules`, the sandbox tasks check types bring.
 */
export const documentParsingModule = (taskModules: readonly URL[]) => defineModule({
  name: 'documentParsing',
  create ({ config, onClose }) {
    const options = { ...config.parsers, maxDecodedBytes: config.documents.maxDecodedBytes }
    const parsers = createDocumentParsers({ ...options, taskModules })
    const uploadParsers = createDocumentParsers({ ...options, processes: 1 })
    const ocr = createOcr({
      parsers,
      tesseract: createOcrProcess({ workers: config.ocrWorkers, memoryMb: config.parsers.ocrMemoryMb, callTimeoutMs: config.parsers.timeoutMs }),
      maxPixels: config.documents.maxPixels,
    })
    onClose(async () => {
      await ocr.close()
      await parsers.close()
      await uploadParsers.close()
    })
    return { parsers, uploadParsers, ocr, imageIntegrity: sharedImageIntegrity(parsers) }
  },
})
