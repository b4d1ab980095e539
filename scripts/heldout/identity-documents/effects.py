"""Turns a drawn document into what a user uploads: a flatbed scan in a PDF, or a phone photo on a table."""

import io

import img2pdf
import numpy as np
from PIL import Image, ImageFilter

A4_MM = (210, 297)


PHONES = [("Apple", "iPhone 13"), ("Apple", "iPhone 15 Pro"), ("samsung", "SM-S911B"), ("Google", "Pixel 7a"), ("Xiaomi", "Redmi Note 12"), ("motorola", "moto g54 5G")]


def jpeg_bytes(image, quality, exif=None):
    out = io.BytesIO()
    if exif is None:
        image.save(out, "JPEG", quality=quality)
    else:
        image.save(out, "JPEG", quality=quality, exif=exif)
    return out.getvalue()


def camera_exif(rng):
    """What a phone's camera app writes: its make and model and the moment of capture."""
    exif = Image.Exif()
    exif[0x010F], exif[0x0110] = rng.choice(PHONES)
    taken = f"2026:{rng.randint(1, 11):02d}:{rng.randint(1, 27):02d} {rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    exif[0x8769] = {0x9003: taken}
    return exif


def add_noise(image, rng, sigma):
    array = np.asarray(image, dtype=np.float32)
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, sigma, array.shape)
    return Image.fromarray(np.clip(array + noise, 0, 255).astype(np.uint8))


def scan_placed(layer, dpi, grey, angle, fill):
    """A layer of the side as the scanner places it: scaled to `dpi`, perhaps grey, skewed by `angle`."""
    scale = dpi / 300
    doc = layer.resize((int(layer.width * scale), int(layer.height * scale)), Image.LANCZOS)
    if grey and doc.mode == "RGB":
        doc = doc.convert("L").convert("RGB")
    return doc.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=fill)


def scanned_page(side, rng, dpi, grey):
    """One A4 scanner page at `dpi` with the document near a corner, a little skewed, with sensor noise; also the skew
    and the document's offset on the page, so a forger's layer can be laid on the same spot."""
    lid = (rng.randint(244, 255),) * 3  # the scanner lid's white, around the document and in its skew's corners
    angle = rng.uniform(-1.5, 1.5)
    doc = scan_placed(side, dpi, grey, angle, lid)
    page = Image.new("RGB", (int(A4_MM[0] / 25.4 * dpi), int(A4_MM[1] / 25.4 * dpi)), lid)
    margin = int(dpi / 25.4 * rng.uniform(8, 25))
    offset = (margin, margin + int(dpi / 25.4 * rng.uniform(0, 15)))
    page.paste(doc, offset)
    page = page.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8)))
    page = add_noise(page, rng, rng.uniform(2, 6))
    return (page.convert("L") if grey else page), (angle, offset)


def pdf_of(pages, dpi):
    """The page JPEGs in a PDF at the scan's dpi, so each page keeps the document's real size."""
    return img2pdf.convert(pages, layout_fun=img2pdf.get_fixed_dpi_layout_fun((dpi, dpi)))


def scan_pdf(sides, rng):
    """A PDF of one page per side (a card's front, then its back), each an embedded JPEG at 200-300 dpi; also the
    scan's settings, page JPEGs and placements, for a copy pasted over afterwards."""
    scan = {"dpi": rng.choice([200, 240, 300]), "pages": [], "places": []}
    scan["grey"] = rng.random() < 0.6
    for side in sides:
        page, place = scanned_page(side, rng, scan["dpi"], scan["grey"])
        scan["pages"].append(jpeg_bytes(page, rng.randint(82, 92)))
        scan["places"].append(place)
    return pdf_of(scan["pages"], scan["dpi"]), scan


def table(rng, size):
    """A surface under the document: a base colour with broad, smooth variation and fine grain."""
    width, height = size
    nprng = np.random.default_rng(rng.randrange(2**32))
    surface = rng.choice([(150, 110, 70), (96, 68, 44), (62, 62, 66), (190, 188, 182), (58, 78, 118), (226, 222, 214), (32, 32, 34)])
    base = np.array([c + rng.randint(-15, 15) for c in surface], dtype=np.float32)
    coarse = Image.fromarray((nprng.random((6, 8)) * 255).astype(np.uint8)).resize((width, height), Image.BICUBIC)
    variation = (np.asarray(coarse, dtype=np.float32)[..., None] / 255 - 0.5) * 60
    grain = nprng.normal(0, 6, (height, width, 1))
    return np.clip(base + variation + grain, 0, 255)


