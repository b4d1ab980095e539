import assert from 'node:assert/strict'
import { createReadStream, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { ofacBirthDates } from './birth-dates.ts'
import { countryCodeFromName } from './country-codes.ts'
import { ListFormatError, type ListEntry } from './list-entry.ts'
import { readOfacSdnXml } from './ofac-sdn-xml.ts'

const FIXTURE = new URL('../../../../test/fixtures/screening-lists/sdn.xml', import.meta.url)

async function readAll (input: Parameters<typeof readOfacSdnXml>[0]): Promise<ListEntry[]> {
  const entries: ListEntry[] = []
  for await (const entry of readOfacSdnXml(input)) entries.push(entry)
  return entries
}

async function * chunksOf (bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function * textOf (...chunks: string[]) {
  yield * chunks
}

const FIXTURE_ENTRIES: ListEntry[] = [
  {
    entityId: 'ofac-36', schema: 'Organization', name: 'NORTHWIND SHIPPING CO., LTD.',
    aliases: ['NORTHWIND LINES'], birthDates: [], countries: ['cu'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-26235', schema: 'Person', name: 'Ivan Petrovich SOKOLOV',
    aliases: ['Ivan SOKOLOFF', 'Иван Петрович Соколов'], birthDates: ['1960-01-12', '1961'], countries: ['ru'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-9647', schema: 'Person', name: 'Chol KIM',
    aliases: ['Chul KIM'], birthDates: ['1958', '1959', '1960', '1962-01'], countries: ['kp'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-27410', schema: 'Vessel', name: 'SEA STAR',
    aliases: [], birthDates: [], countries: ['ir'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-24101', schema: 'Aircraft', name: 'EP-FQA',
    aliases: [], birthDates: [], countries: [], topics: ['sanction'],
  },
  {
    entityId: 'ofac-18822', schema: 'Person', name: 'Aung MYINT',
    aliases: [], birthDates: ['1975'], countries: ['mm', 'cd'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-31270', schema: 'Organization', name: 'AL-NOOR TRADING & EXCHANGE COMPANY',
    aliases: ['AL NUR EXCHANGE'], birthDates: [], countries: ['sy', 'ua'], topics: ['sanction'],
  },
  {
    entityId: 'ofac-7301', schema: 'Person', name: 'ABDULLAH',
    aliases: [], birthDates: [], countries: ['ci'], topics: ['sanction'],
  },
]

describe('readOfacSdnXml', () => {
  it('when the fixture list (BOM, CRLF, default namespace) is read from a file stream, then each sdnEntry becomes its exact entry', async () => {
    assert.deepEqual(await readAll(createReadStream(FIXTURE)), FIXTURE_ENTRIES)
  })

  it('when the file arrives in 5-byte chunks that split tags and Cyrillic characters, then the entries are the same', async () => {
    assert.deepEqual(await readAll(chunksOf(readFileSync(FIXTURE), 5)), FIXTURE_ENTRIES)
  })

  it('when an entry has closed, then it is yielded before the next chunk is read', async () => {
    let chunksRead = 0
    async function * slowly () {
      chunksRead = 1
      yield '<sdnList xmlns="http://tempuri.org/sdnList.xsd"><sdnEntry><uid>1</uid><lastName>FIRST CO</lastName><sdnType>Entity</sdnType></sdnEntry>'
      chunksRead = 2
      yield '<sdnEntry><uid>2</uid><lastName>SECOND CO</lastName><sdnType>Entity</sdnType></sdnEntry></sdnList>'
    }
    const entries = readOfacSdnXml(slowly())
    const first = await entries.next()
    assert.deepEqual({ entityId: first.value?.entityId, chunksRead }, { entityId: 'ofac-1', chunksRead: 1 })
    const second = await entries.next()
    assert.deepEqual({ entityId: second.value?.entityId, chunksRead }, { entityId: 'ofac-2', chunksRead: 2 })
  })

  it('when the XML stops in the middle of an entry, then the entries before it come out and a ListFormatError gives the line and column', async () => {
    const text = readFileSync(FIXTURE, 'utf8')
    const truncated = text.slice(0, text.indexOf('SOKOLOFF') + 3)
    const read: string[] = []
    await assert.rejects(async () => {
      for await (const entry of readOfacSdnXml(textOf(truncated))) read.push(entry.entityId)
    }, new ListFormatError('OFAC SDN XML: not well-formed XML at line 59, column 21: unclosed tag: lastName'))
    assert.deepEqual(read, ['ofac-36'])
  })

  it('when a close tag does not match, then a ListFormatError gives the line and column', async () => {
    await assert.rejects(readAll(textOf('<sdnList><sdnEntry></uid></sdnList>')), new ListFormatError(
      'OFAC SDN XML: not well-formed XML at line 1, column 25: unexpected close tag.'))
  })

  it('when a text is never closed, then a ListFormatError says so after 4 MiB, not at the end of the file', async () => {
    async function * openText () {
      yield '<sdnList>\n<sdnEntry><uid>1</uid><lastName>A'
      for (let i = 0; i < 64; i++) yield 'x'.repeat(1 << 20)
    }
    await assert.rejects(readAll(openText()), new ListFormatError(
      'OFAC SDN XML: the sdnEntry opening on line 2 is longer than 4 MiB'))
    async function * openComment () {
      yield '<sdnList>\n<!-- '
      for (let i = 0; i < 64; i++) yield 'x'.repeat(1 << 20)
    }
    await assert.rejects(readAll(openComment()), new ListFormatError(
      'OFAC SDN XML: nothing closes within 4 MiB after line 1; a text, comment or tag left open there would take the rest of the file'))
  })

  it('when an entry holds a hundred thousand akas, then a ListFormatError names the line it opened on', async () => {
    const aka = '<akaList><aka><uid>2</uid><type>a.k.a.</type><category>strong</category><lastName>' + 'N'.repeat(40) + '</lastName></aka></akaList>'
    await assert.rejects(readAll(textOf('<sdnList>\n<publshInformation/>\n<sdnEntry><uid>1</uid><lastName>A</lastName>', ...Array.from({ length: 40 }, () => aka.repeat(2500)), '</sdnEntry></sdnList>')),
      new ListFormatError('OFAC SDN XML: the sdnEntry opening on line 3 is longer than 4 MiB'))
  })

  it('when the root element is not sdnList, then a ListFormatError names the one found', async () => {
    await assert.rejects(readAll(textOf('<?xml version="1.0"?>\n<Sanctions><DateOfIssue/></Sanctions>')), new ListFormatError(
      'OFAC SDN XML: expected <sdnList> as the root element, found <Sanctions> on line 2'))
  })

  it('when the file is empty, then a ListFormatError says an sdnList document was expected', async () => {
    await assert.rejects(readAll(textOf('')), new ListFormatError('OFAC SDN XML: the file is empty; expected an <sdnList> document'))
  })

  it('when an sdnEntry has no uid, then a ListFormatError gives the line it closed on', async () => {
    await assert.rejects(readAll(textOf('<sdnList>\n<sdnEntry><lastName>NO UID</lastName></sdnEntry>\n</sdnList>')), new ListFormatError(
      'OFAC SDN XML: the sdnEntry closing on line 2 has no uid'))
  })

  it('when an OpenSanctions CSV is given as this format, then a ListFormatError says where it went wrong', async () => {
    await assert.rejects(readAll(textOf('"id","schema","name"\n"NK-1","Person","X"\n')), new ListFormatError(
      'OFAC SDN XML: not well-formed XML at line 3, column 0: text data outside of root node.'))
  })
})

describe('ofacBirthDates', () => {
  it('when OFAC writes a date in each of its forms, then each gives the ISO prefixes it stands for', () => {
    const forms = ['12 Jan 1960', '05 Sep 1971', 'Jan 1962', '1975', 'circa 1961', 'circa 03 Mar 1950', '1958 to 1960', '1900 to 1990', 'unknown', '31 Foo 1960']
    assert.deepEqual(forms.map(ofacBirthDates), [
      ['1960-01-12'], ['1971-09-05'], ['1962-01'], ['1975'], ['1961'], ['1950-03-03'], ['1958', '1959', '1960'], [], [], [],
    ])
  })
})

describe('countryCodeFromName', () => {
  it('when OFAC spells a country its own way, then the ISO code is found; an unknown place gives none', () => {
    const names = ['Korea, North', 'Burma', 'Region: Crimea', 'Russia', 'Iran', "Cote d'Ivoire", 'United Kingdom', 'Congo, Republic of the', 'Congo', 'undetermined']
    assert.deepEqual(names.map(countryCodeFromName), ['kp', 'mm', 'ua', 'ru', 'ir', 'ci', 'gb', 'cg', undefined, undefined])
  })
})
