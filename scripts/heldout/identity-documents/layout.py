"""Draws a passport data page (TD3) or both sides of an identity card (TD1) with Pillow, in millimetres scaled to pixels."""

import colorsys
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from people import LABELS, printed_date

OCR_B = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
FACES = {
    "dejavu": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    "liberation": ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"),
    "narrow": ("/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf"),
    "serif": ("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"),
}
PITCH_MM = 2.54  # ICAO 9303: ten MRZ characters to the inch


class Page:
    def __init__(self, width_mm, height_mm, dpi, style):
        self.k = dpi / 25.4
        self.style = style
        self.image = Image.new("RGB", (self.px(width_mm), self.px(height_mm)), style["paper"])
        self.draw = ImageDraw.Draw(self.image)
        self.fonts = {}

    def px(self, mm):
        return int(round(mm * self.k))

    def font(self, path, size_mm):
        key = (path, round(size_mm, 2))
        if key not in self.fonts:
            self.fonts[key] = ImageFont.truetype(path, max(6, self.px(size_mm)))
        return self.fonts[key]

    def text(self, x, y, text, size_mm, bold=False, fill=None, face=None):
        path = FACES[face or self.style["face"]][1 if bold else 0]
        self.draw.text((self.px(x), self.px(y)), text, font=self.font(path, size_mm), fill=fill or self.style["ink"])


def pastel(rng, lightness):
    r, g, b = colorsys.hls_to_rgb(rng.random(), lightness, rng.uniform(0.25, 0.6))
    return (int(r * 255), int(g * 255), int(b * 255))


def page_style(rng):
    paper = pastel(rng, rng.uniform(0.88, 0.94))
    return {"paper": paper, "line": tuple(max(0, c - rng.randint(25, 55)) for c in paper), "ink": (rng.randint(10, 40),) * 3,
            "label": tuple(rng.randint(60, 110) for _ in range(3)), "face": rng.choice(list(FACES)),
            "band": (255, 255, 255) if rng.random() < 0.5 else pastel(rng, rng.uniform(0.93, 0.97)),
            "accent": pastel(rng, rng.uniform(0.3, 0.45)), "waves": rng.randint(14, 30), "phase": rng.random() * 6.28,
            "rosette": rng.randint(5, 13), "specimen": rng.uniform(0.25, 0.5), "caseMixed": rng.random() < 0.3,
            "mrzSize": rng.uniform(3.2, 3.45), "mrzOffset": rng.uniform(-0.6, 0.6)}


def guilloche(page, box):
    """Fine interlaced waves and a rosette: the printed security background of a data page."""
    x0, y0, x1, y1 = (page.px(v) for v in box)
    st, draw = page.style, page.draw
    width = max(1, page.px(0.08))
    for n in range(st["waves"]):
        amplitude = (y1 - y0) / st["waves"] * 1.6
        base = y0 + (n + 0.5) * (y1 - y0) / st["waves"]
        points = [(x, base + amplitude * math.sin(x / (x1 - x0) * 6.28 * 3 + st["phase"] + n * 0.7)) for x in range(x0, x1, 4)]
        draw.line(points, fill=st["line"], width=width)
    cx, cy, radius = (x0 + x1) * 0.62, (y0 + y1) * 0.48, (y1 - y0) * 0.32
    for turn in range(0, 12):
        points = []
        for step in range(0, 721):
            theta = step / 720 * 6.2832
            r = radius * (0.75 + 0.25 * math.sin(st["rosette"] * theta + turn * 0.26))
            points.append((cx + r * math.cos(theta), cy + r * math.sin(theta)))
        draw.line(points, fill=st["line"], width=width)


def photo_box(page, x, y, w, h, rng):
    st = page.style
    page.draw.rectangle([page.px(x), page.px(y), page.px(x + w), page.px(y + h)], fill=pastel(rng, 0.82), outline=st["label"])
    shade = tuple(rng.randint(70, 130) for _ in range(3))
    cx = x + w / 2
    page.draw.ellipse([page.px(cx - w * 0.22), page.px(y + h * 0.16), page.px(cx + w * 0.22), page.px(y + h * 0.58)], fill=shade)
    page.draw.chord([page.px(x + w * 0.08), page.px(y + h * 0.62), page.px(x + w * 0.92), page.px(y + h * 1.35)], 180, 360, fill=shade)


