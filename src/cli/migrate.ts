import type { Config } from '../config/config.ts'
import { connectDatabase } from '../infra/db/connect.ts'
import { lockDataDir } from '../infra/db/data-dir-lock.ts'
import { migrate } from '../infra/db/migrate.ts'
import { UsageError } from './usage.ts'

export async function migrateCommand (config: Config, extra: string | undefined): Promise<number> {
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`)
  const unlock = config.dataDir ? await lockDataDir(config.dataDir, 'idcheck migrate') : () => {}
  try {
    const { db } = await connectDatabase(config)
    try {
      const applied = await migrate(db)
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n')
    } finally {
      await db.close()
    }
  } finally {
    unlock()
  }
  return 0
}
