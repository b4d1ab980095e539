import type { KycSignal } from '../kyc.schemas.ts'
import type { PrintedComparison } from './viz-comparison.ts'
import type { PrintedField } from './viz-labels.ts'

const FIELD_NAMES: Record<PrintedField, string> = {
  surname: 'surname', givenNames: 'given names', birthDate: 'date of birth', documentNumber: 'document number', expirationDate: 'expiry date',
}

/** Without these read from the page, nothing but the MRZ says who the document is of: an edited name left unread must not pass as Low. */
const CORE: readonly PrintedField[] = ['surname', 'givenNames', 'birthDate', 'documentNumber']

/**
 * What the printed zone says of the MRZ: High for each field that disagrees (a forger edits the
 * page and keeps valid check digits); Medium when the page's core fields could not be read, since
 * check digits are public arithmetic and an MRZ alone can be typed by anyone.
 */
export function printedZoneSignals (comparison: PrintedComparison | null): KycSignal[] {
  const mismatches = comparison === null ? [] : (Object.keys(FIELD_NAMES) as PrintedField[]).filter((field) => comparison[field].outcome === 'mismatch')
  if (mismatches.length > 0) {
    return mismatches.map((field) => ({
      code: 'viz_mrz_mismatch',
      severity: 'high',
      message: `The printed ${FIELD_NAMES[field]} (${comparison![field].printed}) is not the MRZ's (${comparison![field].mrz}): the page or its MRZ has been altered.`,
    }))
  }
  const unread = comparison === null ? CORE : CORE.filter((field) => comparison[field].outcome === 'not_read')
  if (unread.length === 0) return []
  const what = comparison === null ? 'No printed zone (the labelled surname, given names, date of birth and document number) was found' : `The printed ${unread.map((f) => FIELD_NAMES[f]).join(', ')} could not be read`
  return [{
    code: 'mrz_only',
    severity: 'medium',
    message: `${what}, so only the MRZ was checked, and an MRZ's check digits can be typed by anyone. Upload a sharp photo or scan of the whole photo page.`,
  }]
}
