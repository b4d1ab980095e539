import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import type { DestinationStream, Logger } from 'pino'
import { accessLineFormatter } from './access-line.ts'
import { lazyLogger } from './request-logger.ts'
import { stdoutDestination } from './stdout.ts'

type Unmatched = (method: string, statusCode: number, elapsedMs: number) => void

/**
 * Fastify's request log lines, replaced: one "request completed" line per request (Fastify writes
 * an "incoming request" line too, and both through the redacting logger). The fields are picked
 * here and carry no secret, so the line is formatted directly and goes straight to the log
 * destination. "incoming request" is written at LOG_LEVEL=debug. Errors and anything else Fastify
 * logs keep going through request.log, with redaction.
 */
class AccessLog extends LogController {
  readonly #log: Logger
  readonly #destination: DestinationStream
  readonly #arrivals: boolean
  readonly #completions: boolean
  readonly #format = accessLineFormatter()
  readonly #unmatched: Unmatched

  constructor (log: Logger, destination: DestinationStream, unmatched: Unmatched) {
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

/**
 * The seam of request logging: Fastify's logger and log controller, hand-written rather than
 * Fastify's own request logging through pino, which costs Ping more than its bound (docs/decisions.md,
 * Speed work behind seams). Three parts, each measured on its own: the access line formatted
 * directly (access-line.ts), request.log's pino child made only when a request logs something else
 * (request-logger.ts), and stdout written in blocks (stdout.ts). `unmatched` hears of every request
 * that matched no route, which has no route hooks of its own.
 */
export function requestLogging (logger: Logger, unmatched: Unmatched): Pick<FastifyServerOptions, 'loggerInstance' | 'logController'> {
  return {
    loggerInstance: lazyLogger(logger as FastifyBaseLogger),
    logController: new AccessLog(logger, stdoutDestination(), unmatched),
  }
}
