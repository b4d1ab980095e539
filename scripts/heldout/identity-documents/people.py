"""Issuers and the people on their documents: names, dates and numbers, drawn from one seeded random generator."""

import datetime

TODAY = datetime.date(2026, 11, 27)

# Label pairs as the data pages print them: the issuer's language beside English or French.
LABELS = {
    "fr": {"surname": "Nom", "given": "Prénoms", "birth": "Date de naissance", "sex": "Sexe", "nationality": "Nationalité",
           "number": "N° du document", "expiry": "Date d'expiration", "issue": "Date de délivrance", "place": "Lieu de naissance",
           "authority": "Autorité", "passport": "PASSEPORT", "card": "CARTE NATIONALE D'IDENTITÉ", "type": "Type", "code": "Code"},
    "de": {"surname": "Name", "given": "Vornamen", "birth": "Geburtstag", "sex": "Geschlecht", "nationality": "Staatsangehörigkeit",
           "number": "Dokumentennummer", "expiry": "Gültig bis", "issue": "Ausstellungsdatum", "place": "Geburtsort",
           "authority": "Behörde", "passport": "REISEPASS", "card": "PERSONALAUSWEIS", "type": "Typ", "code": "Kode"},
    "es": {"surname": "Apellidos", "given": "Nombre", "birth": "Fecha de nacimiento", "sex": "Sexo", "nationality": "Nacionalidad",
           "number": "Núm. de documento", "expiry": "Fecha de caducidad", "issue": "Fecha de expedición", "place": "Lugar de nacimiento",
           "authority": "Autoridad", "passport": "PASAPORTE", "card": "DOCUMENTO NACIONAL DE IDENTIDAD", "type": "Tipo", "code": "Código"},
    "it": {"surname": "Cognome", "given": "Nome", "birth": "Data di nascita", "sex": "Sesso", "nationality": "Cittadinanza",
           "number": "N. documento", "expiry": "Scadenza", "issue": "Data di rilascio", "place": "Luogo di nascita",
           "authority": "Autorità", "passport": "PASSAPORTO", "card": "CARTA DI IDENTITÀ", "type": "Tipo", "code": "Codice"},
    "nl": {"surname": "Naam", "given": "Voornamen", "birth": "Geboortedatum", "sex": "Geslacht", "nationality": "Nationaliteit",
           "number": "Documentnummer", "expiry": "Geldig tot", "issue": "Datum van afgifte", "place": "Geboorteplaats",
           "authority": "Instantie", "passport": "PASPOORT", "card": "IDENTITEITSKAART", "type": "Soort", "code": "Code"},
    "pt": {"surname": "Apelido", "given": "Nome próprio", "birth": "Data de nascimento", "sex": "Sexo", "nationality": "Nacionalidade",
           "number": "N.º do documento", "expiry": "Data de validade", "issue": "Data de emissão", "place": "Local de nascimento",
           "authority": "Autoridade", "passport": "PASSAPORTE", "card": "CARTÃO DE CIDADÃO", "type": "Tipo", "code": "Código"},
    "sv": {"surname": "Efternamn", "given": "Förnamn", "birth": "Födelsedatum", "sex": "Kön", "nationality": "Nationalitet",
           "number": "Passnummer", "expiry": "Giltig till", "issue": "Utfärdandedatum", "place": "Födelseort",
           "authority": "Myndighet", "passport": "PASS", "card": "IDENTITETSKORT", "type": "Typ", "code": "Kod"},
    "pl": {"surname": "Nazwisko", "given": "Imiona", "birth": "Data urodzenia", "sex": "Płeć", "nationality": "Obywatelstwo",
           "number": "Nr dokumentu", "expiry": "Data ważności", "issue": "Data wydania", "place": "Miejsce urodzenia",
           "authority": "Organ wydający", "passport": "PASZPORT", "card": "DOWÓD OSOBISTY", "type": "Typ", "code": "Kod"},
    "fi": {"surname": "Sukunimi", "given": "Etunimet", "birth": "Syntymäaika", "sex": "Sukupuoli", "nationality": "Kansalaisuus",
           "number": "Asiakirjan numero", "expiry": "Voimassa", "issue": "Myöntämispäivä", "place": "Syntymäpaikka",
           "authority": "Viranomainen", "passport": "PASSI", "card": "HENKILÖKORTTI", "type": "Tyyppi", "code": "Koodi"},
    "en": {"surname": "Surname", "given": "Given names", "birth": "Date of birth", "sex": "Sex", "nationality": "Nationality",
           "number": "Document no.", "expiry": "Date of expiry", "issue": "Date of issue", "place": "Place of birth",
           "authority": "Authority", "passport": "PASSPORT", "card": "IDENTITY CARD", "type": "Type", "code": "Code"},
}