def specimen(page, rng, box):
    """SPECIMEN in red across the printed zone, as on every published sample document."""
    x0, y0, x1, y1 = (page.px(v) for v in box)
    layer = Image.new("L", (x1 - x0, y1 - y0), 0)
    font = page.font(FACES["dejavu"][1], (box[2] - box[0]) / 7.5)
    ImageDraw.Draw(layer).text(((x1 - x0) * 0.08, (y1 - y0) * 0.3), "SPECIMEN", font=font, fill=int(255 * page.style["specimen"]))
    layer = layer.rotate(rng.uniform(12, 30), resample=Image.BICUBIC, center=((x1 - x0) / 2, (y1 - y0) / 2))
    red = Image.new("RGB", layer.size, (205, 30, 40))
    page.image.paste(red, (x0, y0), layer)


def mrz(page, lines, x, y, line_pitch):
    """Each character at its own ICAO pitch position, so the spacing is the document's, not the font's."""
    font = page.font(OCR_B, page.style["mrzSize"])
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            page.draw.text((page.px(x + col * PITCH_MM), page.px(y + row * line_pitch)), char, font=font, fill=(20, 20, 24))


def shown(text, style):
    return text.title() if style["caseMixed"] else text


def field(page, x, y, key, value, lang, second, size):
    labels = f"{LABELS[lang][key]} / {LABELS[second][key]}" if lang != second else LABELS[lang][key]
    page.text(x, y, labels, size * 0.55, fill=page.style["label"])
    page.text(x, y + size * 0.72, value, size, bold=True)


def mrz_band(page, top):
    """The MRZ's plain band; its pixel rectangle and fill stay on the image, for the forger who pastes a band over it."""
    page.draw.rectangle([0, page.px(top), page.image.width, page.image.height], fill=page.style["band"])
    box = (0, page.px(top), page.image.width, page.image.height)
    page.image.mrz_band = {"box": box, "fill": page.style["band"], "clip": None}


def td3_page(doc, printed, lines, rng, dpi):
    issuer, lang, second = doc["issuerInfo"], doc["issuerInfo"]["lang"], doc["issuerInfo"]["second"]
    page = Page(125, 88, dpi, page_style(rng))
    st = page.style
    guilloche(page, (0, 0, 125, 64))
    page.text(6, 2.5, issuer["name"], 3.2 if len(issuer["name"]) < 32 else 2.3, bold=True, fill=st["accent"])
    title = f"{LABELS[lang]['passport']} / {LABELS[second]['passport']}"
    page.text(6, 7.2, f"{title}    {issuer['english']}".rstrip(), 2.4, fill=st["accent"])
    photo_box(page, 5 + rng.uniform(0, 2), 15, 32, 40, rng)
    x, y, size = 43 + rng.uniform(-1, 1.5), 13.5, rng.uniform(2.7, 3.1)
    date = lambda iso: printed_date(iso, issuer["dates"], lang)
    page.text(x, y, f"{LABELS[lang]['type']}/{LABELS[second]['type']}", size * 0.55, fill=st["label"])
    page.text(x, y + size * 0.72, "P", size, bold=True)
    page.text(x + 14, y, f"{LABELS[lang]['code']}/{LABELS[second]['code']}", size * 0.55, fill=st["label"])
    page.text(x + 14, y + size * 0.72, doc["issuer"], size, bold=True)
    field(page, x + 36, y, "number", printed["documentNumber"], lang, second, size)
    rows = [("surname", printed["surname"]), ("given", shown(printed["givenNames"], st)), ("nationality", doc["nationalityName"]),
            ("birth", date(printed["dateOfBirth"])), ("place", doc["placeOfBirth"]), ("issue", date(doc["dateOfIssue"])),
            ("expiry", date(printed["expiryDate"]))]
    pitch = 6.3
    for index, (key, value) in enumerate(rows):
        field(page, x, y + pitch * (index + 1), key, value, lang, second, size)
    field(page, x + 52, y + pitch * 4, "sex", doc["sex"], lang, second, size)
    field(page, x + 52, y + pitch * 6, "authority", doc["authority"], lang, second, size * 0.85)
    specimen(page, rng, (20, 8, 110, 60))
    band_top = 88 - rng.uniform(21, 24)
    mrz_band(page, band_top)
    mrz(page, lines, 6.5 + st["mrzOffset"], band_top + rng.uniform(4.5, 6.5), rng.uniform(6.0, 7.0))
    return page.image


