// Parts of company names as registers in different countries write them, and each country's legal forms with
// their spelled-out and foreign equivalents (what a suffix 'changes' to in a form or another list).

const words = (text: string) => text.trim().split(/\s+/)

export interface OrganisationCulture {
  id: string
  countries: string[]
  /** Distinctive first words ('Golden', 'Crescent'). */
  distinctive: string[]
  /** Second distinctive words ('Falcon', 'Star'). */
  nouns: string[]
  /** Words saying the trade ('Shipping', 'General Trading'). */
  trades: string[]
  /** Place names some companies start with ('Shenzhen'). */
  places?: string[]
  legalForms: string[][]
}

export const ORGANISATION_CULTURES: OrganisationCulture[] = [
  {
    id: 'offshore', countries: ['gb', 'cy', 'vg', 'pa', 'mt', 'sc', 'hk', 'sg', 'lr', 'mh'],
    distinctive: words('Golden Blue Crescent Northern Southern Eastern Western Silver Royal Atlantic Pacific Phoenix Sapphire Emerald Ocean Global Prime Summit Liberty Victory Horizon Pioneer Meridian Polar Orient Crystal Falcon Titan Apex'),
    nouns: words('Falcon Star Wave Bridge Gate Eagle Anchor Harbor Crest Peak Line Stone Rock Light Point Wind Shield Tower Arrow Sun Moon River Lion Tiger Dragon Pearl Crown'),
    trades: ['Shipping', 'Trading', 'Holdings', 'Investments', 'Maritime', 'Logistics', 'Resources', 'Energy', 'Capital', 'Commodities', 'Petroleum', 'Marine Services', 'Tankers', 'Navigation'],
    legalForms: [['Ltd', 'Limited', 'Ltd.'], ['Inc', 'Inc.', 'Incorporated'], ['LLC', 'L.L.C.', 'Limited Liability Company'], ['Corp', 'Corporation'], ['S.A.', 'SA'], ['PLC', 'Public Limited Company']],
  },
  {
    id: 'gulf', countries: ['ae', 'om', 'qa', 'bh', 'kw', 'sa', 'iq', 'sy', 'lb'],
    distinctive: words('Al-Noor Al-Fajr Al-Amal Al-Khaleej Al-Rawda Al-Sahra Al-Hayat Al-Wafa Al-Baraka Al-Safwa Al-Zahra Al-Manar Al-Rayan Al-Hilal Al-Nakheel Al-Yasmin Emirates Arabian Gulf Desert Oasis Jazira Nour Salam Fajr Rawafed'),
    nouns: words('Star Crescent Pearl Palm Falcon Horizon Bridge Gate Tower Sun'),
    trades: ['General Trading', 'Trading', 'Petroleum', 'Oil Services', 'Shipping', 'Exchange', 'Investments', 'Contracting', 'Real Estate', 'Logistics', 'Electronics', 'Foodstuff Trading'],
    legalForms: [['LLC', 'L.L.C.', 'Limited Liability Company'], ['FZE', 'F.Z.E.'], ['FZCO', 'FZ Co'], ['DMCC'], ['W.L.L.', 'WLL'], ['Co.', 'Company']],
  },
  {
    id: 'iranian', countries: ['ir'],
    distinctive: words('Pars Kish Arya Tejarat Sepehr Sina Mehr Kowsar Tavana Pishgam Sahand Damavand Karun Zagros Alborz Persia Farab Behsaz Iran Novin Tose'),
    nouns: words('Sazeh Gostar Andish Pardaz Sanat Niroo Tadbir Atieh Rah Kavosh'),
    trades: ['Oil and Gas', 'Trading', 'Shipping', 'Petrochemical', 'Industries', 'Engineering', 'Electronics', 'Investment', 'Airlines', 'Steel'],
    legalForms: [['Company', 'Co.', 'Co'], ['PJSC', 'Public Joint Stock Company'], ['Ltd', 'Limited'], ['Private Joint Stock Company', 'PJS Co']],
  },
  {
    id: 'chinese', countries: ['cn', 'hk'],
    distinctive: words('Huaxin Jinhui Zhongxing Tianhe Hengtong Xinda Dongfang Huayang Jinlong Changjiang Hongda Shengli Yuanda Haitong Weida Kaida Ruitai Fuhua Zhongtian Huarong'),
    nouns: words('Ocean International Star Tech Source Bright Century Unity Glory Fortune'),
    places: words('Shenzhen Dalian Shanghai Guangzhou Ningbo Qingdao Tianjin Xiamen Zhuhai Hong-Kong Dandong Harbin'),
    trades: ['Trading', 'Technology', 'Electronics', 'Shipping', 'Import and Export', 'Industrial', 'Machinery', 'Chemical', 'Logistics', 'Ocean Fishing', 'Petroleum'],
    legalForms: [['Co., Ltd.', 'Co Ltd', 'Company Limited'], ['Limited', 'Ltd'], ['Group Co., Ltd.', 'Group Company Limited']],
  },
  {
    id: 'turkish', countries: ['tr'],
    distinctive: words('Yıldız Güneş Anadolu Boğaziçi Karadeniz Marmara Ege Doğu Akdeniz Kartal Demir Altın Özgür Başak'),
    nouns: words('Enerji Petrol Kimya Denizcilik Madencilik Metal İnşaat Gıda'),
    trades: ['Dış Ticaret', 'Ticaret', 'Sanayi ve Ticaret', 'Lojistik', 'Yatırım'],
    legalForms: [['A.Ş.', 'AŞ', 'Anonim Şirketi'], ['Ltd. Şti.', 'Limited Şirketi']],
  },
  {
    id: 'european', countries: ['de', 'at', 'fr', 'it', 'es', 'nl', 'ch', 'lu'],
    distinctive: words('Müller Schröder Weißer Nordstern Rheinland Société Générale Européenne Alpine Helvetia Lombarda Iberia Méditerranée Nordic Atlántico Continental'),
    nouns: words('Maschinenbau Handels Technik Industrie Transports Commerce Import-Export Holding Logistik Elektronik'),
    trades: ['Trading', 'Industrial', 'Services', 'Finance', 'Shipping'],
    legalForms: [['GmbH', 'G.m.b.H.'], ['AG', 'Aktiengesellschaft'], ['SA', 'S.A.', 'Société Anonyme'], ['SARL', 'S.à r.l.'], ['S.p.A.', 'SpA'], ['B.V.', 'BV'], ['S.L.', 'SL']],
  },
  {
    id: 'korean', countries: ['kp'],
    distinctive: words('Korea Ryonbong Namchongang Tanchon Kangsong Chongchongang Hesong Paeksan Songi Mansudae Kumsong Sobaeksu Ryongaksan Jinmyong Haegumgang'),
    nouns: words('General Mining Trading Commercial Technology Development Shipping Machine Ocean Construction'),
    trades: ['Trading Corporation', 'General Corporation', 'Company', 'Trading Company', 'Development Corporation', 'Shipping Company'],
    legalForms: [['Ltd', 'Limited'], ['Co', 'Co.']],
  },
  {
    id: 'latin-american', countries: ['mx', 've', 'co', 'pa', 'ni', 'cu'],
    distinctive: words('Comercializadora Inversiones Importadora Constructora Petrolera Agropecuaria Transportes Distribuidora Grupo Servicios'),
    nouns: words('del Pacífico del Caribe Andina Bolivariana Azteca del Norte del Sur Caracas Maracaibo Sinaloa Jalisco Guadalajara Cartagena'),
    trades: ['Internacional', 'Global', '2020', 'Unida', 'Integral'],
    legalForms: [['S.A. de C.V.', 'SA de CV'], ['C.A.', 'CA'], ['S.A.', 'SA'], ['S.A.S.', 'SAS'], ['Ltda.', 'Limitada']],
  },
]

