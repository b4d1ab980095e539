/** A case, bank account or document was added: the checks whose triggers match start in the same transaction. */
export interface SubjectAdded {
  subjectType: 'case' | 'bankAccount' | 'document'
  subjectId: number
  accountId: number
  caseId: number
  /** Person or Business, when the raiser knows it (a case, a document); a bank account's checks need not. */
  caseType?: string
  /** A document's type (BankStatement, Passport, ...); absent for other subjects. */
  documentType?: string
}

/** The events modules raise inside their transactions, by name. */
export interface DomainEvents {
  'subject.added': SubjectAdded
}
