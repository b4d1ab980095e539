// Documentation-only rewrites of the generated OpenAPI document. They change what the document
// says, never how a request is validated or a reply serialized: the routes keep their own schemas.

export type RouteSchema = Record<string, unknown> | undefined
type Json = Record<string, unknown>
interface Media { schema?: { $ref?: string }, example?: unknown, examples?: unknown }
interface Operation { requestBody?: { content?: Record<string, Media> }, responses?: Record<string, { content?: Record<string, Media> }> }

/** The route schema as the document should show it. */
export function documentedRouteSchema (schema: RouteSchema): Json {
  return withRefExamples(bodyAsComponent(schema ?? {}))
}

/** The whole document, last touches: no validator keywords, examples on every $ref body. */
export function finishedDocument<T> (openapiObject: T): T {
  return withComponentExamples(withoutValidatorKeywords(openapiObject))
}

/** A body schema registered with app.addSchema (TokenRequest) is shown as its component, not inlined. */
function bodyAsComponent (schema: Json): Json {
  const body = schema.body as { $id?: string } | undefined
  return body?.$id ? { ...schema, body: { $ref: body.$id } } : schema
}

/**
 * @fastify/swagger drops the siblings of a response's $ref, so `Type.Ref('Case', { examples })`
 * would lose its example: such a response is shown in the explicit media form instead.
 */
function withRefExamples (schema: Json): Json {
  const response = schema.response as Record<string, Json> | undefined
  if (!response) return schema
  const documented: Json = {}
  for (const [status, entry] of Object.entries(response)) {
    if (typeof entry.$ref !== 'string' || !Array.isArray(entry.examples)) {
      documented[status] = entry
      continue
    }
    const { examples, description, headers, ...ref } = entry as { examples: unknown[], description?: string, headers?: unknown }
    documented[status] = {
      description: description ?? 'Default Response',
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: ref, example: examples[0] } },
    }
  }
  return { ...schema, response: documented }
}

/** A request or response body that is only a $ref shows its component's first example. */
function withComponentExamples<T> (doc: T): T {
  const { paths, components } = doc as { paths?: Record<string, Record<string, Operation>>, components?: { schemas?: Record<string, { examples?: unknown[] }> } }
  const addExample = (media: Media) => {
    if (media.example !== undefined || media.examples !== undefined) return
    const name = media.schema?.$ref?.replace('#/components/schemas/', '')
    const example = name ? components?.schemas?.[name]?.examples?.[0] : undefined
    if (example !== undefined) media.example = example
  }
  for (const item of Object.values(paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) addExample(media)
      for (const response of Object.values(operation.responses ?? {})) for (const media of Object.values(response.content ?? {})) addExample(media)
    }
  }
  return doc
}

/** `errorMessage` is our validator's message keyword, not JSON Schema: keep it out of the document. */
function withoutValidatorKeywords<T> (node: T): T {
  if (Array.isArray(node)) return node.map((item) => withoutValidatorKeywords(item)) as T
  if (node && typeof node === 'object') {
    const copy: Json = {}
    for (const [key, value] of Object.entries(node)) if (key !== 'errorMessage') copy[key] = withoutValidatorKeywords(value)
    return copy as T
  }
  return node
}
