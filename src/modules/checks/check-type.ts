import type { TSchema } from 'typebox'
import type { Config } from '../../config/config.ts'
import type { ModuleContext } from '../../infra/app-module.ts'
import type { Queryable } from '../../infra/db/database.ts'
import type { SubjectAdded } from '#shared/domain-events.ts'
import type { Event } from '#shared/published-events.ts'
import type { RiskRating } from './risk-rating.ts'

/** A check type's name as the API shows it (BAV, AML, ...): the registered types' names. */
export type CheckTypeName = string

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

/** The durable queue a check type's jobs run on, with their retry policy. */
export interface CheckQueue { name: string, retryLimit: number, retryDelaySeconds: number, concurrency: number }

/** What a check type declares of itself before anything runs: the catalogue, the queues, the API description and the triggers come from these. */
export interface CheckTypeDeclaration {
  name: CheckTypeName
  /** The catalogue entry that sells it (the services table; made at start when missing, its id fixed for ever). */
  service: { id: number, code: string, name: string }
  subjectType: SubjectType
  /** The field of POST /api/cases/{caseId}/checks that names the subject; absent when the case is the subject. */
  subjectField?: 'bankAccountId' | 'documentId'
  /** The shape of `result` on a completed check (with an $id), for the response and the API description. */
  resultSchema: TSchema
  queue: (config: Config) => CheckQueue
  /** Sandbox task modules its provider runs in the document parsers' processes, loaded there before their memory is capped. */
  sandboxTaskModules?: readonly URL[]
  /**
   * Starts by itself, in the transaction that adds a subject of its type, when the account has its
   * service and `when` holds (KYC: a person's passport or identity card); otherwise only on request.
   */
  trigger?: { on: 'added', when?: (added: SubjectAdded) => boolean }
}

/** A check type as it runs here: its declaration with the provider this environment has and its subject's hooks. */
export interface CheckType<S extends Subject = Subject, R = unknown> extends Omit<CheckTypeDeclaration, 'queue'> {
  queue: CheckQueue
  /** null: not offered in this deployment, for `unavailableReason`. */
  provider: CheckProvider<S, R> | null
  unavailableReason: string | null
  /** The subject as the provider needs it; undefined when it no longer exists (soft-deleted). */
  loadSubject (q: Queryable, subjectId: number): Promise<S | undefined>
  /** The pages a check reads by OCR (its document's), counted against the account's OCR pages per hour; absent when it reads none. */
  pagesToRead?: (q: Queryable, subjectId: number) => Promise<number>
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

/** What a check type makes when the app starts, with the modules it needs: its provider for this environment and its subject's hooks. */
export type CheckTypeRuntime<S extends Subject, R> = Omit<CheckType<S, R>, keyof CheckTypeDeclaration | 'queue'>

/**
 * One check type, in its own folder as `<type>.check-type.ts`: what it declares, and how it is made
 * (its provider per environment and its subject's hooks). Registered by one line in src/check-types.ts.
 */
export interface CheckTypeDefinition<S extends Subject = any, R = any> extends CheckTypeDeclaration {
  create: (ctx: ModuleContext) => CheckTypeRuntime<S, R> | Promise<CheckTypeRuntime<S, R>>
}

/** Keeps a type's subject and result types checked against each other where it is defined. */
export const defineCheckType = <S extends Subject, R>(definition: CheckTypeDefinition<S, R>): CheckTypeDefinition<S, R> => definition

/** The type as it runs in this app: its declaration, its queue for this configuration, and what it made. */
export async function instantiate<S extends Subject, R> (definition: CheckTypeDefinition<S, R>, ctx: ModuleContext): Promise<CheckType<S, R>> {
  const { create, queue, ...declared } = definition
  return { ...declared, queue: queue(ctx.config), ...await create(ctx) }
}
