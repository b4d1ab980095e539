import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  ContextConfigDefault, FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifySchema, RawReplyDefaultExpression,
  RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteOptions,
} from 'fastify'

/** Who may call a route: the holder of a bearer token, or anyone (no token, no client rate limit). */
export type Access = 'bearer' | 'public'

/**
 * One row of a module's route table: Fastify's own route options (method, url, schema with params,
 * querystring, body and a response per status, config, hooks, handler), typed from the TypeBox
 * schema, plus who may call it.
 */
export type ApiRoute<S extends FastifySchema = FastifySchema> = RouteOptions<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface,
  ContextConfigDefault, S, TypeBoxTypeProvider, FastifyBaseLogger
> & { access: Access }

export interface RouteTable {
  /** The OpenAPI tags of every route in the table (none for routes hidden from the API description). */
  tags?: string[]
}

/** A route row, its request and reply typed from its schema (TypeScript infers S here, not in an array). */
export function route<const S extends FastifySchema> (definition: ApiRoute<S>): ApiRoute<S> {
  return definition
}

/** Registers a table of routes on app, in order (the order of the API description). */
export function registerRoutes (app: FastifyInstance, table: RouteTable, routes: Array<ApiRoute<any>>): void {
  for (const { access, ...options } of routes) {
    const isPublic = access === 'public'
    app.route({
      ...options,
      // config.public is what the bearer-auth and rate-limit hooks read; security is what the API description shows.
      config: isPublic ? { ...options.config, public: true } : options.config,
      schema: { ...(table.tags ? { tags: table.tags } : {}), security: isPublic ? [] : [{ bearerAuth: [] }], ...options.schema },
    } as RouteOptions)
  }
}

/** A Fastify plugin that registers the table. */
export function defineRoutes (table: RouteTable, routes: Array<ApiRoute<any>>): FastifyPluginAsync {
  return async (app) => registerRoutes(app, table, routes)
}
