// The Latin spellings one Cyrillic name takes in practice: lists use BGN/PCGN (Russian) or the Ukrainian national
// system, Russian passports ICAO, the English press drops the -iy, German and French registers write it their way.
export type CyrillicSystem = 'bgn' | 'icao' | 'english' | 'german' | 'french' | 'ukrainian'

type Table = Record<string, string>

const COMMON: Table = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g',
}

const TABLES: Record<CyrillicSystem, Table> = {
  bgn: { ...COMMON, ё: 'e' },
  english: { ...COMMON, ё: 'yo' },
  icao: { ...COMMON, й: 'i', ъ: 'ie', ю: 'iu', я: 'ia' },
  german: { ...COMMON, в: 'w', ж: 'sch', з: 's', й: 'j', х: 'ch', ц: 'z', ч: 'tsch', ш: 'sch', щ: 'schtsch', ю: 'ju', я: 'ja', ё: 'jo' },
  french: { ...COMMON, ж: 'j', й: 'i', у: 'ou', ч: 'tch', ш: 'ch', щ: 'chtch', ю: 'iou', я: 'ia' },
  ukrainian: { ...COMMON, г: 'h', и: 'y', й: 'i', ю: 'iu', я: 'ia', є: 'ie', ї: 'i' },
}

const VOWELS = new Set('аеёиоуыэюяіїє')
// Letters written differently at the start of a word or after a vowel: 'Yevgeniy', 'Sergeyevich'; Ukrainian 'Yurii'.
const IOTATED: Partial<Record<CyrillicSystem, Table>> = {
  bgn: { е: 'ye' },
  english: { е: 'ye' },
  german: { е: 'je' },
  ukrainian: { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' },
}

/** One Cyrillic name (any number of words) in the given Latin system, capitalised word by word. */
export function cyrillicToLatin (text: string, system: CyrillicSystem): string {
  return text.split(/(\s+|-)/).map((part) => /^[\s-]*$/.test(part) ? part : word(part, system)).join('')
}

function word (original: string, system: CyrillicSystem): string {
  const lower = original.toLowerCase()
  const ending = wordEnding(lower, system)
  const body = ending === null ? lower : lower.slice(0, -ending[0].length)
  let latin = ''
  for (let i = 0; i < body.length; i++) {
    const letter = body[i]!
    const previous = i === 0 ? '' : body[i - 1]!
    const atStart = i === 0 || VOWELS.has(previous) || previous === 'ь' || previous === 'ъ'
    const iotated = atStart ? IOTATED[system]?.[letter] : undefined
    latin += iotated ?? germanOrFrenchS(system, letter, previous, body[i + 1]) ?? TABLES[system][letter] ?? letter
  }
  if (ending !== null) latin += ending[1]
  latin = latin.replace(/ks/g, system === 'english' || system === 'german' ? 'x' : 'ks')
  return latin.charAt(0).toUpperCase() + latin.slice(1)
}

// German and French write a single s between vowels as 'ss', or it would read as z.
function germanOrFrenchS (system: CyrillicSystem, letter: string, previous: string, next: string | undefined): string | undefined {
  if ((system !== 'german' && system !== 'french') || letter !== 'с') return undefined
  return VOWELS.has(previous) && next !== undefined && VOWELS.has(next) ? 'ss' : undefined
}

function wordEnding (lower: string, system: CyrillicSystem): [string, string] | null {
  const endings: Record<CyrillicSystem, [string, string][]> = {
    bgn: [['ий', 'iy'], ['ый', 'yy']],
    icao: [['ий', 'ii'], ['ый', 'yi']],
    english: [['ский', 'sky'], ['цкий', 'tsky'], ['ий', 'y'], ['ый', 'y']],
    german: [['ский', 'ski'], ['цкий', 'zki'], ['ий', 'i'], ['ый', 'y']],
    french: [['ский', 'ski'], ['ий', 'i'], ['ый', 'y']],
    ukrainian: [['ський', 'skyi'], ['ий', 'yi']],
  }
  return endings[system].find(([cyrillic]) => lower.endsWith(cyrillic) && lower.length > cyrillic.length) ?? null
}