MONTHS = {"en": "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC", "fr": "JAN FÉV MARS AVR MAI JUIN JUIL AOÛT SEPT OCT NOV DÉC",
          "es": "ENE FEB MAR ABR MAY JUN JUL AGO SEP OCT NOV DIC", "de": "JAN FEB MÄR APR MAI JUN JUL AUG SEP OKT NOV DEZ",
          "it": "GEN FEB MAR APR MAG GIU LUG AGO SET OTT NOV DIC", "nl": "JAN FEB MRT APR MEI JUN JUL AUG SEP OKT NOV DEC"}

# code: what the MRZ says; number: a pattern (A letter, 9 digit, X either, other characters as they are).
ISSUERS = [
    {"code": "FRA", "name": "RÉPUBLIQUE FRANÇAISE", "english": "FRENCH REPUBLIC", "lang": "fr", "second": "en", "number": "99XX99999",
     "place": ["PARIS", "LYON", "MARSEILLE", "TOULOUSE", "NANTES"], "dates": "dotted", "td1": True, "pool": "fr"},
    {"code": "D", "nationality": "D", "name": "BUNDESREPUBLIK DEUTSCHLAND", "english": "FEDERAL REPUBLIC OF GERMANY", "lang": "de",
     "second": "en", "number": "CXXXXXXXX", "place": ["BERLIN", "MÜNCHEN", "KÖLN", "HAMBURG"], "dates": "dotted", "td1": True,
     "pool": "de", "spell": True},
    {"code": "AUT", "name": "REPUBLIK ÖSTERREICH", "english": "REPUBLIC OF AUSTRIA", "lang": "de", "second": "en", "number": "A9999999",
     "place": ["WIEN", "GRAZ", "LINZ", "SALZBURG"], "dates": "dotted", "td1": True, "pool": "de", "spell": True},
    {"code": "ESP", "name": "REINO DE ESPAÑA", "english": "KINGDOM OF SPAIN", "lang": "es", "second": "en", "number": "AAA999999",
     "place": ["MADRID", "SEVILLA", "VALENCIA", "BILBAO"], "dates": "spaced", "td1": True, "pool": "es"},
    {"code": "ITA", "name": "REPUBBLICA ITALIANA", "english": "ITALIAN REPUBLIC", "lang": "it", "second": "en", "number": "AA9999999",
     "place": ["ROMA", "MILANO", "NAPOLI", "TORINO"], "dates": "slashed", "td1": True, "pool": "it"},
    {"code": "NLD", "name": "KONINKRIJK DER NEDERLANDEN", "english": "KINGDOM OF THE NETHERLANDS", "lang": "nl", "second": "en",
     "number": "AAXXXXXX9", "place": ["AMSTERDAM", "UTRECHT", "ROTTERDAM"], "dates": "spaced", "td1": True, "pool": "nl"},
    {"code": "PRT", "name": "REPÚBLICA PORTUGUESA", "english": "PORTUGUESE REPUBLIC", "lang": "pt", "second": "en", "number": "A999999",
     "place": ["LISBOA", "PORTO", "COIMBRA"], "dates": "spaced", "td1": True, "pool": "pt"},
    {"code": "SWE", "name": "KONUNGARIKET SVERIGE", "english": "KINGDOM OF SWEDEN", "lang": "sv", "second": "en", "number": "99999999",
     "place": ["STOCKHOLM", "GÖTEBORG", "MALMÖ", "UPPSALA"], "dates": "spaced", "td1": True, "pool": "sv"},
    {"code": "POL", "name": "RZECZPOSPOLITA POLSKA", "english": "REPUBLIC OF POLAND", "lang": "pl", "second": "en", "number": "AA9999999",
     "place": ["WARSZAWA", "KRAKÓW", "ŁÓDŹ", "GDAŃSK"], "dates": "dotted", "td1": True, "pool": "pl"},
    {"code": "FIN", "name": "SUOMI FINLAND", "english": "FINLAND", "lang": "fi", "second": "en", "number": "XX9999999",
     "place": ["HELSINKI", "TAMPERE", "TURKU"], "dates": "dotted", "td1": True, "pool": "fi"},
    {"code": "GBR", "name": "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND", "english": "", "lang": "en", "second": "fr",
     "number": "999999999", "place": ["LONDON", "CARDIFF", "BELFAST", "GLASGOW"], "dates": "months", "td1": False, "pool": "en"},
    {"code": "IRL", "name": "ÉIRE IRELAND", "english": "", "lang": "en", "second": "fr", "number": "AA9999999",
     "place": ["DUBLIN", "CORK", "GALWAY"], "dates": "months", "td1": True, "pool": "ie"},
    {"code": "CAN", "name": "CANADA", "english": "", "lang": "en", "second": "fr", "number": "AA999999",
     "place": ["TORONTO", "MONTRÉAL", "VANCOUVER"], "dates": "months", "td1": False, "pool": "en"},
    {"code": "MEX", "name": "ESTADOS UNIDOS MEXICANOS", "english": "UNITED MEXICAN STATES", "lang": "es", "second": "en", "number": "A99999999",
     "place": ["CIUDAD DE MEXICO", "GUADALAJARA", "MONTERREY"], "dates": "spaced", "td1": False, "pool": "es"},
    {"code": "BEL", "name": "ROYAUME DE BELGIQUE", "english": "KINGDOM OF BELGIUM", "lang": "fr", "second": "nl", "number": "AA999999",
     "place": ["BRUXELLES", "LIÈGE", "NAMUR"], "dates": "spaced", "td1": True, "pool": "fr"},
    {"code": "CHE", "name": "SCHWEIZERISCHE EIDGENOSSENSCHAFT", "english": "SWISS CONFEDERATION", "lang": "de", "second": "fr",
     "number": "X9999999", "place": ["ZÜRICH", "BERN", "BASEL"], "dates": "dotted", "td1": True, "pool": "de"},
]

