// Run by embedded-database.ts as a child process: makes the migrated embedded database the test
// apps start from, in the directory given. node make-embedded-template.ts DIR
import { migrate } from '../../src/infra/db/migrate.ts'
import { openPglite } from '../../src/infra/db/pglite.ts'

const { db } = await openPglite(process.argv[2]!)
await migrate(db)
await db.close()
