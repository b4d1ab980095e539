import { isAlpha3CountryCode } from '#shared/country-code.ts'

// ICAO 9303 part 3 codes outside ISO 3166: Germany's D, the British nationality classes, UN and EU documents, refugees, stateless.
const ICAO_ONLY = new Set(['D', 'EUE', 'GBD', 'GBN', 'GBO', 'GBP', 'GBS', 'RKS', 'UNA', 'UNK', 'UNO', 'XBA', 'XCC', 'XCE', 'XCO', 'XDC', 'XEC', 'XES', 'XIM', 'XMP', 'XOM', 'XPO', 'XSC', 'XXA', 'XXB', 'XXC', 'XXX'])

/** A code an MRZ may hold as issuing state or nationality (fillers stripped). */
export function isMrzCountryCode (code: string): boolean {
  return ICAO_ONLY.has(code) || isAlpha3CountryCode(code)
}
