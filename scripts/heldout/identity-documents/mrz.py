"""ICAO 9303 machine-readable zones, written independently of the product's TypeScript MRZ code."""

import unicodedata

# Letters the MRZ spells out rather than dropping their accent (ICAO 9303 part 3, 6.A transliteration table).
SPELLED = {"Ä": "AE", "Ö": "OE", "Ü": "UE", "Å": "AA", "Æ": "AE", "Ø": "OE", "ß": "SS", "Þ": "TH", "Ð": "D", "Ł": "L", "Œ": "OE"}


def char_value(char):
    if char == "<":
        return 0
    if char.isdigit():
        return int(char)
    return ord(char) - ord("A") + 10


def check_digit(field):
    """ICAO 9303 part 3, 4.9: weights 7, 3, 1 repeating, sum modulo 10."""
    weights = (7, 3, 1)
    return str(sum(char_value(c) * weights[i % 3] for i, c in enumerate(field)) % 10)


def mrz_letters(text, spell_umlauts):
    """A printed name as the MRZ writes it: capitals A-Z, words joined by fillers, apostrophes gone."""
    out = []
    for char in text.upper():
        if spell_umlauts and char in SPELLED:
            out.append(SPELLED[char])
        elif char in SPELLED and char not in "ÄÖÜÅ":
            out.append(SPELLED[char])
        elif char in " -":
            out.append("<")
        elif char in "'’.,":
            continue
        else:
            base = unicodedata.normalize("NFD", char)[0]
            if "A" <= base <= "Z":
                out.append(base)
    word = "".join(out)
    while "<<" in word:
        word = word.replace("<<", "<")
    return word.strip("<")


def name_field(surname, given_names, length, spell_umlauts):
    """Primary and secondary identifiers in `length` characters. A long name first writes its last given names
    as initials, then loses letters from the end, so it ends on a letter (ICAO 9303 part 3, 4.6)."""
    primary = mrz_letters(surname, spell_umlauts)
    words = mrz_letters(given_names, spell_umlauts).split("<")
    for shortened in range(len(words), 0, -1):
        full = primary + "<<" + "<".join(words)
        if len(full) <= length:
            return full.ljust(length, "<")
        words[shortened - 1] = words[shortened - 1][0]
    full = primary + "<<" + "<".join(words)
    cut = full[:length]
    while cut.endswith("<"):
        cut = cut[:-1]
    return cut.ljust(length, "<")


def pad(text, length):
    return text.ljust(length, "<")[:length]


def yymmdd(iso):
    return iso[2:4] + iso[5:7] + iso[8:10]


def td3_lines(doc):
    """Two lines of 44: the passport data page."""
    names = name_field(doc["surname"], doc["givenNames"], 39, doc["spellUmlauts"])
    line1 = pad(doc["documentCode"], 2) + pad(doc["issuer"], 3) + names
    number = pad(doc["documentNumber"], 9)
    birth, expiry = yymmdd(doc["dateOfBirth"]), yymmdd(doc["expiryDate"])
    personal = pad(doc["personalNumber"], 14)
    personal_digit = check_digit(personal) if doc["personalNumber"] else doc["emptyPersonalDigit"]
    upper = number + check_digit(number) + pad(doc["nationality"], 3) + birth + check_digit(birth) + doc["sex"]
    upper += expiry + check_digit(expiry) + personal + personal_digit
    composite = check_digit(upper[0:10] + upper[13:20] + upper[21:43])
    return [line1, upper + composite]


def td1_lines(doc):
    """Three lines of 30: the back of an identity card."""
    number = pad(doc["documentNumber"], 9)
    line1 = pad(doc["documentCode"], 2) + pad(doc["issuer"], 3) + number + check_digit(number) + pad(doc["optional1"], 15)
    birth, expiry = yymmdd(doc["dateOfBirth"]), yymmdd(doc["expiryDate"])
    line2 = birth + check_digit(birth) + doc["sex"] + expiry + check_digit(expiry) + pad(doc["nationality"], 3) + pad("", 11)
    line2 += check_digit(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29])
    line3 = name_field(doc["surname"], doc["givenNames"], 30, doc["spellUmlauts"])
    return [line1, line2, line3]


def mrz_names(line_of_names):
    """What a names field says once its fillers are read back: surname and given names with spaces."""
    surname, _, given = line_of_names.partition("<<")
    return surname.replace("<", " ").strip(), given.replace("<", " ").strip()


def self_check(lines):
    """Re-reads the lines as a reader would and raises when a check digit or a length is wrong."""
    if len(lines) == 2:
        line = lines[1]
        assert len(lines[0]) == 44 and len(line) == 44, lines
        fields = [(line[0:9], line[9]), (line[13:19], line[19]), (line[21:27], line[27]), (line[0:10] + line[13:20] + line[21:43], line[43])]
        if line[28:42] != "<" * 14 or line[42] != "<":
            fields.append((line[28:42], line[42]))
    else:
        assert all(len(line) == 30 for line in lines), lines
        one, two = lines[0], lines[1]
        fields = [(one[5:14], one[14]), (two[0:6], two[6]), (two[8:14], two[14]), (one[5:30] + two[0:7] + two[8:15] + two[18:29], two[29])]
    for field, digit in fields:
        assert check_digit(field) == digit, (lines, field, digit)
