"""npm run heldout:identity -- --seed N --count K [--out DIR] [--variants clean,scan,photo,pasted]

Draws K identity documents (TD3 passports, TD1 identity cards) with Pillow and the real OCR-B face, each as a clean PNG,
a scanned PDF and a phone photo, plus an edited copy of some (printed zone changed, MRZ genuine), and writes
manifest.json beside them. Each genuine document also gets a pasted copy: its photo (odd index) or scan (even index)
with a flat, noise-free MRZ band laid over the MRZ in an image editor after the capture. A held-out set for bench:kyc:
drawn by other code than the sandbox samples, never committed.
"""

import argparse
import datetime
import json
import os
import random
import shutil

import effects
import layout
from mrz import mrz_names, self_check, td1_lines, td3_lines
from people import ISSUERS, NAMES, case_name, document_number, person

GENERATOR = "scripts/heldout/identity-documents/generate.py"
EDITS = ["surname", "givenNames", "dateOfBirth", "documentNumber"]
EDITED_SHARE = 0.3


def issuer_weights(rng):
    """Each seed favours other issuers, so two seeds differ in countries as well as people."""
    return [rng.uniform(0.3, 1.0) for _ in ISSUERS]


def make_document(rng, index, weights):
    issuer = rng.choices(ISSUERS, weights=weights)[0]
    td1 = issuer["td1"] and rng.random() < 0.45
    holder = person(rng, issuer)
    doc = dict(holder)
    doc.update({
        "issuerInfo": issuer, "issuer": issuer["code"], "nationality": issuer.get("nationality", issuer["code"]),
        "format": "TD1" if td1 else "TD3", "documentNumber": document_number(rng, issuer["number"]),
        "documentCode": rng.choice(["ID", "I<"]) if td1 else rng.choices(["P<", "PP"], weights=[85, 15])[0],
        "spellUmlauts": issuer.get("spell", False) or rng.random() < 0.3,
        "personalNumber": "".join(rng.choice("0123456789") for _ in range(rng.randint(8, 14))) if rng.random() < 0.3 else "",
        "emptyPersonalDigit": rng.choice("<0"), "optional1": "".join(rng.choice("0123456789") for _ in range(rng.randint(6, 12))) if rng.random() < 0.3 else "",
        "authority": rng.choice(issuer["place"]), "nationalityName": issuer.get("nationality", issuer["code"]),
    })
    doc["lines"] = td1_lines(doc) if td1 else td3_lines(doc)
    self_check(doc["lines"])
    doc["stem"] = f"{doc['format'].lower()}-{index:04d}"
    doc["index"] = index
    return doc


def edited_value(rng, doc, kind):
    """A believable alteration: another name of the same country, a date moved, a number with a character changed."""
    surnames, given = NAMES[doc["issuerInfo"]["pool"]]
    if kind == "surname":
        return rng.choice([s for s in surnames if s[:3] != doc["surname"][:3]])
    if kind == "givenNames":
        return rng.choice([g for g in given if g.split()[0][:3] != doc["givenNames"].split()[0][:3]])
    if kind == "dateOfBirth":
        birth = datetime.date.fromisoformat(doc["dateOfBirth"])
        moved = birth.replace(day=min(birth.day, 28)) + datetime.timedelta(days=rng.choice([-1, 1]) * rng.randint(40, 3650))
        return moved.isoformat()
    number = list(doc["documentNumber"])
    for position in rng.sample(range(len(number)), rng.choice([1, 2])):
        pool = "0123456789" if number[position].isdigit() else "ABCDEFGHJKLMNPRSTUVWXYZ"
        number[position] = rng.choice([c for c in pool if c != number[position]])
    return "".join(number)


def printed_values(doc, edit, value):
    printed = {key: doc[key] for key in ["surname", "givenNames", "documentNumber", "dateOfBirth", "expiryDate"]}
    if edit:
        printed[edit] = value
    return printed


def mrz_fields(doc):
    names = doc["lines"][0][5:] if doc["format"] == "TD3" else doc["lines"][2]
    surname, given = mrz_names(names)
    return {"surname": surname, "givenNames": given, "documentNumber": doc["documentNumber"], "dateOfBirth": doc["dateOfBirth"],
            "expiryDate": doc["expiryDate"], "nationality": doc["nationality"], "issuingCountry": doc["issuer"], "sex": doc["sex"]}


def render(doc, printed, rng, dpi):
    """The sides of the document: one page for a passport, front and back for a card."""
    if doc["format"] == "TD3":
        return [layout.soften(layout.td3_page(doc, printed, doc["lines"], rng, dpi))]
    return [layout.soften(side) for side in layout.td1_sides(doc, printed, doc["lines"], rng, dpi)]


def one_image(sides, rng):
    if len(sides) == 1:
        return sides[0]
    return layout.stacked(sides[0], sides[1], int(sides[0].width * rng.uniform(0.04, 0.08)))


