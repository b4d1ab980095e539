import type { TSchema } from 'typebox'
import type { Queryable } from '../../infra/db/database.ts'
import type { Event } from '#shared/events.ts'
import type { RiskRating } from './risk-rating.ts'

/** The check types of the checks resource, and the catalogue service that sells each. */
export const CHECK_TYPES = ['BAV', 'AML', 'KYC', 'DocumentExtraction', 'DocumentRisk'] as const
export type CheckTypeName = typeof CHECK_TYPES[number]
export const SERVICE_OF: Record<CheckTypeName, string> = {
  BAV: 'BAV', AML: 'AML', KYC: 'KYC', DocumentExtraction: 'Document extraction', DocumentRisk: 'Document risk',
}

export type SubjectType = 'case' | 'bankAccount' | 'document'

/** What a check is about, loaded by its type when the job runs. */
export interface Subject { accountId: number, caseId: number }

export interface ProviderAnswer<R> { riskRating: RiskRating, result: R }

/** Whoever runs one check type: the sandbox's deterministic engine or a production adapter. */
export interface CheckProvider<S extends Subject, R> {
  readonly name: string
  /** How it runs, for the start-up log (e.g. what is configured and what is not). */
  readonly summary?: string
  run (subject: S): Promise<ProviderAnswer<R>>
}

/**
 * Transient by contract: the job retries it with backoff, so a provider throws this only when
 * asking again later can succeed (timeouts, 5xx, rate limits), never for a bad subject.
 */
export class ProviderUnavailable extends Error {
  readonly providerName: string
  constructor (providerName: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ProviderUnavailable'
    this.providerName = providerName
  }
}

/**
 * Final by contract: the subject itself cannot be checked (an unreadable scan, a statement with no
 * account details), so the check fails at once with this message, written for a person to act on.
 */
export class CheckCannotComplete extends Error {
  constructor (message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'CheckCannotComplete'
  }
}

/** A check as stored and shown, handed to a type's hooks. */
export interface CheckRecord {
  id: number
  accountId: number
  caseId: number
  checkType: CheckTypeName
  subject: { type: SubjectType, id: number }
  status: 'pending' | 'completed' | 'failed'
  createTs: string
  completedTs: string | null
  riskRating: RiskRating | null
  result: unknown
  failureReason: string | null
}

/**
 * One check type: everything the pipeline needs to trigger, run and record it. Adding a type is
 * writing one of these (docs/checks.md).
 */
export interface CheckType<S extends Subject = Subject, R = unknown> {
  name: CheckTypeName
  subjectType: SubjectType
  /** The field of POST /api/cases/{caseId}/checks that names the subject; absent when the case is the subject. */
  subjectField?: 'bankAccountId' | 'documentId'
  /** The shape of `result` on a completed check (with an $id), for the response and the API description. */
  resultSchema: TSchema
  /** The durable queue its jobs run on, with their retry policy. */
  queue: { name: string, retryLimit: number, retryDelaySeconds: number, concurrency: number }
  /** null: not offered in this deployment, for `unavailableReason`. */
  provider: CheckProvider<S, R> | null
  unavailableReason: string | null
  /** The subject as the provider needs it; undefined when it no longer exists (soft-deleted). */
  loadSubject (q: Queryable, subjectId: number): Promise<S | undefined>
  /** Why this subject cannot have this check (a 400 to a request), or null when it can (KYC: only a person's identity document). */
  refuse?: (subject: S) => string | null
  /** Locks the subject in the transaction that records the result; false when it was deleted meanwhile. */
  lockSubject (tx: Queryable, subjectId: number): Promise<boolean>
  /**
   * Completes the provider's result inside the result's transaction, with what only that
   * transaction can know (extraction: the bank account it made). Rolled back if the check was
   * settled meanwhile, so it runs to effect once.
   */
  prepareResult?: (tx: Queryable, check: CheckRecord, subject: S, result: R) => Promise<R>
  /**
   * What the type keeps besides the check, written in the result's transaction, and the events of
   * its own to send with check.completed / check.failed (BAV: its history, bank_account.bav_*).
   */
  onCompleted?: (tx: Queryable, check: CheckRecord, subject: S, result: R) => Promise<Event[]>
  onFailed?: (tx: Queryable, check: CheckRecord, subject: S, reason: string) => Promise<Event[]>
}

/** Keeps a type's subject and result types checked against each other where it is defined. */
export const defineCheckType = <S extends Subject, R>(type: CheckType<S, R>): CheckType<S, R> => type
