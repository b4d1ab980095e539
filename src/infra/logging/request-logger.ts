import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino'

type Log = (...args: unknown[]) => void

/**
 * request.log, created only when a request logs something. Fastify would otherwise build a pino
 * child (with its redaction) for every request, though most requests never log beyond the access line.
 */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions
  #child: FastifyBaseLogger | undefined

  constructor (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  get #log (): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options))
  }

  get level (): LevelWithSilentOrString { return (this.#child ?? this.#parent).level }
  set level (value: LevelWithSilentOrString) { this.#log.level = value }

  // Prototype methods, not arrow fields: nothing is allocated per request until a line is written.
  fatal (...args: unknown[]): void { (this.#log.fatal as Log)(...args) }
  error (...args: unknown[]): void { (this.#log.error as Log)(...args) }
  warn (...args: unknown[]): void { (this.#log.warn as Log)(...args) }
  info (...args: unknown[]): void { (this.#log.info as Log)(...args) }
  debug (...args: unknown[]): void { (this.#log.debug as Log)(...args) }
  trace (...args: unknown[]): void { (this.#log.trace as Log)(...args) }
  silent (): void {}

  child (bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log.child(bindings, options)
  }
}

export function lazyChildLogger (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger
}
