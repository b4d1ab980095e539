import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import type { Logger } from 'pino'

/**
 * Fastify's request log lines, replaced: one "request completed" line per request (Fastify writes
 * an "incoming request" line too, and both through the redacting logger, which cost more than the
 * whole Ping handler). The fields are picked here and carry no secret, so the line goes through a
 * logger without redaction. "incoming request" is written at LOG_LEVEL=debug. Errors and anything
 * else Fastify logs keep going through request.log, with redaction.
 */
export class AccessLog extends LogController {
  readonly #log: Logger
  readonly #arrivals: boolean

  constructor (log: Logger) {
    super()
    this.#log = log
    this.#arrivals = log.isLevelEnabled('debug')
  }

  override incomingRequest (request: FastifyRequest): void {
    if (this.#arrivals) this.#log.debug({ reqId: request.id, method: request.method, url: request.url }, 'incoming request')
  }

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      request.log.error({ err: error, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request errored')
      return
    }
    this.#log.info({ reqId: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed')
  }
}