def perspective_coefficients(source, target):
    """Pillow's PERSPECTIVE maps output pixels back to input ones: solve the eight unknowns from four corner pairs."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend([u, v])
    return np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64)).tolist()


def lighting(rng, size):
    """Uneven light: a slope across the frame times a soft vignette."""
    width, height = size
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 6.28)
    slope = (np.cos(angle) * xs / width + np.sin(angle) * ys / height)
    light = 1 + rng.uniform(0.15, 0.35) * (slope - slope.mean()) / (np.ptp(slope) or 1)
    vignette = 1 - rng.uniform(0.1, 0.3) * (((xs / width - 0.5) ** 2 + (ys / height - 0.5) ** 2) * 2)
    return (light * vignette)[..., None]


def glare(rng, size, quad):
    """A soft white spot where the flash or a lamp reflects, somewhere on the document."""
    width, height = size
    (x0, y0), _, (x2, y2), _ = quad
    cx, cy = x0 + (x2 - x0) * rng.uniform(0.15, 0.85), y0 + (y2 - y0) * rng.uniform(0.15, 0.85)
    radius = min(width, height) * rng.uniform(0.05, 0.13)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    return (rng.uniform(0.35, 0.65) * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * radius**2)))[..., None]


def phone_photo(document, rng, camera):
    """The document on a table, photographed at a slant: ±10°, perspective, blur, light, glare, JPEG 40-80,
    sometimes taken a quarter or half turn round."""
    long_side = rng.randint(1800, 2600)
    portrait = document.height > document.width
    size = (long_side * 3 // 4, long_side) if portrait else (long_side, long_side * 3 // 4)
    width, height = size
    fill = rng.uniform(0.55, 0.8)
    scale = min(width * fill / document.width, height * fill / document.height)
    w, h = document.width * scale, document.height * scale
    cx, cy = width / 2 + rng.uniform(-0.08, 0.08) * width, height / 2 + rng.uniform(-0.08, 0.08) * height
    angle = np.radians(rng.uniform(-10, 10))
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    quad = []
    for x, y in corners:
        jitter = (rng.uniform(-0.04, 0.04) * w, rng.uniform(-0.04, 0.04) * h)
        quad.append((cx + x * np.cos(angle) - y * np.sin(angle) + jitter[0], cy + x * np.sin(angle) + y * np.cos(angle) + jitter[1]))
    source = [(0, 0), (document.width, 0), (document.width, document.height), (0, document.height)]
    coefficients = perspective_coefficients(source, quad)
    warped = document.transform(size, Image.PERSPECTIVE, coefficients, Image.BICUBIC)
    mask = Image.new("L", document.size, 255).transform(size, Image.PERSPECTIVE, coefficients, Image.BILINEAR)
    frame = table(rng, size)
    alpha = np.asarray(mask, dtype=np.float32)[..., None] / 255
    frame = frame * (1 - alpha) + np.asarray(warped, dtype=np.float32) * alpha
    frame = frame * lighting(rng, size)
    if rng.random() < 0.7:
        spot = glare(rng, size, quad)
        frame = frame * (1 - spot) + 255 * spot
    photo = Image.fromarray(np.clip(frame, 0, 255).astype(np.uint8))
    photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.5)))
    photo = add_noise(photo, rng, rng.uniform(2, 6))
    turn = rng.choices([0, 90, 180, 270], weights=[70, 12, 8, 10])[0]
    if turn:
        photo = photo.rotate(turn, expand=True)
    view = {"size": size, "coefficients": coefficients, "turn": turn}
    return jpeg_bytes(photo, rng.randint(40, 80), camera_exif(camera)), view


def photo_placed(layer, view, fill):
    """A layer of the document through the photo's perspective and turn."""
    resample = Image.BICUBIC if layer.mode == "RGB" else Image.BILINEAR
    warped = layer.transform(view["size"], Image.PERSPECTIVE, view["coefficients"], resample, fillcolor=fill)
    return warped.rotate(view["turn"], expand=True) if view["turn"] else warped


def pasted_flat(picture, rgb, alpha, background, fill):
    """The forger's eyedropper and paste: the patch's channels scaled so its fill becomes the genuine band's median
    background colour, laid on the finished picture with none of its light, blur or noise."""
    fill = np.asarray(Image.new("RGB", (1, 1), fill).convert(picture.mode), dtype=np.float32).reshape(-1)
    sampled = np.asarray(picture).reshape(picture.height, picture.width, -1)[np.asarray(background) > 250]
    gain = np.median(sampled, axis=0) / fill if len(sampled) else np.ones_like(fill)
    layer = np.asarray(rgb.convert(picture.mode), dtype=np.float32).reshape(picture.height, picture.width, -1) * gain
    layer = np.clip(np.rint(layer), 0, 255).astype(np.uint8)
    forged = picture.copy()
    forged.paste(Image.fromarray(layer[..., 0] if picture.mode == "L" else layer), (0, 0), alpha)
    return forged


def pasted_photo(genuine, view, patch, quality):
    """The genuine photo's JPEG opened in an editor, a flat band pasted over its MRZ, saved again with its EXIF."""
    picture = Image.open(io.BytesIO(genuine))
    exif = picture.info.get("exif")
    rgb, alpha, background, fill = patch
    layers = [photo_placed(rgb, view, fill), photo_placed(alpha, view, 0), photo_placed(background, view, 0)]
    return jpeg_bytes(pasted_flat(picture.convert("RGB"), *layers, fill), quality, exif)


def pasted_scan(scan, index, patch, quality):
    """The genuine scan's page `index` opened in an editor and a flat band pasted over its MRZ; other pages kept."""
    page = Image.open(io.BytesIO(scan["pages"][index]))
    page.load()
    angle, offset = scan["places"][index]
    rgb, alpha, background, fill = patch
    layers = []
    for layer, outside in [(rgb, fill), (alpha, 0), (background, 0)]:
        canvas = Image.new(layer.mode, page.size, outside)
        canvas.paste(scan_placed(layer, scan["dpi"], scan["grey"], angle, outside), offset)
        layers.append(canvas)
    pages = list(scan["pages"])
    pages[index] = jpeg_bytes(pasted_flat(page, *layers, fill), quality)
    return pdf_of(pages, scan["dpi"])
