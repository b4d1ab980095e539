// Synthetic sanctions/PEP list for screening benchmarks and the list reader's memory test:
//   node bench/screening/generate-list.ts --entries 1000000 --out /tmp/list.csv [--seed 1]
// Writes N entries in the exact format of OpenSanctions' targets.simple.csv (every field quoted, inner
// quotes doubled, several values in one cell joined with ';' and quoted when they hold one). The same
// entries and seed always give the same bytes. About 70 % are people (birth dates, countries, names from
// many cultures, a middle name or patronymic on some), 30 % organisations with legal forms; a third carry
// aliases (transliterations, native script, initials, former names); topics mix sanctions, PEPs and crime.
// Rows are made one at a time and written with back-pressure, so memory stays flat for any N.
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'

export const TARGETS_SIMPLE_HEADER = [
  'id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'addresses', 'identifiers',
  'sanctions', 'phones', 'emails', 'program_ids', 'dataset', 'first_seen', 'last_seen', 'last_change',
] as const

/** A culture's names: "Latin:Native" pairs where a native script exists, '*' marks a woman's name. */
interface Culture {
  countries: string[]
  given: string[]
  surnames: string[]
  middles?: string[]
  surnameFirst?: boolean
  doubleSurname?: boolean
  cities: string[]
}

const words = (text: string) => text.trim().split(/\s+/)

