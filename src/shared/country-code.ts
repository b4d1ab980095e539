// The library's Node entry loads ~80 locale files (~15 MB); validating codes needs only the code table.
import countries from 'i18n-iso-countries/index.js'

/** ISO 3166-1 alpha-2, from the i18n-iso-countries list; either case is accepted. */
export function isCountryCode (value: string): boolean {
  return /^[A-Za-z]{2}$/.test(value) && countries.isValid(value.toUpperCase())
}

export const COUNTRY_CODE_FORMAT = 'iso3166-alpha2'

/** ISO 3166-1 alpha-3 (upper case, as machine-readable documents print it). */
export function isAlpha3CountryCode (value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && countries.alpha3ToAlpha2(value) !== undefined
}
