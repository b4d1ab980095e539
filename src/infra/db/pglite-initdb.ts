// Run by openPglite (pglite.ts) as a child process: creates an embedded database in the empty data
// directory given as its argument (PostgreSQL's initdb) and exits. node pglite-initdb.ts DATA_DIR
import { PGlite } from '@electric-sql/pglite'
import { START_PARAMS } from './pglite-params.ts'

const pglite = await PGlite.create(process.argv[2], { startParams: START_PARAMS })
await pglite.close()
