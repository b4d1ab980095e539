/** The printed fields KYC reads from the visual inspection zone, named as the MRZ's fields are. */
export type PrintedField = 'surname' | 'givenNames' | 'birthDate' | 'documentNumber' | 'expirationDate'

export const PRINTED_FIELDS: readonly PrintedField[] = ['surname', 'givenNames', 'birthDate', 'documentNumber', 'expirationDate']

/** A word folded for label matching: lower case, accents and punctuation gone ("N°" → "n", "Prénoms" → "prenoms"). */
export function foldWord (word: string): string {
  return word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '')
}

/**
 * The labels of each field as printed on passports and identity cards (ICAO 9303 part 4 and the
 * national languages beside English), each as its folded words. Other fields' labels are listed
 * too (as `other`) so a value search never takes "Place of birth" or "Date of issue" for a value.
 */
const LABELS: Record<PrintedField | 'other', string[]> = {
  surname: ['surname', 'surnames', 'nom', 'noms', 'nom de famille', 'name', 'nachname', 'familienname', 'apellidos', 'apellido', 'cognome', 'achternaam', 'naam',
    'nazwisko', 'sobrenome', 'apelidos', 'efternamn', 'efternavn', 'etternavn', 'sukunimi', 'family name', 'last name', 'primer apellido', 'prezime', 'priimek', 'prijmeni', 'vezeteknev'],
  givenNames: ['given names', 'given name', 'prenoms', 'prenom', 'vornamen', 'vorname', 'nombres', 'nombre', 'nome', 'nomi', 'voornamen', 'voornaam', 'imiona', 'imie',
    'fornavn', 'fornamn', 'fornavne', 'etunimet', 'first names', 'first name', 'forenames', 'forename', 'prenomes', 'ime', 'jmeno', 'utonev'],
  birthDate: ['date of birth', 'birth date', 'date de naissance', 'geburtsdatum', 'geburtstag', 'fecha de nacimiento', 'data di nascita', 'geboortedatum', 'data urodzenia',
    'data de nascimento', 'fodelsedatum', 'fodselsdato', 'syntymaaika', 'dob', 'born', 'datum rodenja', 'datum narozeni', 'szuletesi ido'],
  documentNumber: ['passport no', 'passport number', 'passport n', 'passport nr', 'document no', 'document number', 'document nr', 'document n', 'doc no', 'card no', 'card number', 'id no',
    'no du passeport', 'n du passeport', 'numero du passeport', 'no du document', 'n du document', 'numero du document', 'passnummer', 'pass nr', 'reisepassnummer', 'ausweisnummer',
    'dokumentnummer', 'dokumentennummer', 'nr dokumentu', 'nr paszportu', 'documentnummer', 'paspoortnummer', 'numero de pasaporte', 'pasaporte no', 'numero de documento', 'num de documento', 'num de pasaporte', 'numero del documento', 'numero documento', 'numero passaporto',
    'passaporto n', 'numer paszportu', 'numer dokumentu', 'passinummer', 'n de pasaporte', 'no de pasaporte', 'n de documento', 'broj putovnice', 'cislo pasu', 'cislo dokladu'],
  expirationDate: ['date of expiry', 'date of expiration', 'expiry date', 'expiration date', 'expiry', 'expires', 'valid until', 'date dexpiration', 'date d expiration', 'expiration',
    'gultig bis', 'ablaufdatum', 'fecha de caducidad', 'caducidad', 'fecha de expiracion', 'data di scadenza', 'scadenza', 'vervaldatum', 'geldig tot', 'data waznosci', 'data de validade',
    'giltig till', 'gyldig til', 'voimassa', 'vazi do', 'platnost do', 'ervenyes'],
  other: ['nationality', 'nationalite', 'staatsangehorigkeit', 'nacionalidad', 'cittadinanza', 'nationaliteit', 'obywatelstwo', 'nacionalidade', 'sex', 'sexe', 'geschlecht', 'sexo', 'sesso',
    'geslacht', 'plec', 'place of birth', 'lieu de naissance', 'geburtsort', 'lugar de nacimiento', 'luogo di nascita', 'geboorteplaats', 'miejsce urodzenia', 'date of issue', 'date de delivrance',
    'ausstellungsdatum', 'fecha de expedicion', 'data di rilascio', 'datum van afgifte', 'data wydania', 'authority', 'autorite', 'behorde', 'autoridad', 'type', 'typ', 'tipo', 'code',
    'country code', 'code du pays', 'code pays', 'issuing state', 'issuing country', 'etat emetteur', 'pays emetteur', 'signature', 'height', 'taille', 'personal no', 'personal number',
    'height', 'holder', 'titulaire', 'passport', 'passeport', 'identity card', 'carte didentite', 'specimen'],
}

export interface LabelPhrase { field: PrintedField | 'other', words: string[] }

/** Longest first, so "date of birth" wins over "date". */
export const LABEL_PHRASES: readonly LabelPhrase[] = Object.entries(LABELS)
  .flatMap(([field, phrases]) => phrases.map((phrase) => ({ field: field as LabelPhrase['field'], words: phrase.split(' ') })))
  .sort((a, b) => b.words.join('').length - a.words.join('').length)

/** Words that join a label's languages or number it ("1.", "/", "|"): part of the label, never a value. */
export const isLabelJoiner = (word: string): boolean => /^([/|:;,.()\-–]+|\d{1,2}[a-z]?[.)]|[a-z][.)])$/i.test(word.trim())
