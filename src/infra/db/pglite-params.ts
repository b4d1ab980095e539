import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never
 * shrinks: 16 MB cut an embedded idcheck's resident set at rest by about 140 MB (docs/performance.md),
 * and a single-machine database this size is read from the operating system's file cache anyway.
 * Given as start parameters, not `postgresqlconf`, which would replace the data directory's whole
 * postgresql.conf (its time zone and locale settings with it).
 */
export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** Contrib extensions the migrations create (pg_trgm: screening's candidate index). */
export const EXTENSIONS = { pg_trgm }

const BYTEA = 17
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * bytea in PostgreSQL's hex form, converted natively: PGlite's own conversion goes byte by byte in
 * JavaScript (an array of 200,000 strings for a scanned page), holding the database thread meanwhile.
 */
export const BYTEA_SERIALIZERS = { [BYTEA]: (bytes: Uint8Array) => `\\x${bufferOf(bytes).toString('hex')}` }
export const BYTEA_PARSERS = {
  [BYTEA]: (text: string) => {
    const bytes = Buffer.from(text.slice(2), 'hex')
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  },
}
