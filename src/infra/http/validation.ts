import { Ajv, type ErrorObject, type Options } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { COUNTRY_CODE_FORMAT, isCountryCode } from '#shared/country-code.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

/**
 * Two validators: bodies are checked strictly (a number is not a string), while path and query
 * values arrive as text and are coerced. `errorMessage` on a schema replaces the generic message.
 */
export function createValidatorCompiler (): FastifySchemaCompiler<unknown> {
  const common: Options = { allErrors: true, verbose: true, useDefaults: true, removeAdditional: true, strict: false }
  const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }))
  const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }))
  for (const ajv of [bodyAjv, textAjv]) {
    ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' })
    ajv.addFormat(COUNTRY_CODE_FORMAT, { type: 'string', validate: isCountryCode })
  }
  return ({ schema, httpPart }) => {
    // The api-version query parameter is checked by the api-version hook before validation, for every
    // route; a query schema that declares nothing else (most routes') documents it and would only
    // repeat that check, so it gets no validator and Fastify skips the query step of the request.
    if (httpPart === 'querystring' && declaresOnlyApiVersion(schema)) return undefined as never
    return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object)
  }
}

function declaresOnlyApiVersion (schema: unknown): boolean {
  const s = schema as { type?: unknown, properties?: Record<string, unknown>, required?: unknown[], additionalProperties?: unknown }
  return s.type === 'object' && s.properties !== undefined && Object.keys(s.properties).join() === 'api-version' &&
    (s.required ?? []).length === 0 && s.additionalProperties === undefined
}

export interface FieldError { field: string, message: string }

/** One message per field, worded for an integrator, naming the field as the client sent it. */
export function describeValidation (errors: ErrorObject[], dataVar: string, display: (field: string) => string = (f) => f): FieldError[] {
  const byField = new Map<string, string>()
  for (const err of errors) {
    if (err.keyword === 'anyOf' || err.keyword === 'oneOf' || err.keyword === 'if') continue
    // A nullable field's null branch always fails beside the real one; its message would only confuse.
    if (err.keyword === 'type' && err.params.type === 'null') continue
    const field = fieldOf(err, dataVar)
    if (byField.has(field)) continue
    byField.set(field, messageFor(err, display(field)))
  }
  return [...byField].map(([field, message]) => ({ field, message }))
}

function fieldOf (err: ErrorObject, dataVar: string): string {
  const path = err.instancePath.split('/').slice(1).map((p) => /^\d+$/.test(p) ? `[${p}]` : p)
  if (err.keyword === 'required') path.push(String(err.params.missingProperty))
  const joined = path.join('.').replace(/\.\[/g, '[')
  return joined === '' ? dataVar : joined
}

function messageFor (err: ErrorObject, field: string): string {
  const custom = (err.parentSchema as { errorMessage?: string } | undefined)?.errorMessage
  if (custom && err.keyword !== 'required' && err.keyword !== 'type') return custom
  const p = err.params as Record<string, unknown>
  switch (err.keyword) {
    case 'required': return `The ${field} field is required.`
    case 'type': return field === 'body' || field === 'querystring'
      ? `The request ${field === 'body' ? 'body' : 'query'} must be a JSON ${p.type}.`
      : `The ${field} field must be ${article(String(p.type))}.`
    case 'minLength': return `The ${field} field must be at least ${p.limit} characters long.`
    case 'maxLength': return `The ${field} field must be at most ${p.limit} characters long.`
    case 'minimum': return `The ${field} field must be at least ${p.limit}.`
    case 'maximum': return `The ${field} field must be at most ${p.limit}.`
    case 'minItems': return `The ${field} field must have at least ${p.limit} items.`
    case 'maxItems': return `The ${field} field must have at most ${p.limit} items.`
    case 'uniqueItems': return `The ${field} field must not contain duplicates.`
    case 'enum': return `The ${field} field must be one of: ${(p.allowedValues as unknown[]).join(', ')}.`
    case 'const': return `The ${field} field must be ${JSON.stringify(p.allowedValue)}.`
    case 'format': return `The ${field} field must be a valid ${p.format}.`
    case 'pattern': return `The ${field} field has an invalid format.`
    case 'additionalProperties': return `The ${field} object has an unknown field '${p.additionalProperty}'.`
    default: return `The ${field} field is invalid.`
  }
}

function article (type: string): string {
  const name = type.split(',').map((t) => t === 'null' ? 'null' : t).join(' or ')
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`
}

/** ASP.NET-style dictionary keys: clientId → ClientId, enabledServices[0] → EnabledServices[0]. */
export function pascalCase (field: string): string {
  return field.split('.').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('.')
}
