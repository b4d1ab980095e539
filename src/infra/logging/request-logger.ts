import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino'

type Log = (...args: unknown[]) => void

/**
 * A logger whose pino child is made only when it first writes a line. Fastify makes a child logger
 * for every request (request.log), which with pino means building a child with its bindings and
 * redaction, though most requests never log beyond the access line. Its own children are lazy too,
 * so handing Fastify `lazyLogger(pino)` as its logger instance makes every request.log lazy through
 * Fastify's default child factory; a custom childLoggerFactory would have Fastify check each logger
 * it returns (an array filter over seven method lookups per request).
 */
class LazyLogger {
  readonly #parent: FastifyBaseLogger | LazyLogger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions
  #real: FastifyBaseLogger | undefined

  constructor (parent: FastifyBaseLogger | LazyLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  get #log (): FastifyBaseLogger {
    if (this.#real === undefined) {
      const parent = this.#parent instanceof LazyLogger ? this.#parent.#log : this.#parent
      this.#real = parent.child(this.#bindings, this.#options)
    }
    return this.#real
  }

  get level (): LevelWithSilentOrString { return (this.#real ?? this.#parent).level }
  set level (value: LevelWithSilentOrString) { this.#log.level = value }

  // Prototype methods, not arrow fields: nothing is allocated per request until a line is written.
  fatal (...args: unknown[]): void { (this.#log.fatal as Log)(...args) }
  error (...args: unknown[]): void { (this.#log.error as Log)(...args) }
  warn (...args: unknown[]): void { (this.#log.warn as Log)(...args) }
  info (...args: unknown[]): void { (this.#log.info as Log)(...args) }
  debug (...args: unknown[]): void { (this.#log.debug as Log)(...args) }
  trace (...args: unknown[]): void { (this.#log.trace as Log)(...args) }
  silent (): void {}

  child (bindings: Bindings, options: ChildLoggerOptions = {}): FastifyBaseLogger {
    return new LazyLogger(this, bindings, options) as unknown as FastifyBaseLogger
  }
}

/** The logger to hand Fastify: it writes through `logger`, and request.log costs nothing until used. */
export function lazyLogger (logger: FastifyBaseLogger): FastifyBaseLogger {
  return new LazyLogger(logger, {}, {}) as unknown as FastifyBaseLogger
}
