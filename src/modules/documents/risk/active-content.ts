import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFObject, PDFString } from 'pdf-lib'
import type { RiskSignal } from '../analysis/analysis-types.ts'

type ActiveKind = 'javascript' | 'launch' | 'embedded_file'
interface Finding { kind: ActiveKind, where: string }

const MAX_PAGES = 50
const MAX_NODES = 500 // name-tree, field-tree and action-chain nodes visited: a hostile file cannot make the walk endless

const name = (value: string) => PDFName.of(value)

/**
 * JavaScript, launch actions and embedded files, found by walking the document's structure with pdf-lib (which
 * unpacks compressed object streams, where a byte search sees nothing): the catalog's name trees, open action
 * and additional actions, the form fields, and each page's actions and annotations.
 */
export async function activeContentSignals (bytes: Uint8Array, raw: string): Promise<RiskSignal[]> {
  let findings: Finding[]
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest })
    findings = new StructureWalk(doc).findAll()
  } catch {
    // pdf.js reads some files pdf-lib cannot (damaged, encrypted object streams): fall back to the names in the raw bytes.
    findings = findInRawBytes(raw)
  }
  return toSignals(findings)
}

class StructureWalk {
  readonly #doc: PDFDocument
  readonly #findings: Finding[] = []
  #budget = MAX_NODES

  constructor (doc: PDFDocument) {
    this.#doc = doc
  }

  findAll (): Finding[] {
    const catalog = this.#doc.catalog
    const names = this.#dict(catalog.get(name('Names')))
    for (const script of this.#nameTreeKeys(names?.get(name('JavaScript')))) this.#add('javascript', `document-level script "${script}"`)
    for (const file of this.#nameTreeKeys(names?.get(name('EmbeddedFiles')))) this.#add('embedded_file', `"${file}"`)
    this.#action(catalog.get(name('OpenAction')), 'the action run when the document opens')
    this.#additionalActions(catalog.get(name('AA')), 'document')
    this.#fields(this.#dict(catalog.get(name('AcroForm')))?.get(name('Fields')))
    this.#doc.getPages().slice(0, MAX_PAGES).forEach((page, index) => this.#page(page.node, index + 1))
    return this.#findings
  }

  #page (page: PDFDict, pageNumber: number): void {
    this.#additionalActions(page.get(name('AA')), `page ${pageNumber}`)
    for (const annotation of this.#array(page.get(name('Annots')))) {
      const dict = this.#dict(annotation)
      if (dict === undefined || !this.#spend()) continue
      if (dict.get(name('Subtype')) === name('FileAttachment')) this.#add('embedded_file', `a file attachment on page ${pageNumber}`)
      this.#action(dict.get(name('A')), `an annotation on page ${pageNumber}`)
      this.#additionalActions(dict.get(name('AA')), `an annotation on page ${pageNumber}`)
    }
  }

  #fields (fields: PDFObject | undefined): void {
    for (const field of this.#array(fields)) {
      const dict = this.#dict(field)
      if (dict === undefined || !this.#spend()) continue
      this.#action(dict.get(name('A')), 'a form field')
      this.#additionalActions(dict.get(name('AA')), 'a form field')
      this.#fields(dict.get(name('Kids')))
    }
  }

  #additionalActions (value: PDFObject | undefined, owner: string): void {
    for (const [trigger, action] of this.#dict(value)?.entries() ?? []) this.#action(action, `${owner} event ${trigger.decodeText()}`)
  }

  /** An action and the chain of actions its /Next runs after it. */
  #action (value: PDFObject | undefined, where: string): void {
    const resolved = this.#doc.context.lookup(value)
    if (resolved instanceof PDFArray) {
      for (const item of resolved.asArray()) this.#action(item, where)
      return
    }
    if (!(resolved instanceof PDFDict) || !this.#spend()) return
    const type = resolved.get(name('S'))
    if (type === name('JavaScript') || resolved.has(name('JS'))) this.#add('javascript', where)
    if (type === name('Launch')) this.#add('launch', where)
    this.#action(resolved.get(name('Next')), where)
  }

  /** The keys of a name tree (document scripts, embedded files): leaves hold [key value key value …] in /Names. */
  #nameTreeKeys (node: PDFObject | undefined): string[] {
    const dict = this.#dict(node)
    if (dict === undefined || !this.#spend()) return []
    const pairs = this.#array(dict.get(name('Names')))
    const keys = pairs.filter((_, index) => index % 2 === 0).map((key) => this.#text(key))
    return [...keys, ...this.#array(dict.get(name('Kids'))).flatMap((kid) => this.#nameTreeKeys(kid))]
  }

  #add (kind: ActiveKind, where: string): void {
    this.#findings.push({ kind, where })
  }

  #spend (): boolean {
    return this.#budget-- > 0
  }

  #dict (value: PDFObject | undefined): PDFDict | undefined {
    const resolved = this.#doc.context.lookup(value)
    return resolved instanceof PDFDict ? resolved : undefined
  }

  #array (value: PDFObject | undefined): PDFObject[] {
    const resolved = this.#doc.context.lookup(value)
    return resolved instanceof PDFArray ? resolved.asArray() : []
  }

  #text (value: PDFObject | undefined): string {
    const resolved = this.#doc.context.lookup(value)
    return resolved instanceof PDFString || resolved instanceof PDFHexString ? resolved.decodeText() : '?'
  }
}

const RAW_NAMES: readonly [RegExp, ActiveKind][] = [
  [/\/(JavaScript|JS)(?![\w#.-])/, 'javascript'],
  [/\/Launch(?![\w#.-])/, 'launch'],
  [/\/(EmbeddedFiles?|FileAttachment)(?![\w#.-])/, 'embedded_file'],
]

function findInRawBytes (raw: string): Finding[] {
  return RAW_NAMES.filter(([pattern]) => pattern.test(raw)).map(([, kind]) => ({ kind, where: 'named in the file\'s uncompressed objects' }))
}

const DESCRIPTIONS: Record<ActiveKind, (where: string) => string> = {
  javascript: (where) => `The PDF contains JavaScript (${where}), which a statement has no reason to run.`,
  launch: (where) => `The PDF contains a Launch action (${where}), which can start a program or open another file.`,
  embedded_file: (where) => `The PDF carries an embedded file (${where}), which can hide another document inside this one.`,
}

function toSignals (findings: readonly Finding[]): RiskSignal[] {
  return (Object.keys(DESCRIPTIONS) as ActiveKind[]).flatMap((kind) => {
    const places = [...new Set(findings.filter((finding) => finding.kind === kind).map((finding) => finding.where))]
    if (places.length === 0) return []
    const where = places.length > 3 ? `${places.slice(0, 3).join(', ')} and ${places.length - 3} more` : places.join(', ')
    return [{ code: 'active_content', severity: 'high' as const, message: DESCRIPTIONS[kind](where) }]
  })
}
