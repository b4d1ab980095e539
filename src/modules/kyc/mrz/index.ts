export { readMrz } from './read-mrz.ts'
export type { MrzReading } from './read-mrz.ts'
export type { MrzFields } from './mrz-fields.ts'
export { isMrzCountryCode } from './mrz-countries.ts'
