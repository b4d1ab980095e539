// Words that say what a name holder is, not who: dropped or down-weighted so that 'Dr Ali Hassan' meets
// 'Ali Hassan' and 'Almaz Trading LLC' meets 'OOO Almaz Trading'. All in normalised (folded, lower-case) form.

/** Titles, ranks and honorifics in front of (or after) a person's name. */
export const PERSON_TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'hon', 'honourable',
  'honorable', 'rt', 'excellency', 'highness', 'hh', 'hrh',
  'sheikh', 'shaikh', 'sheik', 'shaykh', 'sayyed', 'mullah', 'mulla', 'maulana', 'mawlana', 'maulvi', 'mawlawi',
  'hajji', 'haji', 'hadji', 'hajj', 'ayatollah', 'hojatoleslam', 'rev', 'reverend',
  'gen', 'general', 'col', 'colonel', 'maj', 'capt', 'captain', 'lt', 'lieutenant', 'sgt', 'sergeant',
  'cmdr', 'adm', 'admiral', 'brig', 'brigadier', 'marshal',
  'jr', 'jnr', 'sr', 'snr',
])

/** Legal-form words a company name carries in one country and drops in another. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'ltd', 'limited', 'llc', 'llp', 'lp', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'cos',
  'plc', 'gmbh', 'mbh', 'ag', 'kg', 'kgaa', 'ug', 'ohg', 'sa', 'sas', 'sasu', 'sarl', 'eurl', 'snc', 'srl', 'srls',
  'spa', 'sapa', 'sl', 'slu', 'bv', 'nv', 'vof', 'ab', 'as', 'asa', 'aps', 'oy', 'oyj', 'ooo', 'oao', 'zao', 'pao',
  'ao', 'pjsc', 'ojsc', 'cjsc', 'jsc', 'tov', 'pat', 'prat', 'kft', 'zrt', 'nyrt', 'doo', 'dd', 'ead', 'sro',
  'spzoo', 'ltda', 'sac', 'saa', 'eirl', 'pte', 'pty', 'bhd', 'sdn', 'tbk', 'pt', 'fze', 'fzco', 'fzc', 'fzllc',
  'wll', 'spc', 'dmcc', 'kk', 'sti', 'sirketi', 'cia', 'cie', 'obshchestvo', 'limitada', 'ca', 'fz', 'pjs',
  'aktiengesellschaft', 'gesellschaft',
])

/** Legal forms spelled out in several words, whose words alone would be ordinary ('public', 'stock'). */
export const LEGAL_FORM_PHRASES: readonly (readonly string[])[] = [
  ['public', 'joint', 'stock'], ['private', 'joint', 'stock'], ['open', 'joint', 'stock'], ['closed', 'joint', 'stock'], ['joint', 'stock'],
  ['limited', 'liability'], ['public', 'limited'], ['private', 'limited'], ['sp', 'z', 'o', 'o'],
  ['sa', 'de', 'cv'], ['sa', 'rl'], ['anonim'], ['s', 'de', 'rl'], ['de', 'cv'], ['societe', 'anonyme'], ['sociedad', 'anonima'],
  ['sociedad', 'limitada'], ['s', 'ogranichennoy', 'otvetstvennostyu'], ['publichnoe', 'aktsionernoe'],
  ['zakrytoe', 'aktsionernoe'], ['otkrytoe', 'aktsionernoe'], ['aktsionernoe'], ['z', 'obmezhenoyu', 'vidpovidalnistyu'],
]

/** Words that join an organisation's name and add nothing to it. */
export const ORGANISATION_STOPWORDS: ReadonlySet<string> = new Set(['the', 'and', 'und', 'et', 've', 'y', 'e', 'i'])

/** Name particles ('bin', 'van der'): inside a name they rarely decide who someone is, so they weigh little. */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'bin', 'bn', 'ibn', 'bint', 'ben', 'binti', 'van', 'von', 'der', 'den', 'de', 'da', 'das', 'dos', 'do', 'del', 'della',
  'di', 'du', 'la', 'le', 'y', 'e', 'zu', 'ter', 'ul', 'bnt',
])

/** Words many companies share ('Trading', 'Bank'): a match on one of them proves little. */
export const GENERIC_ORGANISATION_WORDS: ReadonlySet<string> = new Set([
  'bank', 'group', 'holding', 'holdings', 'trading', 'trade', 'international', 'intl', 'industries', 'industrial',
  'industry', 'enterprise', 'enterprises', 'services', 'service', 'investment', 'investments', 'capital', 'global',
  'import', 'export', 'logistics', 'shipping', 'construction', 'energy', 'oil', 'gas', 'petroleum', 'technology',
  'technologies', 'tech', 'systems', 'solutions', 'partners', 'management', 'development', 'commercial', 'general',
  'national', 'al', 'el', 'foundation', 'fund', 'association', 'of', 'for', 'in', 'marine', 'maritime', 'airlines', 'air',
  'consulting', 'finance', 'financial', 'resources', 'mining', 'metals', 'chemical', 'chemicals', 'engineering',
  'manufacturing', 'transport', 'agency', 'center', 'centre', 'institute', 'organization', 'organisation',
  'ministry', 'department', 'office', 'bureau', 'factory', 'plant', 'works', 'electronics',
  'trust', 'insurance', 'securities', 'exchange', 'market', 'markets', 'products', 'supply', 'supplies',
  'equipment', 'machinery', 'network', 'media', 'firm', 'cooperative', 'union',
  // The same in the languages companies on sanctions lists most often register in.
  'handels', 'handel', 'industrie', 'technik', 'logistik', 'maschinenbau', 'gruppe', 'internationale', 'commerce',
  'societe', 'generale', 'transports', 'industrielle', 'groupe', 'compania', 'comercial', 'comercializadora',
  'inversiones', 'importadora', 'exportadora', 'constructora', 'servicios', 'transportes', 'distribuidora', 'grupo',
  'internacional', 'petrolera', 'ticaret', 'sanayi', 'dis', 'insaat', 'yatirim', 'lojistik', 'enerji', 'petrol',
  'madencilik', 'denizcilik', 'gida', 'kimya', 'torgovyy', 'dom', 'zavod', 'kombinat', 'tejarat', 'sanat', 'sherkat',
])