NAMES = {
    "fr": (["MARTIN", "BERNARD", "DUBOIS", "LEFÈVRE", "MOREAU", "GIRARD", "FONTAINE", "DE LA ROCHEFOUCAULD", "N'DIAYE", "BOUVIER-MARCHAND"],
           ["JEAN-PIERRE", "MARIE", "CÉLINE", "FRANÇOIS", "AMÉLIE", "LOUIS", "HÉLÈNE", "THÉO"]),
    "de": (["MÜLLER", "SCHMIDT", "SCHRÖDER", "WEIß", "BÄCKER", "HOFFMANN", "VON DER SCHULENBURG", "KRÜGER", "ZIMMERMANN"],
           ["JÜRGEN", "ANNA", "KATHARINA", "LUKAS", "SÖREN", "GRETA", "MAXIMILIAN", "LEONIE"]),
    "es": (["GARCÍA", "FERNÁNDEZ", "LÓPEZ", "MARTÍNEZ", "SÁNCHEZ", "PÉREZ GÓMEZ", "RODRÍGUEZ DE LA FUENTE", "NÚÑEZ"],
           ["JOSÉ", "MARÍA", "CARMEN", "ALEJANDRO", "LUCÍA", "JUAN CARLOS", "MARÍA DEL PILAR", "IÑIGO"]),
    "it": (["ROSSI", "RUSSO", "FERRARI", "ESPOSITO", "BIANCHI", "DELL'ACQUA", "DI STEFANO", "COLOMBO"],
           ["GIUSEPPE", "FRANCESCA", "LUCA", "CHIARA", "NICCOLÒ", "GIULIA", "ANTONIO"]),
    "nl": (["DE JONG", "JANSEN", "VAN DEN BERG", "BAKKER", "VAN DER MEULEN-VISSER", "SMIT", "DE VRIES"],
           ["JAN", "SANNE", "DAAN", "FLEUR", "WILLEM", "LOTTE", "JOOST"]),
    "pt": (["SILVA", "SANTOS", "FERREIRA", "PEREIRA", "OLIVEIRA", "COSTA", "GONÇALVES", "RODRIGUES DOS SANTOS MAGALHÃES"],
           ["JOÃO", "ANA", "MARIA", "INÊS", "TIAGO", "BEATRIZ", "JOSÉ MIGUEL"]),
    "sv": (["ANDERSSON", "JOHANSSON", "KARLSSON", "NILSSON", "ERIKSSON", "LINDSTRÖM", "ÅBERG", "SJÖGREN"],
           ["ANNA", "ERIK", "MAJA", "LARS", "ELIN", "BJÖRN", "ASTRID"]),
    "pl": (["NOWAK", "KOWALSKI", "WIŚNIEWSKA", "WÓJCIK", "KAMIŃSKI", "LEWANDOWSKA", "ZIELIŃSKI", "SZCZĘSNY"],
           ["PIOTR", "KATARZYNA", "AGNIESZKA", "ŁUKASZ", "MAŁGORZATA", "TOMASZ", "ZOFIA"]),
    "fi": (["KORHONEN", "VIRTANEN", "MÄKINEN", "NIEMINEN", "HÄMÄLÄINEN", "LAINE", "JÄRVINEN"],
           ["MIKKO", "AINO", "JUHA", "SANNA", "VÄINÖ", "EEVA", "TUOMAS"]),
    "en": (["SMITH", "JONES", "WILLIAMS", "TAYLOR", "BROWN", "WRIGHT", "FAIRWEATHER-CHOLMONDELEY", "OKONKWO", "PATEL"],
           ["JAMES", "OLIVIA", "WILLIAM", "CHARLOTTE", "GEORGE ALEXANDER", "AMELIA", "MOHAMMED"]),
    "ie": (["O'BRIEN", "MURPHY", "KELLY", "O'SULLIVAN", "MAC GIOLLA PHÁDRAIG", "WALSH", "McCARTHY"],
           ["SEÁN", "AOIFE", "NIAMH", "CIARÁN", "SIOBHÁN", "PÁDRAIG", "ÉABHA"]),
}

