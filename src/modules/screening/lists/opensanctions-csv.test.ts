import assert from 'node:assert/strict'
import { createReadStream, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { generateCsv } from '../../../../bench/screening/generate-list.ts'
import { ListFormatError, type ListEntry } from './list-entry.ts'
import { splitValues } from './multi-values.ts'
import { readOpenSanctionsCsv } from './opensanctions-csv.ts'

const FIXTURE = new URL('../../../../test/fixtures/screening-lists/targets.simple.csv', import.meta.url)
const HEADER = '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","program_ids","dataset","first_seen","last_seen","last_change"\n'

async function readAll (input: Parameters<typeof readOpenSanctionsCsv>[0]): Promise<ListEntry[]> {
  const entries: ListEntry[] = []
  for await (const entry of readOpenSanctionsCsv(input)) entries.push(entry)
  return entries
}

async function * chunksOf (bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function * textOf (text: string) {
  yield text
}

const FIXTURE_ENTRIES: ListEntry[] = [
  {
    entityId: 'NK-2bXnKz7cYtP9Qh4sWmA3dE', schema: 'Person', name: 'Viktor Andreyevich Morozov',
    aliases: ['MOROZOV, Viktor Andreyevich', 'Viktor Morozov', 'Виктор Андреевич Морозов'],
    birthDates: ['1965-02-12'], countries: ['ru'], topics: ['sanction'],
  },
  {
    entityId: 'Q98765432', schema: 'Person', name: 'Claire Dubois-Martin',
    aliases: ['Claire Dubois'], birthDates: ['1958'], countries: ['de', 'fr'], topics: ['pep'],
  },
  {
    entityId: 'NK-7TgHq2WcLmZr8VbXe4KpYs', schema: 'Organization', name: 'Petro "Volga" Trading, LLC',
    aliases: ['PVT LLC', 'Volga; Petro Trading'], birthDates: [], countries: ['ru', 'ua'], topics: ['sanction'],
  },
  {
    entityId: 'NK-5QmRt9YzXcVb3NhJk8LpWd', schema: 'Person', name: 'Mahmoud Al-Hassan',
    aliases: ['Mahmud al Hasan', 'Абу Хасан'], birthDates: ['1971-05', '1972'], countries: ['sy'], topics: ['sanction'],
  },
  {
    entityId: 'NK-9ZsT4KxWq7PbLm2VnRc8Hj', schema: 'Vessel', name: 'SEA STAR',
    aliases: ['STAR OF THE SEA'], birthDates: [], countries: ['ir'], topics: ['sanction'],
  },
  {
    entityId: 'NK-3HcVn8RtYw6QzLk5MpXb2G', schema: 'Aircraft', name: 'EP-FQA',
    aliases: [], birthDates: [], countries: ['ir'], topics: ['sanction'],
  },
  {
    entityId: 'interpol-red-2021-45678', schema: 'Person', name: 'Carlos Eduardo Rivera Gómez',
    aliases: ['Carlos Rivera'], birthDates: ['1980-07-14'], countries: ['co', 'mx'], topics: ['crime'],
  },
  {
    entityId: 'NK-8WpLs4BqZt6XcRv9YmKd3N', schema: 'Organization', name: 'Al-Noor Exchange',
    aliases: [], birthDates: [], countries: [], topics: [],
  },
  {
    entityId: 'NK-4DfGh7JkLz2XcVb8NmQw5R', schema: 'Person', name: 'Aleksandr Ivanovich Kozlov',
    aliases: ['Alexander Kozlov', 'Александр Козлов'], birthDates: ['1962-11-30'], countries: ['ru'], topics: ['sanction', 'pep'],
  },
  {
    entityId: 'Q12345678', schema: 'Person', name: 'Олена Коваленко',
    aliases: ['Elena Kovalenko', 'Olena Kovalenko'], birthDates: ['1977-09'], countries: ['ua'], topics: ['pep'],
  },
  {
    entityId: 'NK-6YtRe3WqXz9LkJh2GfDs4A', schema: 'Other', name: '0x7F367cC41522cE07553e823bf3be79A889DEbe1B',
    aliases: [], birthDates: [], countries: [], topics: ['sanction'],
  },
]

describe('readOpenSanctionsCsv', () => {
  it('when the fixture export is read from a file stream, then each row becomes its exact entry', async () => {
    assert.deepEqual(await readAll(createReadStream(FIXTURE)), FIXTURE_ENTRIES)
  })

  it('when the file starts with a BOM and arrives in 7-byte chunks that split characters, then the entries are the same', async () => {
    const bytes = Buffer.concat([Buffer.from([0xEF, 0xBB, 0xBF]), readFileSync(FIXTURE)])
    assert.deepEqual(await readAll(chunksOf(bytes, 7)), FIXTURE_ENTRIES)
  })

  it('when an older export has no program_ids or last_change and swaps first_seen and last_seen, then columns are found by name', async () => {
    const csv = '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","dataset","last_seen","first_seen"\n' +
      '"NK-1","Company","Acme Arms JSC","Acme Arms","","ru","","","EU 833/2014","","","EU Financial Sanctions Files (FSF)","2021-01-01","2020-01-01"\n'
    assert.deepEqual(await readAll(textOf(csv)), [
      { entityId: 'NK-1', schema: 'Organization', name: 'Acme Arms JSC', aliases: ['Acme Arms'], birthDates: [], countries: ['ru'], topics: ['sanction'] },
    ])
  })

  it('when the header lacks columns, then a ListFormatError names the missing ones', async () => {
    const csv = '"id","schema","full_name","aliases","countries"\n"a","Person","X","",""\n'
    await assert.rejects(readAll(textOf(csv)), new ListFormatError(
      'OpenSanctions targets.simple.csv: line 1 is not its header; missing columns: name, birth_date, addresses, identifiers, sanctions, phones, emails, dataset, first_seen, last_seen'))
  })

  it('when the file is empty, then a ListFormatError says a header row was expected', async () => {
    await assert.rejects(readAll(textOf('')), new ListFormatError(
      'OpenSanctions targets.simple.csv: the file is empty; expected a header row with id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen'))
  })

  it('when a row has fewer fields than the header, then a ListFormatError gives its line', async () => {
    const csv = HEADER + '"a","Person","X","","","","","","","","","","d","","",""\n"b","Person","Y","","","","","","","","","","d",""\n'
    await assert.rejects(readAll(textOf(csv)), new ListFormatError(
      'OpenSanctions targets.simple.csv: Invalid Record Length: expect 16, got 14 on line 3'))
  })

  it('when the last quote is never closed, then a ListFormatError says so', async () => {
    const csv = HEADER + '"a","Person","X","","","","","","","","","","d","","","\n'
    await assert.rejects(readAll(textOf(csv)), new ListFormatError(
      'OpenSanctions targets.simple.csv: Quote Not Closed: the parsing is finished with an opening quote at line 2'))
  })

  it('when a quote is left open with megabytes after it, then a ListFormatError names the row before the whole rest is held', async () => {
    const good = '"a","Person","X","","","","","","","","","","d","","",""\n'
    async function * openQuote () {
      yield HEADER + good + good + '"c","Person","Broken\n'
      for (let i = 0; i < 64; i++) yield 'x'.repeat(1 << 20) // 64 MiB in all, never closed
    }
    const started = performance.now()
    await assert.rejects(readAll(openQuote()), new ListFormatError(
      'OpenSanctions targets.simple.csv: data row 3 (from line 4) is longer than 4 MiB; a quote left open there would make the rest of the file one field'))
    assert.ok(performance.now() - started < 5_000)
  })

  it('when a row has no id, then a ListFormatError gives its line', async () => {
    const csv = HEADER + '"","Person","X","","","","","","","","","","d","","",""\n'
    await assert.rejects(readAll(textOf(csv)), new ListFormatError(
      'OpenSanctions targets.simple.csv: the row ending on line 2 has no id or no name'))
  })

  it('when an OFAC XML file is given as this format, then a ListFormatError says where it went wrong', async () => {
    await assert.rejects(readAll(textOf('<?xml version="1.0"?>\n<sdnList></sdnList>\n')), new ListFormatError(
      'OpenSanctions targets.simple.csv: Invalid Opening Quote: a quote is found on field 0 at line 1, value is "<?xml version="'))
  })

  it('when 200,000 generated rows stream through, then the retained heap grows by less than 50 MB', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().heapUsed
    let count = 0
    let growth = 0
    for await (const _entry of readOpenSanctionsCsv(textChunks(generateCsv(200_000, 7)))) {
      if (++count % 20_000 === 0) {
        gc()
        growth = Math.max(growth, process.memoryUsage().heapUsed - before)
      }
    }
    assert.equal(count, 200_000)
    // Holding every entry would take well over 100 MB; a streaming reader holds one chunk's worth.
    assert.ok(growth < 50 * 1024 * 1024, `retained heap grew by ${Math.round(growth / 1024 / 1024)} MB`)
  })
})

describe('splitValues', () => {
  it('when values hold ";", doubled quotes and a line break, then each comes out as published', () => {
    assert.deepEqual(splitValues('PVT LLC;"Volga; Petro Trading";"The ""Star"" Co";"Line one\nline two";;Last'),
      ['PVT LLC', 'Volga; Petro Trading', 'The "Star" Co', 'Line one\nline two', 'Last'])
  })
})

async function * textChunks (chunks: Iterable<string>) {
  yield * chunks
}
