import assert from 'node:assert/strict'
import { createReadStream } from 'node:fs'
import { describe, it } from 'node:test'
import { readList, type ListFormat } from './index.ts'

async function entityIds (format: ListFormat, fixture: string): Promise<string[]> {
  const ids: string[] = []
  for await (const entry of readList(format, createReadStream(new URL(`../../../../test/fixtures/screening-lists/${fixture}`, import.meta.url)))) ids.push(entry.entityId)
  return ids
}

describe('readList', () => {
  it('when each format is named, then its own reader reads the file', async () => {
    assert.deepEqual(await entityIds('ofac-sdn-xml', 'sdn.xml'),
      ['ofac-36', 'ofac-26235', 'ofac-9647', 'ofac-27410', 'ofac-24101', 'ofac-18822', 'ofac-31270', 'ofac-7301'])
    assert.deepEqual(await entityIds('opensanctions-csv', 'targets.simple.csv'), [
      'NK-2bXnKz7cYtP9Qh4sWmA3dE', 'Q98765432', 'NK-7TgHq2WcLmZr8VbXe4KpYs', 'NK-5QmRt9YzXcVb3NhJk8LpWd', 'NK-9ZsT4KxWq7PbLm2VnRc8Hj',
      'NK-3HcVn8RtYw6QzLk5MpXb2G', 'interpol-red-2021-45678', 'NK-8WpLs4BqZt6XcRv9YmKd3N', 'NK-4DfGh7JkLz2XcVb8NmQw5R', 'Q12345678',
      'NK-6YtRe3WqXz9LkJh2GfDs4A',
    ])
  })
})