# Long enough that the MRZ must cut them: the printed zone keeps them whole.
LONG_GIVEN = {"fr": "MARIE-CHRISTINE ANNE-SOPHIE GENEVIÈVE", "de": "KARL-THEODOR MARIA NIKOLAUS JOHANN JACOB",
              "es": "MARÍA DE LOS ÁNGELES GUADALUPE CONCEPCIÓN", "pt": "MARIA JOÃO CAROLINA BEATRIZ TERESA",
              "en": "ALEXANDER CHRISTOPHER BARTHOLOMEW MONTGOMERY"}


FEMALE = {"MARIE", "CÉLINE", "AMÉLIE", "HÉLÈNE", "ANNA", "KATHARINA", "GRETA", "LEONIE", "MARÍA", "CARMEN", "LUCÍA", "FRANCESCA",
          "CHIARA", "GIULIA", "SANNE", "FLEUR", "LOTTE", "ANA", "MARIA", "INÊS", "BEATRIZ", "MAJA", "ELIN", "ASTRID", "KATARZYNA",
          "AGNIESZKA", "MAŁGORZATA", "ZOFIA", "AINO", "SANNA", "EEVA", "OLIVIA", "CHARLOTTE", "AMELIA", "AOIFE", "NIAMH", "SIOBHÁN",
          "ÉABHA", "MARIE-CHRISTINE"}