def td1_sides(doc, printed, lines, rng, dpi):
    issuer, lang, second = doc["issuerInfo"], doc["issuerInfo"]["lang"], doc["issuerInfo"]["second"]
    style = page_style(rng)
    front = Page(85.6, 54, dpi, style)
    guilloche(front, (0, 0, 85.6, 54))
    front.text(4, 1.8, issuer["name"], 2.4 if len(issuer["name"]) < 30 else 1.8, bold=True, fill=style["accent"])
    front.text(4, 5.2, f"{LABELS[lang]['card']} / {LABELS[second]['card']}", 1.7, fill=style["accent"])
    photo_box(front, 3.5, 11, 23, 29, rng)
    x, y, size, pitch = 29.5 + rng.uniform(-0.5, 1), 10.5, rng.uniform(2.3, 2.6), rng.uniform(6.2, 7.0)
    date = lambda iso: printed_date(iso, issuer["dates"], lang)
    rows = [("surname", printed["surname"]), ("given", shown(printed["givenNames"], style)), ("birth", date(printed["dateOfBirth"])),
            ("number", printed["documentNumber"]), ("expiry", date(printed["expiryDate"]))]
    for index, (key, value) in enumerate(rows):
        field(front, x, y + pitch * index, key, value, lang, second, size)
    field(front, x + 34, y + pitch * 2, "sex", doc["sex"], lang, second, size)
    field(front, x + 34, y + pitch * 4, "nationality", doc["nationality"], lang, second, size)
    specimen(front, rng, (10, 10, 85, 50))
    back = Page(85.6, 54, dpi, style)
    guilloche(back, (0, 0, 85.6, 34))
    field(back, 4, 3, "place", doc["placeOfBirth"], lang, second, 2.3)
    field(back, 4, 9, "issue", date(doc["dateOfIssue"]), lang, second, 2.3)
    field(back, 4, 15, "authority", doc["authority"], lang, second, 2.0)
    band_top = 54 - rng.uniform(17.5, 19)
    mrz_band(back, band_top)
    mrz(back, lines, 4.6 + style["mrzOffset"] * 0.5, band_top + rng.uniform(2.2, 3.2), rng.uniform(4.2, 4.6))
    return front.image, back.image


def rounded(card, radius):
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, card.width - 1, card.height - 1], radius=radius, fill=255)
    return mask


def stacked(front, back, margin, background=(255, 255, 255)):
    """Front above back on one sheet, the way a card's two sides are copied onto one page."""
    width = max(front.width, back.width) + 2 * margin
    sheet = Image.new("RGB", (width, front.height + back.height + 3 * margin), background)
    radius = front.width // 28
    sheet.paste(front, (margin, margin), rounded(front, radius))
    sheet.paste(back, (margin, front.height + 2 * margin), rounded(back, radius))
    if hasattr(back, "mrz_band"):
        x0, y0, x1, y1 = back.mrz_band["box"]
        x, y = margin, front.height + 2 * margin
        sheet.mrz_band = dict(back.mrz_band, box=(x + x0, y + y0, x + x1, y + y1), clip=rounded(back, radius).crop((x0, y0, x1, y1)))
    return sheet


def soften(image):
    """Print is never razor-sharp: a touch of blur takes off the digital edge."""
    soft = image.filter(ImageFilter.GaussianBlur(0.4))
    if hasattr(image, "mrz_band"):
        soft.mrz_band = image.mrz_band
    return soft


def band_patch(image, reach=6):
    """The forger's flat band: the drawn band with its text, alpha on the band only, and where its plain fill lies at
    least `reach` pixels from text and edges (where an eyedropper would sample the genuine band's colour)."""
    band = image.mrz_band
    box, fill = band["box"], band["fill"]
    rgb = Image.new("RGB", image.size, fill)
    rgb.paste(image.crop(box), box[:2])
    alpha = Image.new("L", image.size, 0)
    alpha.paste(band["clip"] if band["clip"] is not None else 255, box)
    crop = np.asarray(image.crop(box), dtype=np.int16)
    plain = (np.abs(crop - np.array(fill, dtype=np.int16)).max(axis=2) <= 6) & (np.asarray(alpha.crop(box)) == 255)
    plain[:reach], plain[-reach:], plain[:, :reach], plain[:, -reach:] = False, False, False, False
    background = Image.new("L", image.size, 0)
    background.paste(Image.fromarray(plain.astype(np.uint8) * 255).filter(ImageFilter.MinFilter(2 * reach + 1)), box[:2])
    return rgb, alpha, background, fill
