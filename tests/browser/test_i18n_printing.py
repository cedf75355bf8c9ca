"""Printing in other languages: a Turkish worksheet and a Pashto answer key
printed to PDF by Chromium keep their letters (the PDF's text holds them) and
embed fonts that have them, so no missing-glyph boxes. The translations come
from a small test-only table (the catalogs' translations are written elsewhere);
the sentences chosen hold the letters each language needs."""

from __future__ import annotations

import gettext
import io

import pytest
from pypdf import PdfReader

import gintrainer.classroom.worksheet as sheet
from gintrainer.classroom import ClassSet, worksheet_html
from gintrainer.words import language

pytestmark = pytest.mark.browser

SET = ClassSet("Printing class", count=2)
TURKISH = {"Gin Rummy worksheet": "Gin Rummy çalışma kâğıdı: ş ğ ı İ",
           "Worksheet: class code {code}": "Çalışma kâğıdı: sınıf kodu {code}"}
TURKISH_LETTERS = "şğıİ"
PASHTO = {"Gin Rummy worksheet: answer key": "د جین رمي ځوابونه: ښ ږ ډ ټ ځ ڼ ګ"}
PASHTO_LETTERS = "ښږډټځڼګ"


class Table(gettext.NullTranslations):
    """A test-only translation: the sentences of a table, the rest in English."""

    def __init__(self, table: dict[str, str]):
        super().__init__()
        self.table = table

    def gettext(self, message):
        return self.table.get(message, message)

    def pgettext(self, context, message):
        return self.table.get(message, message)

    def ngettext(self, singular, plural, n):
        return self.table.get(singular if n == 1 else plural, singular if n == 1 else plural)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


def printed(page, monkeypatch, lang: str, table: dict[str, str], *, answers: bool) -> tuple[str, set[str]]:
    """The PDF's text and the names of the fonts it embeds, for the set's page in ``lang``."""
    monkeypatch.setattr(language, "translations", lambda lang=None: Table(table))
    page.set_content(worksheet_html(SET, answers=answers, lang=lang))
    page.emulate_media(media="print")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
    text = " ".join(p.extract_text() for p in pdf.pages)
    fonts = set()
    for p in pdf.pages:
        for font in p["/Resources"]["/Font"].values():  # type: ignore[index]
            font = font.get_object()
            fonts.add(str(font.get("/BaseFont", font.get("/Subtype"))).split("+")[-1])
    return text, fonts


def test_a_turkish_worksheet_prints_its_letters(page, monkeypatch):
    text, fonts = printed(page, monkeypatch, "tr", TURKISH, answers=False)
    assert all(letter in text for letter in TURKISH_LETTERS), text[:300]
    assert "DejaVuSans" in fonts  # the first face of the stack, which has the Turkish letters
    assert not {f for f in fonts if f.startswith("/Type3")}, fonts  # no fallback drawn as shapes


def test_a_pashto_answer_key_prints_its_letters_in_a_noto_arabic_face(page, monkeypatch):
    assert 'dir="rtl"' in sheet._worksheet_html(SET, True, "ps")
    text, fonts = printed(page, monkeypatch, "ps", PASHTO, answers=True)
    assert all(letter in text for letter in PASHTO_LETTERS), text[:300]
    assert {"NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"} & fonts, fonts
    assert not {f for f in fonts if f.startswith("/Type3")}, fonts


def test_without_the_arabic_faces_the_check_fails(page, monkeypatch):
    # The honest control: a font stack naming only an absent font prints the
    # letters in some fallback (unshaped, as separate shapes), which the check above refuses.
    monkeypatch.setattr(sheet, "RTL_FONTS", '"No Such Font"')
    text, fonts = printed(page, monkeypatch, "ps", PASHTO, answers=True)
    assert not {"NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"} & fonts, fonts