const CULTURES: Culture[] = [
  {
    countries: ['gb', 'us', 'ca', 'au', 'ie'],
    given: words('James John Robert Michael William David Richard Thomas Charles Daniel George Oliver Harry Mary* Patricia* Jennifer* Linda* Elizabeth* Barbara* Susan* Jessica* Sarah* Emily* Hannah*'),
    surnames: words('Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Jackson Thompson White Harris Clarke Lewis Walker Hall Young Allen Wright Scott Green Baker'),
    middles: words('Edward Alan James Lee Marie* Anne* Louise* Rose*'),
    cities: ['London', 'New York', 'Toronto', 'Sydney', 'Dublin'],
  },
  {
    countries: ['ru', 'ru', 'ru', 'by', 'kz'],
    given: words(`Aleksandr:Александр Dmitry:Дмитрий Sergey:Сергей Andrey:Андрей Alexey:Алексей Vladimir:Владимир
      Mikhail:Михаил Igor:Игорь Yuri:Юрий Oleg:Олег Nikolai:Николай Viktor:Виктор Roman:Роман Pavel:Павел Denis:Денис
      Elena*:Елена Olga*:Ольга Tatiana*:Татьяна Natalia*:Наталья Irina*:Ирина Svetlana*:Светлана Anna*:Анна
      Maria*:Мария Ekaterina*:Екатерина Yulia*:Юлия`),
    surnames: words(`Ivanov:Иванов Smirnov:Смирнов Kuznetsov:Кузнецов Popov:Попов Vasiliev:Васильев Petrov:Петров
      Sokolov:Соколов Mikhailov:Михайлов Novikov:Новиков Fedorov:Федоров Morozov:Морозов Volkov:Волков
      Alekseev:Алексеев Lebedev:Лебедев Semenov:Семенов Egorov:Егоров Pavlov:Павлов Kozlov:Козлов
      Stepanov:Степанов Nikolaev:Николаев Orlov:Орлов Makarov:Макаров Zaitsev:Зайцев Sorokin:Сорокин
      Vinogradov:Виноградов Belov:Белов Gusev:Гусев Titov:Титов`),
    middles: words(`Aleksandrovich:Александрович Sergeyevich:Сергеевич Vladimirovich:Владимирович Ivanovich:Иванович
      Petrovich:Петрович Nikolaevich:Николаевич Aleksandrovna*:Александровна Sergeyevna*:Сергеевна
      Vladimirovna*:Владимировна Ivanovna*:Ивановна Petrovna*:Петровна Nikolaevna*:Николаевна`),
    cities: ['Moscow', 'Saint Petersburg', 'Yekaterinburg', 'Minsk', 'Almaty'],
  },
  {
    countries: ['sy', 'iq', 'lb', 'ye', 'ae', 'sa', 'eg', 'ly', 'jo'],
    given: words(`Mohammed:محمد Ahmed:أحمد Ali:علي Omar:عمر Khalid:خالد Hassan:حسن Hussein:حسين Ibrahim:إبراهيم
      Youssef:يوسف Abdullah:عبدالله Mahmoud:محمود Tariq:طارق Samir:سمير Karim:كريم Faisal:فيصل Nasser:ناصر Walid:وليد
      Fatima*:فاطمة Aisha*:عائشة Layla*:ليلى Mariam*:مريم Noor*:نور Huda*:هدى Zainab*:زينب Salma*:سلمى`),
    surnames: words(`Al-Hassan:الحسن Al-Rashid:الرشيد Haddad:حداد Khalil:خليل Mansour:منصور Saleh:صالح Hamdan:حمدان
      Aziz:عزيز Darwish:درويش Habib:حبيب Qasim:قاسم Al-Masri:المصري Al-Sayed:السيد Farouk:فاروق Jaber:جابر
      Al-Obeidi:العبيدي Shami:شامي Zaidi:زيدي Yassin:ياسين Barakat:بركات Suleiman:سليمان Awad:عوض Al-Tamimi:التميمي`),
    cities: ['Damascus', 'Baghdad', 'Beirut', 'Sanaa', 'Dubai', 'Riyadh', 'Cairo', 'Tripoli'],
  },
  {
    countries: ['ir'],
    given: words('Reza Ali Mehdi Hossein Mohammad Hamid Javad Saeed Amir Majid Farhad Dariush Behrouz Kamran Maryam* Zahra* Fatemeh* Shirin* Nasrin* Parisa* Leila*'),
    surnames: words('Hosseini Ahmadi Mohammadi Rezaei Moradi Karimi Jafari Rahimi Hashemi Ghorbani Sadeghi Rostami Tehrani Shirazi Esfahani Kazemi Najafi Akbari Bagheri Salehi'),
    cities: ['Tehran', 'Isfahan', 'Mashhad', 'Tabriz'],
  },
  {
    countries: ['cn', 'cn', 'hk', 'tw', 'sg'],
    given: words('Wei Jie Ming Hao Lei Jun Yong Tao Qiang Bin Xiaoming Jianguo Zhiwei Haoran Li* Fang* Na* Xiuying* Yan* Hui* Jing* Mei*'),
    surnames: words('Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin He Gao Luo Zheng Liang Xie Song Tang'),
    surnameFirst: true,
    cities: ['Shanghai', 'Beijing', 'Shenzhen', 'Hong Kong', 'Singapore'],
  },
  {
    countries: ['kp', 'kp', 'kr'],
    given: words('Jong-su Yong-ho Chol Myong-hak Song-il Kwang-ho Ji-hoon Min-jun Hyun-woo Sung-min Young-soo Il-nam Seo-yeon* Ji-woo* Eun-ji* Kyong-hui* Son-hwa*'),
    surnames: words('Kim Ri Pak Choe Jong Kang Jo Yun Jang Rim Han Ryu O Hwang'),
    surnameFirst: true,
    cities: ['Pyongyang', 'Nampo', 'Seoul'],
  },
  {
    countries: ['mx', 'co', 've', 'ar', 'es', 'pe', 'cu', 'pa'],
    given: words('José Juan Carlos Luis Jorge Miguel Javier Alejandro Fernando Ricardo Diego Andrés Rafael María* Carmen* Ana* Lucía* Sofía* Isabel* Gabriela* Daniela* Valentina* Paula*'),
    surnames: words('García Rodríguez Martínez Hernández López González Pérez Sánchez Ramírez Torres Flores Rivera Gómez Díaz Morales Reyes Cruz Ortiz Gutiérrez Castillo Vargas Romero Herrera Medina Aguilar'),
    middles: words('Antonio Manuel Eduardo Alberto Guadalupe* Elena* Cristina*'),
    doubleSurname: true,
    cities: ['Mexico City', 'Culiacán', 'Bogotá', 'Caracas', 'Buenos Aires', 'Madrid', 'Lima', 'Havana', 'Panama City'],
  },
  {
    countries: ['de', 'at', 'ch'],
    given: words('Hans Peter Klaus Jürgen Stefan Michael Andreas Thomas Wolfgang Matthias Frank Markus Sabine* Petra* Monika* Claudia* Andrea* Julia* Katharina* Ursula*'),
    surnames: words('Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hartmann Lange'),
    middles: words('Josef Karl Friedrich Maria* Elisabeth*'),
    cities: ['Berlin', 'Hamburg', 'Munich', 'Vienna', 'Zurich'],
  },
  {
    countries: ['fr', 'be', 'sn', 'ci', 'cm'],
    given: words('Jean Pierre Michel Philippe Alain Nicolas François Laurent Olivier Christophe Jean-Baptiste Marie* Nathalie* Isabelle* Sylvie* Catherine* Camille* Chloé* Élodie*'),
    surnames: words('Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel David Bertrand Roux Vincent Fournier Morel Girard Mercier Dupont Diop Ndiaye'),
    middles: words('Louis Paul Marie* Claire*'),
    cities: ['Paris', 'Marseille', 'Brussels', 'Dakar', 'Abidjan', 'Douala'],
  },
  {
    countries: ['tr', 'tr', 'az', 'cy'],
    given: words('Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Murat Emre Burak Ömer Yusuf Ayşe* Fatma* Emine* Hatice* Zeynep* Elif* Meryem*'),
    surnames: words('Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Aliyev Mammadov'),
    cities: ['Istanbul', 'Ankara', 'Izmir', 'Baku', 'Nicosia'],
  },
  {
    countries: ['in', 'pk', 'bd', 'af', 'lk'],
    given: words('Rahul Amit Sanjay Vijay Rajesh Arjun Imran Asif Bilal Zahid Abdul Nazir Priya* Anjali* Sunita* Deepa* Ayesha* Sana* Nasima*'),
    surnames: words('Sharma Verma Gupta Singh Kumar Patel Reddy Iyer Nair Khan Qureshi Chaudhry Malik Hussain Siddiqui Ahmed Rahman Chowdhury Das Haqqani Popalzai Perera'),
    cities: ['Mumbai', 'Delhi', 'Karachi', 'Lahore', 'Dhaka', 'Kabul', 'Colombo'],
  },
  {
    countries: ['ng', 'gh', 'ke', 'so', 'sd', 'ss', 'cd', 'ml', 'zw'],
    given: words('Chukwuemeka Oluwaseun Adebayo Emeka Kwame Kofi Yaw Abdi Mohamed Moussa Amadou Tendai Joseph Ngozi* Amina* Fatou* Chiamaka* Abena* Halima* Wanjiru*'),
    surnames: words('Okafor Okonkwo Adeyemi Balogun Mensah Boateng Owusu Diallo Traoré Keita Coulibaly Kamara Abdullahi Warsame Mwangi Otieno Kiprop Mukendi Ilunga Ndlovu Dlamini Moyo Deng Garang'),
    cities: ['Lagos', 'Abuja', 'Accra', 'Nairobi', 'Mogadishu', 'Khartoum', 'Juba', 'Kinshasa', 'Bamako', 'Harare'],
  },
  {
    countries: ['ua', 'ua', 'rs', 'pl', 'ba', 'hr', 'bg'],
    given: words(`Oleksandr:Олександр Andriy:Андрій Taras:Тарас Bohdan:Богдан Mykola:Микола Petro:Петро Vasyl:Василь
      Dragan Milan Nikola Marko Piotr Tomasz Krzysztof Olena*:Олена Oksana*:Оксана Iryna*:Ірина Milica* Jelena*
      Agnieszka* Katarzyna*`),
    surnames: words(`Shevchenko:Шевченко Kovalenko:Коваленко Bondarenko:Бондаренко Tkachenko:Ткаченко Kravchenko:Кравченко
      Melnyk:Мельник Petrenko:Петренко Jovanović Petrović Nikolić Marković Đorđević Kowalski Nowak Wiśniewski Wójcik
      Kamiński Horvat Kovačević Dimitrov Georgiev`),
    cities: ['Kyiv', 'Kharkiv', 'Belgrade', 'Warsaw', 'Sarajevo', 'Zagreb', 'Sofia'],
  },
]

