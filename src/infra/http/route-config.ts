declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (authenticate, health, docs, API description). */
    public?: boolean
    /** 'fields': validation failures as the PascalCase-keyed object (the API contract, authenticate). */
    errorShape?: 'fields' | 'errors'
  }
}

export {}