def write_variants(doc, printed, edit, rng, out, variants):
    entries = []
    stem = doc["stem"] + (f"-edited-{edit}" if edit else "")
    sides = render(doc, printed, random.Random(doc["layoutSeed"]), 300)
    shown = dict(printed)
    shown["givenNames"] = printed["givenNames"].title() if doc["layoutCaseMixed"] else printed["givenNames"]
    base = {"documentType": "Passport" if doc["format"] == "TD3" else "IdentityCard", "format": doc["format"], "edit": edit,
            "mrz": doc["lines"], "mrzFields": mrz_fields(doc), "printed": shown,
            "case": {"givenNames": case_name(doc["givenNames"]), "surname": case_name(doc["surname"]), "dateOfBirth": doc["dateOfBirth"]}}
    if "clean" in variants:
        name = f"{stem}-clean.png"
        one_image(sides, rng).save(os.path.join(out, name), optimize=False)
        entries.append({"file": name, "contentType": "image/png", "variant": "clean", **base})
    states = {"scan": rng.getstate()}
    if "scan" in variants:
        name = f"{stem}-scan.pdf"
        with open(os.path.join(out, name), "wb") as handle:
            handle.write(effects.scan_pdf(sides, rng)[0])
        entries.append({"file": name, "contentType": "application/pdf", "variant": "scan", **base})
    states["photo"] = rng.getstate()
    if "photo" in variants:
        name = f"{stem}-photo.jpeg"
        # The camera's data draws from its own generator, so adding it left every earlier set's pictures as they were.
        photo, view = effects.phone_photo(one_image(sides, rng), rng, camera(doc))
        with open(os.path.join(out, name), "wb") as handle:
            handle.write(photo)
        entries.append({"file": name, "contentType": "image/jpeg", "variant": "photo", "turn": view["turn"], **base})
    if "pasted" in variants and not edit:
        over = "photo" if doc["index"] % 2 else "scan"
        entries.append(write_pasted(doc, sides, stem, over, states[over], out, base))
    return entries


def camera(doc):
    """The camera's EXIF draws from a generator of its own, leaving the main one as it was."""
    return random.Random(doc["layoutSeed"] + 1)


def replayed(state):
    """The main generator as it stood before the genuine capture, so the pasted copy is of that very photo or scan."""
    replay = random.Random()
    replay.setstate(state)
    return replay


def write_pasted(doc, sides, stem, over, state, out, base):
    """The genuine photo or scan, made again from the same state, with a flat band pasted over its MRZ; the forger's
    own choices draw from a generator of their own, so the main one runs on as without pasted copies."""
    quality = random.Random(doc["layoutSeed"] + 2).randint(85, 95)
    entry = {"variant": "pasted", "pastedOver": over, "pasted": True}
    if over == "photo":
        replay = replayed(state)
        sheet = one_image(sides, replay)
        genuine, view = effects.phone_photo(sheet, replay, camera(doc))
        data = effects.pasted_photo(genuine, view, layout.band_patch(sheet), quality)
        entry = {"file": f"{stem}-pasted-photo.jpeg", "contentType": "image/jpeg", **entry, "turn": view["turn"]}
    else:
        index = next(i for i, side in enumerate(sides) if hasattr(side, "mrz_band"))
        scan = effects.scan_pdf(sides, replayed(state))[1]
        data = effects.pasted_scan(scan, index, layout.band_patch(sides[index]), quality)
        entry = {"file": f"{stem}-pasted-scan.pdf", "contentType": "application/pdf", **entry}
    with open(os.path.join(out, entry["file"]), "wb") as handle:
        handle.write(data)
    return {**entry, **base}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--out")
    parser.add_argument("--variants", default="clean,scan,photo,pasted")
    args = parser.parse_args()
    final = args.out or f"/tmp/idcheck-heldout/seed-{args.seed}"
    # Drawn beside the set it replaces and swapped in at the end, so a bench reading the set never sees half of one.
    out = final.rstrip("/") + ".partial"
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    variants = set(args.variants.split(","))
    rng = random.Random(f"heldout-identity-{args.seed}")
    weights = issuer_weights(rng)
    documents = []
    for index in range(1, args.count + 1):
        doc = make_document(rng, index, weights)
        doc["layoutSeed"] = rng.randrange(2**32)
        doc["layoutCaseMixed"] = layout.page_style(random.Random(doc["layoutSeed"]))["caseMixed"]
        documents += write_variants(doc, printed_values(doc, None, None), None, rng, out, variants)
        if rng.random() < EDITED_SHARE:
            edit = rng.choice(EDITS)
            documents += write_variants(doc, printed_values(doc, edit, edited_value(rng, doc, edit)), edit, rng, out, variants)
    manifest = {"seed": args.seed, "generator": GENERATOR, "documents": documents}
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, ensure_ascii=False, indent=1)
    shutil.rmtree(final, ignore_errors=True)
    os.rename(out, final)
    print(f"{len(documents)} files from {args.count} documents in {final}")


if __name__ == "__main__":
    main()