/** Russian companies: stems compounded as Russian registers do ('Нефтегазснаб'), and adjective + noun names. */
export const RUSSIAN_COMPANY_STEMS = words('Газ Нефте Энерго Транс Агро Авиа Хим Металл Маш Строй Пром Тех Снаб Инвест Торг Экспорт Лес Уголь Электро Радио Нефть Сталь Сервис Холдинг')
export const RUSSIAN_COMPANY_ADJECTIVES = words('Северный Восточный Южный Западный Сибирский Уральский Балтийский Русский Новый Первый Центральный Объединённый Промышленный Торговый Финансовый Волжский Донской Дальневосточный Арктический Таёжный')
export const RUSSIAN_COMPANY_NOUNS = words('Альянс Капитал Ресурс Транзит Терминал Проект Регион Партнёр Стандарт Вектор Гарант Союз Щит Мост Путь Флот Завод Банк Трест Комбинат Экспресс Импульс')
export const RUSSIAN_LEGAL_FORMS: string[][] = [
  ['ООО', 'Общество с ограниченной ответственностью'],
  ['АО', 'Акционерное общество'],
  ['ПАО', 'Публичное акционерное общество'],
  ['ЗАО', 'Закрытое акционерное общество'],
  ['ОАО', 'Открытое акционерное общество'],
]
/** What each Russian legal form is written as in an English-language list or form. */
export const RUSSIAN_LEGAL_FORMS_LATIN: Record<string, string[]> = {
  ООО: ['OOO', 'LLC', 'Limited Liability Company', 'Obshchestvo s Ogranichennoy Otvetstvennostyu'],
  АО: ['AO', 'JSC', 'Joint Stock Company'],
  ПАО: ['PAO', 'PJSC', 'Public Joint Stock Company'],
  ЗАО: ['ZAO', 'CJSC', 'Closed Joint Stock Company'],
  ОАО: ['OAO', 'OJSC', 'Open Joint Stock Company'],
}