const ORG_FIRST = words(`Northwind Global Eastern Golden Caspian Baltic Pacific Atlas Orion Sahara Phoenix Crescent Sunrise
  Meridian Polar Delta Emerald Horizon Pioneer Zenith Alpine Falcon Volga Ural Amur Tigris Nile Andes Danube Mekong Gulf
  Levant Novo Sever Arctic Silverline Bluewater Ironstone Kestrel Trident Aurora Sapphire Granite Cedar Oasis Summit`)
const ORG_SECOND = ['Trading', 'Shipping', 'Logistics', 'Petroleum', 'Energy', 'Holdings', 'Investments', 'Capital',
  'Industries', 'Engineering', 'Mining', 'Metals', 'Chemicals', 'Technologies', 'Electronics', 'Aviation', 'Maritime',
  'Construction', 'Finance', 'Exchange', 'Import Export', 'General Trading', 'Resources', 'Agro', 'Textiles', 'Pharma',
  'Defense Systems', 'Marine Services', 'Oil & Gas', 'Energo', 'Stroy', 'Invest']
const ORG_WIDER = ['Group', 'International', 'Worldwide', 'Partners', 'Services', 'Development']
/** Legal forms by country; a form ending in ' ' goes before the name ("OOO Volga Energo"). */
const LEGAL_FORMS: Record<string, string[]> = {
  gb: ['Ltd', 'Limited', 'PLC'], us: ['LLC', 'Inc.', 'Corp.'], de: ['GmbH', 'AG'], at: ['GmbH'], ch: ['AG', 'SA'],
  ru: ['OOO ', 'AO ', 'PAO ', 'LLC', 'JSC'], by: ['OAO ', 'LLC'], kz: ['TOO ', 'JSC'], ua: ['TOV ', 'PrJSC', 'LLC'],
  fr: ['SA', 'SARL', 'SAS'], es: ['S.A.', 'S.L.'], mx: ['S.A. de C.V.'], co: ['S.A.S.'], ve: ['C.A.'], pa: ['S.A.', 'Inc.'],
  ae: ['FZE', 'FZCO', 'General Trading LLC', 'LLC'], cn: ['Co., Ltd.'], hk: ['Limited', 'Co., Limited'], sg: ['Pte. Ltd.'],
  tr: ['A.Ş.', 'Ltd. Şti.'], ir: ['Company', 'PJS'], kp: ['Corporation', 'Trading Corporation'], in: ['Pvt. Ltd.'],
  nl: ['B.V.'], cy: ['Ltd'], it: ['S.p.A.', 'S.r.l.'], lb: ['SAL'], sy: ['LLC'],
}
const ORG_COUNTRIES = Object.keys(LEGAL_FORMS)

