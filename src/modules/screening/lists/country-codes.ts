import { createRequire } from 'node:module'
import { isCountryCode } from '#shared/country-code.ts'

type LocaleFile = { countries: Record<string, string | string[]> }
const englishNames = (createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleFile).countries

// OFAC's spellings that the English country list does not carry ("Korea, North", "Burma", "Region: Crimea").
const OFAC_NAMES: Record<string, string> = {
  'burma': 'mm',
  'korea, north': 'kp',
  'korea, south': 'kr',
  'congo, democratic republic of the': 'cd',
  'congo, republic of the': 'cg',
  'syria': 'sy',
  'laos': 'la',
  'moldova': 'md',
  'brunei': 'bn',
  'macau': 'mo',
  'macao': 'mo',
  'macedonia': 'mk',
  'macedonia, the former yugoslav republic of': 'mk',
  'turkiye': 'tr',
  'bahamas, the': 'bs',
  'gambia, the': 'gm',
  'holy see': 'va',
  'vatican city': 'va',
  'cabo verde': 'cv',
  'cape verde': 'cv',
  'curacao': 'cw',
  'sint maarten': 'sx',
  'swaziland': 'sz',
  'east timor': 'tl',
  'palestinian': 'ps',
  'west bank': 'ps',
  'gaza': 'ps',
  'region: gaza': 'ps',
  'region: west bank': 'ps',
  'crimea': 'ua',
  'region: crimea': 'ua',
  'region: northern mali': 'ml',
  'region: kurdistan region': 'iq',
}

const BY_NAME = indexEnglishNames()

/** The ISO alpha-2 code (lower case) of a country name as OFAC writes it, or undefined for an unknown name ("undetermined"). */
export function countryCodeFromName (name: string): string | undefined {
  const key = normalise(name)
  return OFAC_NAMES[key] ?? BY_NAME.get(key)
}

/**
 * The ISO alpha-2 code of a FollowTheMoney country code: OpenSanctions writes ISO codes in lower case
 * and a few of its own; a region code ("ua-cri", "ge-ab") counts as its country, a former
 * state ("suhh", "csxx") or "zz" (global) has none.
 */
export function countryCodeFromFtm (code: string): string | undefined {
  const country = code.trim().toLowerCase().split('-')[0]!
  return isCountryCode(country) ? country : undefined
}

function normalise (name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase()
}

/** English names and aliases to codes; a name shared by two countries ("Congo") is left out. */
function indexEnglishNames (): Map<string, string> {
  const byName = new Map<string, string>()
  const ambiguous = new Set<string>()
  for (const [code, names] of Object.entries(englishNames)) {
    for (const name of typeof names === 'string' ? [names] : names) {
      const key = normalise(name)
      if (byName.has(key) && byName.get(key) !== code.toLowerCase()) ambiguous.add(key)
      byName.set(key, code.toLowerCase())
    }
  }
  for (const key of ambiguous) byName.delete(key)
  return byName
}
