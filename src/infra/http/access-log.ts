import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'

/**
 * One JSON line per finished request (Fastify's own request logging is off: it writes two lines,
 * each through the redacting logger, which cost more than the whole Ping handler). The line's fields
 * are picked here and carry no secret, so it goes through a logger without redaction. With
 * LOG_LEVEL=debug the arrival of each request is logged too, as "incoming request".
 */
export function registerAccessLog (app: FastifyInstance, accessLog: Logger): void {
  if (accessLog.isLevelEnabled('debug')) {
    app.addHook('onRequest', (request, _reply, done) => {
      accessLog.debug({ reqId: request.id, method: request.method, url: request.url }, 'incoming request')
      done()
    })
  }
  if (!accessLog.isLevelEnabled('info')) return
  app.addHook('onResponse', (request, reply, done) => {
    accessLog.info({ reqId: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed')
    done()
  })
}