interface Programme { text: string, id: string }
const PROGRAMMES: Record<string, Programme[]> = {
  ru: [{ text: 'RUSSIA-EO14024', id: 'US-RUS' }, { text: 'Council Regulation (EU) 269/2014', id: 'EU-UKR' }, { text: 'The Russia (Sanctions) (EU Exit) Regulations 2019', id: 'GB-RUS' }],
  ir: [{ text: 'IRAN', id: 'US-IRN' }, { text: 'IRGC', id: 'US-IRN' }, { text: 'Council Regulation (EU) 267/2012', id: 'EU-IRN' }],
  kp: [{ text: 'DPRK3', id: 'US-DPRK' }, { text: 'UN Security Council Resolution 1718', id: 'UN-SC1718' }],
  sy: [{ text: 'SYRIA', id: 'US-SYR' }, { text: 'Council Regulation (EU) 36/2012', id: 'EU-SYR' }],
  cu: [{ text: 'CUBA', id: 'US-CUBA' }], ve: [{ text: 'VENEZUELA-EO13850', id: 'US-VEN' }], mm: [{ text: 'BURMA-EO14014', id: 'US-BURMA' }],
  any: [{ text: 'SDGT', id: 'US-SDGT' }, { text: 'ILLICIT-DRUGS-EO14059', id: 'US-NARCO' }, { text: 'GLOMAG', id: 'US-GLOMAG' },
    { text: 'UN Security Council Resolution 1267', id: 'UN-SC1267' }, { text: 'CYBER2', id: 'US-CYBER' }],
}
const REASONS = ['', '', 'Being or having been a leading businessperson; operating in a sector of strategic significance',
  'Involved in destabilising activities', 'Acting for or on behalf of a designated person', 'Serious human rights abuse']
