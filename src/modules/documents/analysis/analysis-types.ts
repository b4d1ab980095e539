/** The file kinds idcheck accepts, told from the bytes (never from the declared type). */
export type DocumentKind = 'pdf' | 'png' | 'jpeg'

export type SignalSeverity = 'low' | 'medium' | 'high'

/** One finding of document risk: a stable code, how much it weighs, and a sentence for an analyst. */
export interface RiskSignal {
  code: string
  severity: SignalSeverity
  message: string
}

/**
 * The document cannot be analysed (malformed, encrypted, no readable text): the check fails with
 * this message, which says what a person can do about it.
 */
export class DocumentUnreadable extends Error {
  constructor (message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'DocumentUnreadable'
  }
}
