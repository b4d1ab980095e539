import { hostname } from 'node:os'
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import type { DestinationStream, Logger } from 'pino'

/** What a request-completed line says. */
export interface Completed { reqId: string, method: string, url: string, statusCode: number, responseTime: number }

/**
 * The request-completed line, byte for byte as pino writes it (level, time, the pid and hostname
 * bindings, the fields, msg), formatted directly: pino's general path (a key-by-key loop with
 * serializer lookups and a character loop per string) was most of the cost of logging a request.
 * Request ids are ours (a UUID, or a client id checked against [A-Za-z0-9._:-]) and methods are HTTP
 * tokens, so neither needs escaping; the URL is the client's and is escaped.
 */
export function accessLineFormatter (pid = process.pid, host = hostname()): (line: Completed, time: number) => string {
  const bindings = `,"pid":${pid},"hostname":${JSON.stringify(host)}`
  // The head up to the request id, kept for the millisecond it stays the same: a busy server writes
  // dozens of lines per millisecond, and each would convert the 13-digit time anew.
  let headTime = -1
  let head = ''
  return (line, time) => {
    if (time !== headTime) head = `{"level":30,"time":${headTime = time}${bindings},"reqId":"`
    return `${head}${line.reqId}","method":"${line.method}","url":${JSON.stringify(line.url)},"statusCode":${line.statusCode},"responseTime":${line.responseTime},"msg":"request completed"}\n`
  }
}

/**
 * Fastify's request log lines, replaced: one "request completed" line per request (Fastify writes
 * an "incoming request" line too, and both through the redacting logger, which cost more than the
 * whole Ping handler). The fields are picked here and carry no secret, so the line goes straight to
 * the log destination. "incoming request" is written at LOG_LEVEL=debug. Errors and anything else
 * Fastify logs keep going through request.log, with redaction.
 */
export class AccessLog extends LogController {
  readonly #log: Logger
  readonly #destination: DestinationStream
  readonly #arrivals: boolean
  readonly #completions: boolean
  readonly #format = accessLineFormatter()
  readonly #unmatched: (method: string, statusCode: number, elapsedMs: number) => void

  /** `unmatched` hears of every request that matched no route (the routes' own hooks count theirs). */
  constructor (log: Logger, destination: DestinationStream, unmatched: (method: string, statusCode: number, elapsedMs: number) => void) {
    super()
    this.#log = log
    this.#destination = destination
    this.#unmatched = unmatched
    this.#arrivals = log.isLevelEnabled('debug')
    this.#completions = log.isLevelEnabled('info')
  }

  override incomingRequest (request: FastifyRequest): void {
    if (this.#arrivals) this.#log.debug({ reqId: request.id, method: request.method, url: request.url }, 'incoming request')
  }

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsed = reply.elapsedTime
    if (request.is404) this.#unmatched(request.method, reply.statusCode, elapsed)
    if (error) {
      request.log.error({ err: error, statusCode: reply.statusCode, responseTime: elapsed }, 'request errored')
      return
    }
    if (!this.#completions) return
    // In ms to the microsecond: the full double (0.41234588623046875) says nothing more, and a short
    // number repeats, so V8 finds its text in its number-string cache instead of converting it anew.
    const responseTime = Math.round(elapsed * 1000) / 1000
    this.#destination.write(this.#format({ reqId: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, responseTime }, Date.now()))
  }
}