const SANCTION_DATASETS = ['US OFAC Specially Designated Nationals (SDN) List', 'EU Financial Sanctions Files (FSF)',
  'UK FCDO Sanctions List', 'UN Security Council Consolidated Sanctions', 'Swiss SECO Sanctions/Embargoes']
const PEP_DATASETS = ['Every Politician', 'Wikidata Politically Exposed Persons', 'CIA World Leaders']
const CRIME_DATASETS = ['INTERPOL Red Notices', 'US FBI Most Wanted', 'Europol Most Wanted Fugitives']
const STREETS = ['Main Street', 'Central Avenue', 'Industrial Road', 'Harbour Road', 'Station Square', 'Market Street', 'Park Lane']
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const LAST_SEEN = '2024-06-01T06:10:02'

/** A seeded PRNG (mulberry32): the same seed gives the same sequence on every machine. */
function random (seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6D2B79F5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}
type Random = ReturnType<typeof random>

/** The Latin form, the native-script form (if any) and whether a pooled name is a woman's. */
function nameParts (entry: string) {
  const isFemale = entry.includes('*')
  const [latin, native] = entry.replace('*', '').split(':')
  return { latin: latin!, native, isFemale }
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')
const pad = (n: number) => String(n).padStart(2, '0')

/** The next `count` rows of a synthetic targets.simple.csv, each in TARGETS_SIMPLE_HEADER order. */
export function * generateEntries (count: number, seed = 1): Generator<string[]> {
  const rng = random(seed)
  for (let i = 0; i < count; i++) yield rng.chance(0.7) ? personRow(rng, i) : organisationRow(rng)
}

interface Topic { sanctions: string[], programIds: string[], datasets: string[], isPep: boolean }

function personRow (rng: Random, index: number): string[] {
  const culture = rng.pick(CULTURES)
  const given = nameParts(rng.pick(culture.given))
  const family = nameParts(rng.pick(culture.surnames))
  const female = given.isFemale
  // A middle name, a patronymic, or a second given name ("Juan Carlos", "Mohammed Ali").
  const middles = (culture.middles ?? (culture.surnameFirst ? [] : culture.given)).filter((m) => m.includes('*') === female)
  const middle = middles.length > 0 && rng.chance(0.35) ? nameParts(rng.pick(middles)) : undefined
  // Russian surnames take a feminine ending: Ivanov → Ivanova, Иванов → Иванова.
  const feminine = (s: string | undefined) => (s !== undefined && female && /(ov|ev|in|ов|ев|ин)$/.test(s) ? `${s}a` : s)
  const surname = culture.doubleSurname && rng.chance(0.6) ? `${family.latin} ${rng.pick(culture.surnames)}` : feminine(family.latin)!
  const latinParts = [given.latin, middle?.latin, surname].filter((p) => p !== undefined)
  const name = culture.surnameFirst ? `${surname} ${given.latin}` : latinParts.join(' ')
  const aliases = personAliases(rng, culture, given, middle, family, surname, feminine)
  const countries = rng.chance(0.95) ? personCountries(rng, culture) : []
  const topic = personTopic(rng, countries[0] ?? 'any')
  const id = topic.isPep && rng.chance(0.7) ? `Q${(index + 1) * 131 + rng.int(0, 130)}` : nkId(rng)
  const city = rng.pick(culture.cities)
  return row(rng, id, 'Person', name, aliases, rng.chance(0.92) ? birthDates(rng) : [], countries, city, topic,
    rng.chance(0.25) ? [`${BASE58[rng.int(9, 32)]}${BASE58[rng.int(9, 32)]}${rng.int(1000000, 9999999)}`] : [])
}

function personAliases (rng: Random, culture: Culture, given: ReturnType<typeof nameParts>, middle: ReturnType<typeof nameParts> | undefined,
  family: ReturnType<typeof nameParts>, surname: string, feminine: (s: string | undefined) => string | undefined): string[] {
  if (!rng.chance(0.35)) return []
  const aliases: string[] = []
  if (given.native !== undefined && family.native !== undefined) {
    aliases.push([given.native, middle?.native, feminine(family.native)].filter((p) => p !== undefined).join(' '))
  }
  if (fold(surname) !== surname || fold(given.latin) !== given.latin) aliases.push(`${fold(given.latin)} ${fold(surname)}`)
  if (rng.chance(0.5)) aliases.push(culture.surnameFirst ? `${given.latin} ${surname}` : `${surname.toUpperCase()}, ${given.latin}`)
  if (rng.chance(0.3)) aliases.push(`${given.latin[0]}. ${surname}`)
  if (rng.chance(0.2)) aliases.push(`${nameParts(rng.pick(culture.given)).latin} ${surname}`)
  return aliases
}

function organisationRow (rng: Random): string[] {
  const country = rng.pick(ORG_COUNTRIES)
  const form = rng.pick(LEGAL_FORMS[country]!)
  // A founder's surname ("Haddad Logistics") or a brand word, sometimes widened ("… International").
  const first = rng.chance(0.4) ? nameParts(rng.pick(rng.pick(CULTURES).surnames)).latin : rng.pick(ORG_FIRST)
  const core = `${first} ${rng.pick(ORG_SECOND)}${rng.chance(0.2) ? ` ${rng.pick(ORG_WIDER)}` : ''}`
  const quoted = form.endsWith(' ') && rng.chance(0.5) ? `"${core.toUpperCase()}"` : core
  const name = form.endsWith(' ') ? `${form}${quoted}` : `${core} ${form}`
  const aliases: string[] = []
  if (rng.chance(0.35)) aliases.push(core)
  if (rng.chance(0.2)) aliases.push(core.split(/\s+/).map((w) => w[0]).join('').toUpperCase() + (form.endsWith(' ') ? '' : ` ${form}`))
  if (rng.chance(0.15)) aliases.push(`${rng.pick(ORG_FIRST)} ${core.split(' ').slice(1).join(' ')} ${form.trim()}`)
  const sanctioned = rng.chance(0.9)
  const topic: Topic = sanctioned ? sanctionTopic(rng, country) : { sanctions: [], programIds: [], datasets: ['US Trade Consolidated Screening List (CSL)'], isPep: false }
  const countries = rng.chance(0.85) ? [country] : []
  const schema = rng.pick(['Company', 'Company', 'Organization', 'LegalEntity'])
  return row(rng, nkId(rng), schema, name, aliases, [], countries, rng.pick(CULTURES).cities[0]!, topic,
    rng.chance(0.3) ? [String(rng.int(100000000, 999999999999))] : [])
}

function personTopic (rng: Random, country: string): Topic {
  const draw = rng.next()
  if (draw < 0.55) return sanctionTopic(rng, country)
  if (draw < 0.95) {
    const pep = { sanctions: [], programIds: [], datasets: [rng.pick(PEP_DATASETS)], isPep: true }
    // Some politicians are sanctioned too: a listed minister.
    return rng.chance(0.1) ? merge(pep, sanctionTopic(rng, country)) : pep
  }
  return { sanctions: [], programIds: [], datasets: [rng.pick(CRIME_DATASETS)], isPep: false }
}

function sanctionTopic (rng: Random, country: string): Topic {
  const programmes = [...(PROGRAMMES[country] ?? []), ...(PROGRAMMES[country] ? [] : PROGRAMMES.any!)]
  const chosen = new Set([rng.pick(programmes), ...(rng.chance(0.3) ? [rng.pick(programmes)] : [])])
  const since = `${rng.int(2012, 2024)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`
  return {
    sanctions: [...chosen].map((p) => [p.text, rng.pick(REASONS), since].filter((s) => s !== '').join(' - ')),
    programIds: [...new Set([...chosen].map((p) => p.id))],
    datasets: [...new Set([rng.pick(SANCTION_DATASETS), ...(rng.chance(0.4) ? [rng.pick(SANCTION_DATASETS)] : [])])],
    isPep: false,
  }
}

const merge = (a: Topic, b: Topic): Topic => ({
  sanctions: [...a.sanctions, ...b.sanctions], programIds: [...a.programIds, ...b.programIds],
  datasets: [...a.datasets, ...b.datasets], isPep: a.isPep || b.isPep,
})

function personCountries (rng: Random, culture: Culture): string[] {
  const first = rng.pick(culture.countries)
  const second = rng.chance(0.2) ? rng.pick([...culture.countries, 'ae', 'tr', 'cy', 'gb', 'us']) : first
  return [...new Set([first, second])]
}

function birthDates (rng: Random): string[] {
  const year = rng.int(1935, 2002)
  const full = `${year}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`
  const draw = rng.next()
  if (draw < 0.75) return [full]
  if (draw < 0.9) return [String(year)]
  if (draw < 0.95) return [full.slice(0, 7)]
  return [full, String(year + 1)]
}

function nkId (rng: Random): string {
  let id = 'NK-'
  for (let i = 0; i < 22; i++) id += BASE58[rng.int(0, 57)]
  return id
}

function row (rng: Random, id: string, schema: string, name: string, aliases: string[], births: string[], countries: string[],
  city: string, topic: Topic, identifiers: string[]): string[] {
  const firstSeen = `${rng.int(2015, 2023)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`
  const address = rng.chance(0.3) ? [`${rng.int(1, 250)} ${rng.pick(STREETS)}, ${city}`] : []
  const phones = rng.chance(0.03) ? [`+${rng.int(1, 998)} ${rng.int(100, 999)} ${rng.int(1000000, 9999999)}`] : []
  const emails = rng.chance(0.03) ? [`info@${fold(name).toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.example`] : []
  return [
    id, schema, name, joinValues(aliases.filter((a) => a !== name)), joinValues(births), joinValues(countries),
    joinValues(address), joinValues(identifiers), joinValues(topic.sanctions), joinValues(phones), joinValues(emails),
    joinValues(topic.programIds), joinValues(topic.datasets), firstSeen, LAST_SEEN, firstSeen,
  ]
}

/** Several values in one cell as the exporter writes them: sorted, distinct, joined with ';', quoted when they hold ';', '"' or a line break. */
export function joinValues (values: string[]): string {
  if (values.length === 0) return ''
  if (values.length === 1) return quoteValue(values[0]!)
  return [...new Set(values)].sort().map(quoteValue).join(';')
}

const quoteValue = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** One CSV line in the exporter's dialect: every field quoted, inner quotes doubled, '\n' at the end. */
export function toCsvLine (cells: readonly string[]): string {
  return `"${cells.map((cell) => (cell.includes('"') ? cell.replaceAll('"', '""') : cell)).join('","')}"\n`
}

/** The whole file (header first) in chunks of about `linesPerChunk` lines, for streaming to a file or a parser. */
export function * generateCsv (count: number, seed = 1, linesPerChunk = 500): Generator<string> {
  let chunk = toCsvLine(TARGETS_SIMPLE_HEADER)
  let lines = 0
  for (const cells of generateEntries(count, seed)) {
    chunk += toCsvLine(cells)
    if (++lines === linesPerChunk) {
      yield chunk
      chunk = ''
      lines = 0
    }
  }
  if (chunk !== '') yield chunk
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { entries: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } } })
  const entries = Number(values.entries)
  if (!Number.isInteger(entries) || entries < 0 || values.out === undefined) {
    console.error('usage: node bench/screening/generate-list.ts --entries N --out FILE [--seed 1]')
    process.exit(2)
  }
  const started = performance.now()
  await pipeline(Readable.from(generateCsv(entries, Number(values.seed))), createWriteStream(values.out))
  console.log(`${entries} entries written to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