def document_number(rng, pattern):
    letters = "ABCDEFGHJKLMNPRSTUVWXYZ"
    out = []
    for char in pattern:
        if char == "A":
            out.append(rng.choice(letters))
        elif char == "9":
            out.append(rng.choice("0123456789"))
        elif char == "X":
            out.append(rng.choice(letters + "0123456789"))
        else:
            out.append(char)
    return "".join(out)


def random_date(rng, start, end):
    return start + datetime.timedelta(days=rng.randrange((end - start).days))


def person(rng, issuer):
    """Someone a document is issued to: born anywhere from the 1930s to the 2010s, valid today."""
    surnames, given = NAMES[issuer["pool"]]
    surname = rng.choice(surnames)
    if " " not in surname and rng.random() < 0.18:
        surname = f"{surname} {rng.choice([s for s in surnames if s != surname and ' ' not in s])}"
    given_names = rng.choice(given)
    if rng.random() < 0.3:
        second = rng.choice(given)
        if second != given_names:
            given_names = f"{given_names} {second}"
    if rng.random() < 0.12 and issuer["pool"] in LONG_GIVEN:
        given_names = LONG_GIVEN[issuer["pool"]]
    birth = random_date(rng, datetime.date(1931, 1, 1), datetime.date(2012, 12, 31))
    issued = random_date(rng, max(TODAY - datetime.timedelta(days=9 * 365), birth + datetime.timedelta(days=200)), TODAY - datetime.timedelta(days=20))
    years = 5 if (TODAY - birth).days < 18 * 365 else rng.choice([10, 10, 5])
    try:
        expiry = issued.replace(year=issued.year + years) - datetime.timedelta(days=1)
    except ValueError:
        expiry = issued.replace(year=issued.year + years, day=28)
    if expiry <= TODAY:
        expiry = random_date(rng, TODAY + datetime.timedelta(days=60), TODAY + datetime.timedelta(days=3000))
    return {"surname": surname, "givenNames": given_names, "dateOfBirth": birth.isoformat(), "dateOfIssue": issued.isoformat(),
            "expiryDate": expiry.isoformat(), "sex": "F" if given_names.split()[0] in FEMALE else "M", "placeOfBirth": rng.choice(issuer["place"])}


def case_name(text):
    """How an applicant types a name into a form: capitalised words, accents kept."""
    def word(w):
        return "-".join("'".join(part[:1].upper() + part[1:].lower() for part in piece.split("'")) for piece in w.split("-"))
    particles = {"DE", "LA", "VAN", "DEN", "DER", "VON", "DI", "DEL", "DOS", "LOS"}
    return " ".join(w.lower() if w in particles else word(w) for w in text.split())


def printed_date(iso, style, lang):
    date = datetime.date.fromisoformat(iso)
    if style == "dotted":
        return date.strftime("%d.%m.%Y")
    if style == "slashed":
        return date.strftime("%d/%m/%Y")
    months = MONTHS.get(lang, MONTHS["en"]).split()
    if style == "months":
        return f"{date.day:02d} {MONTHS['en'].split()[date.month - 1]}/{MONTHS['fr'].split()[date.month - 1]} {date.year % 100:02d}"
    return f"{date.day:02d} {months[date.month - 1]} {date.year}"
