import { SaxesParser } from 'saxes'
import { ListFormatError, type ListEntry, type ListInput, MAX_ENTRY_CHARACTERS, MAX_ENTRY_SIZE_TEXT } from './list-entry.ts'
import { closeSdnElement, newSdnRecord, OFAC_FORMAT, openSdnElement, toListEntry, type SdnRecord } from './ofac-sdn-entry.ts'

/**
 * Reads OFAC's sdn.xml one <sdnEntry> at a time: each chunk goes through a SAX parser and the entries
 * it closed are yielded before the next chunk is read, so no document tree is ever built. Elements are
 * matched by local name, so both the old (tempuri.org) and the current default namespace work.
 */
export async function * readOfacSdnXml (input: ListInput): AsyncGenerator<ListEntry> {
  const reader = sdnReader()
  const decoder = new TextDecoder('utf-8') // drops a leading BOM and joins characters split across chunks
  let isEmpty = true
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    isEmpty &&= !/[^\s\uFEFF]/.test(text)
    reader.write(text)
    yield * reader.takeEntries()
  }
  if (isEmpty) throw new ListFormatError(`${OFAC_FORMAT}: the file is empty; expected an <sdnList> document`)
  reader.write(decoder.decode())
  reader.close()
  yield * reader.takeEntries()
}

function sdnReader () {
  const parser = new SaxesParser({ xmlns: true, position: true })
  let entries: ListEntry[] = []
  let depth = 0
  let record: SdnRecord | undefined
  const path: string[] = [] // element names from below <sdnEntry> down to the open one
  let text = ''
  // saxes calls closetag before it reports a mismatched close tag, so a bad entry waits for the step to end.
  let badEntry: unknown
  // Where the open entry and the last tag began (characters read, and line): saxes holds an unclosed text, comment or
  // attribute whole until it ends, so a document that closes nothing for MAX_ENTRY_CHARACTERS is refused.
  let entryStart = { at: 0, line: 0 }
  let lastTag = { at: 0, line: 1 }
  const markTag = () => { lastTag = { at: parser.position, line: parser.line } }
  const checkSizes = () => {
    if (record !== undefined && parser.position - entryStart.at > MAX_ENTRY_CHARACTERS) {
      badEntry ??= new ListFormatError(`${OFAC_FORMAT}: the sdnEntry opening on line ${entryStart.line} is longer than ${MAX_ENTRY_SIZE_TEXT}`)
    } else if (parser.position - lastTag.at > MAX_ENTRY_CHARACTERS) {
      badEntry ??= new ListFormatError(`${OFAC_FORMAT}: nothing closes within ${MAX_ENTRY_SIZE_TEXT} after line ${lastTag.line}; a text, comment or tag left open there would take the rest of the file`)
    }
  }

  parser.on('opentag', (node) => {
    markTag()
    depth++
    if (depth === 1 && node.local !== 'sdnList') {
      throw new ListFormatError(`${OFAC_FORMAT}: expected <sdnList> as the root element, found <${node.name}> on line ${parser.line}`)
    }
    if (depth === 2 && node.local === 'sdnEntry') {
      record = newSdnRecord()
      entryStart = { at: parser.position, line: parser.line }
    } else if (record !== undefined) {
      path.push(node.local)
      openSdnElement(record, path.join('/'))
    }
    text = ''
  })
  parser.on('text', (chars) => { text += chars })
  parser.on('cdata', (chars) => { text += chars })
  parser.on('closetag', () => {
    checkSizes()
    markTag()
    depth--
    if (record === undefined) return
    if (depth === 1) {
      try {
        entries.push(toListEntry(record, parser.line))
      } catch (error) {
        badEntry ??= error
      }
      record = undefined
    } else {
      closeSdnElement(record, path.join('/'), text.trim())
      path.pop()
    }
    text = ''
  })

  const step = (run: () => unknown) => {
    wellFormed(run)
    checkSizes()
    if (badEntry !== undefined) throw badEntry
  }
  return {
    write: (chunk: string) => step(() => parser.write(chunk)),
    close: () => step(() => parser.close()),
    takeEntries: () => {
      const taken = entries
      entries = []
      return taken
    },
  }
}

/** Runs a parser step, turning saxes' "line:column: reason" errors into a ListFormatError. */
function wellFormed (step: () => unknown): void {
  try {
    step()
  } catch (error) {
    if (error instanceof ListFormatError) throw error
    const message = (error as Error).message.replace(/^(\d+):(\d+): /, 'line $1, column $2: ')
    throw new ListFormatError(`${OFAC_FORMAT}: not well-formed XML at ${message}`)
  }
}
