"""Draws a held-out statement with reportlab: JSON {out, font, bold, odd, lines} on stdin, a PDF at out."""
import json
import sys

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

spec = json.load(sys.stdin)
width, height = A4
page = canvas.Canvas(spec["out"], pagesize=A4)
page.setTitle("Statement")
for line in spec["lines"]:
    for cell in line["cells"]:
        font = spec["odd"] if cell.get("odd") else spec["bold"] if cell.get("bold") else spec["font"]
        page.setFont(font, cell.get("size", 9))
        y = height - line["y"]
        if cell.get("align") == "right":
            page.drawRightString(cell["x"], y, cell["text"])
        else:
            page.drawString(cell["x"], y, cell["text"])
page.showPage()
page.save()
