import { ApiError } from '../../infra/http/api-error.ts'

/** 409: the same bytes are already active on the case; duplicateId is that document. */
export class DuplicateDocument extends ApiError {
  constructor (duplicateId: number) { super(409, { duplicateId }) }
}

/** 413 in the API's error-list shape: the file is over the configured size. */
export class DocumentTooLarge extends ApiError {
  constructor (maxBytes: number) {
    super(413, { errors: [`The file is larger than ${formatBytes(maxBytes)}, the most a document may be.`] })
  }
}

const formatBytes = (n: number) => n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MB` : `${n.toLocaleString('en')} bytes`
