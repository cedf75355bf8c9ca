"""Printable worksheets of a class set, and their answer keys: pure functions
that return a whole standalone HTML page.

Each puzzle is one box, ``<section class="ws-puzzle">``, that a printer never
splits across pages. The box carries two text markers, for people and for
tests reading a printed PDF: ``Puzzle 3 of 12`` at its top (class
``ws-start``) and ``end of puzzle 3/12`` in small print at its bottom (class
``ws-end``); neither marker is part of another. The section also has
``id="puzzle-3"``, ``data-position="3"`` and ``data-puzzle-id``.

The page is at most 180 mm wide (A4 and Letter both print 186 mm or more with
12 mm margins). On the worksheet the hand is drawn in the normal card size
(50 px, about 13 mm; eleven fit in a row); the answer key, for the teacher,
draws it small and writes the layout in words, so that two puzzles usually
fit on a page. Every row of cards
wraps rather than overflows. Each box to write an answer in is sized for what
it takes (:data:`WRITING_LINES`): one card's is small, melds and lay-offs are
written across the puzzle on ruled lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from pathlib import Path

from ..engine.cards import sort_by_suit
from ..material.drawing import cards_html, page, puzzle_rules_words, words
from ..material.messages import render
from ..puzzles import THEMES, Puzzle
from ..puzzles.registry import description
from ..puzzles.sheets import Boxes, Sheet, Space
from ..records.storage import write_text_atomic
from ..words.language import current_language, in_language, list_words, t, tc, text_direction, tn
from .sets import ClassSet

FONTS = '"DejaVu Sans", Arial, sans-serif'
"""The font stack of a worksheet in a left-to-right language."""

RTL_FONTS = '"Noto Naskh Arabic", "Noto Sans Arabic", "DejaVu Sans", sans-serif'
"""The font stack of a worksheet in a right-to-left language: faces that have the
Pashto letters (ښ ږ ډ ټ ځ ڼ ګ); Debian's fonts-noto-core holds both Noto faces."""

WORKSHEET_CSS = """
@page { margin: 12mm; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: var(--ws-font); font-size: 10.5pt; color: #111; line-height: 1.35;
  box-sizing: border-box; width: 100%; max-width: 180mm; margin: 0 auto; padding: 0; }
@media screen { body { padding: 6mm 2mm; } }
*, *::before, *::after { box-sizing: border-box; }
.ws-title h1 { font-size: 17pt; margin: 0 0 1mm 0; }
.ws-title p { margin: 0.8mm 0; }
.ws-code { font-family: "DejaVu Sans Mono", monospace; font-weight: bold; letter-spacing: 0.04em; }
.ws-student { margin: 3mm 0 !important; }
.ws-line { display: inline-block; width: 60mm; border-bottom: 0.3mm solid #333; }
.ws-line.ws-short { width: 30mm; }
.ws-instructions { font-size: 9.5pt; margin: 2mm 0 4mm 0; padding: 2mm 3mm; border-left: 1mm solid #f0a000;
  background: #fffbe6; }
.ws-puzzle { break-inside: avoid; page-break-inside: avoid; border: 0.35mm solid #777; border-radius: 2mm;
  padding: 2.5mm 3.5mm 1.5mm 3.5mm; margin: 0 0 5mm 0; max-width: 100%; overflow-wrap: anywhere; }
.ws-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2mm; font-weight: bold;
  font-size: 12pt; border-bottom: 0.25mm solid #bbb; padding-bottom: 1mm; margin-bottom: 1.5mm; }
.ws-kind { font-weight: normal; color: #444; font-size: 10pt; }
.ws-question { margin: 1mm 0; font-weight: bold; }
.ws-rules { margin: 1mm 0; font-size: 9.5pt; }
.ws-layout { margin: 1mm 0; font-size: 9.5pt; }
.ws-position, .ws-hand { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 1mm 4mm;
  margin: 1.5mm 0; }
.ws-label { font-size: 9pt; color: #333; width: 100%; }
.ws-position .gt-caption { font-size: 8.5pt; }
.ws-answers { display: flex; flex-wrap: wrap; align-items: center; gap: 2mm 8mm; margin: 2.5mm 0 1mm 0; }
.ws-tick { display: inline-block; width: 5mm; height: 5mm; border: 0.35mm solid #333; border-radius: 0.8mm;
  vertical-align: middle; margin: 0 1mm 0 3mm; }
.ws-box { display: inline-block; border: 0.35mm solid #333; border-radius: 1mm; vertical-align: middle;
  margin-inline-start: 2mm; }
.ws-box-card { width: 24mm; height: 11mm; }
.ws-wide { flex-basis: 100%; }
.ws-wide .ws-box { display: block; width: 100%; margin: 1mm 0 0 0; padding: 0 2mm; }
.ws-write { display: block; height: 10mm; border-bottom: 0.25mm dotted #999; }
.ws-write:last-child { border-bottom: none; }
.ws-key { margin: 2mm 0 1mm 0; padding-top: 1.5mm; border-top: 0.25mm dashed #999; }
.ws-answer { margin: 1mm 0; font-size: 11.5pt; }
.ws-explanation { margin: 1mm 0; font-size: 9.5pt; }
.ws-key table.gt-discards { display: table; border-collapse: collapse; font-size: 8.5pt; margin: 1.5mm 0;
  max-width: 100%; }
.ws-key table.gt-discards th, .ws-key table.gt-discards td { border: 0.25mm solid #aaa; padding: 0.5mm 1.2mm;
  text-align: center; }
.ws-key table.gt-discards th[scope=row] { text-align: left; font-weight: normal; color: #333; }
.ws-meta { font-size: 8.5pt; color: #555; margin: 1mm 0; }
.ws-id { white-space: nowrap; }
.ws-end { font-size: 7pt; color: #777; text-align: right; margin-top: 1mm; }
[dir=rtl] .ws-instructions { border-left: none; border-right: 1mm solid #f0a000; }
[dir=rtl] .ws-end { text-align: left; }
[dir=rtl] .ws-key table.gt-discards th[scope=row] { text-align: right; }
[dir=rtl] .gt-row, [dir=rtl] .ws-code, [dir=rtl] table.gt-discards { direction: ltr; }
"""
"""The worksheet's style; the page sets ``--ws-font`` to :data:`FONTS` or :data:`RTL_FONTS`.
In a right-to-left language the page reads right to left, while card rows, the
class code and the table of numbers stay left to right (a run reads 4 5 6)."""

def instructions(classset: ClassSet) -> str:
    """What the worksheet asks, in the current language: the instructions of the
    sheet of the set's first kind, then what each other kind's sheet adds (once)."""
    texts = [description(classset.kinds[0]).sheet.instructions()]
    for kind in classset.kinds[1:]:
        more = description(kind).sheet.more_instructions()
        if more not in texts:
            texts.append(more)
    return " ".join(texts)


def worksheet_html(classset: ClassSet, *, answers: bool = False, lang: str | None = None) -> str:
    """The worksheet of a class set (``answers=True``: its answer key) as a whole
    HTML page, in ``lang`` (the current language by default). The same set in
    the same language always gives the same text; the puzzles and the code are
    the same in every language."""
    with in_language(lang or current_language()) as spoken:
        return _worksheet_html(classset, answers, spoken)


def _worksheet_html(classset: ClassSet, answers: bool, lang: str) -> str:
    puzzles = classset.puzzles()
    if answers:
        heading = t("Gin Rummy worksheet: answer key")
        title = (t("Answer key: {name} ({code})", name=classset.name, code=classset.code) if classset.name
                 else t("Answer key: class code {code}", code=classset.code))
    else:
        heading = t("Gin Rummy worksheet")
        title = (t("Worksheet: {name} ({code})", name=classset.name, code=classset.code) if classset.name
                 else t("Worksheet: class code {code}", code=classset.code))
    lines = []
    if classset.name:
        # Translators: {name} is the class's name as the teacher typed it
        name = f"<strong>{escape(classset.name)}</strong>"
        sentence = t("Class: {name}", name="{name}")
        lines.append(f"<p>{_marked_up(sentence, name=name)}</p>")
    code_html = f'<span class="ws-code">{escape(classset.code)}</span>'
    sentence = t("Class code: {code}", code="{code}")
    count = tn("{n} puzzle", "{n} puzzles", len(puzzles))
    lines.append(f"<p>{_marked_up(sentence, code=code_html)} · {escape(count)}</p>")
    lines.append(f'<p class="ws-options">{escape(classset.describe())}</p>')
    if answers:
        note = words("key_note", deadwood_label=words("label_column_deadwood"),
                     expected_label=words("label_column_expected"))
        lines.append(f'<div class="ws-instructions">{escape(note)}</div>')
    else:
        name_label, date_label, asked = tc("worksheet", "Name:"), tc("worksheet", "Date:"), instructions(classset)
        lines.append(f'<p class="ws-student">{escape(name_label)} <span class="ws-line"></span> '
                     f'{escape(date_label)} <span class="ws-line ws-short"></span></p>')
        lines.append(f'<div class="ws-instructions">{escape(asked)}</div>')
    header = f'<header class="ws-title"><h1>{escape(heading)}</h1>{"".join(lines)}</header>'
    sections = "".join(puzzle_section_html(p, i + 1, len(puzzles), answers=answers) for i, p in enumerate(puzzles))
    return _sheet_page(f'<main class="ws-sheet{" ws-answer-key" if answers else ""}">{header}{sections}</main>',
                       title, lang)


def _sheet_page(body: str, title: str, lang: str) -> str:
    """A whole printable page in ``lang`` with the worksheet's style, fonts and direction."""
    html = page(body, title=title)
    fonts = RTL_FONTS if text_direction(lang) == "rtl" else FONTS
    html = _HTML_TAG.sub(f'<html lang="{lang}" dir="{text_direction(lang)}" style=\'--ws-font: {fonts}\'>', html, 1)
    return html.replace("</head>", f"<style>{WORKSHEET_CSS}</style></head>", 1)


_HTML_TAG = re.compile(r"<html\b[^>]*>")


def _marked_up(sentence: str, **parts: str) -> str:
    """A translated sentence, escaped, with HTML put in place of its named parts
    (the sentence was translated with each part's ``{name}`` kept as it is)."""
    out = escape(sentence)
    for name, html in parts.items():
        out = out.replace("{" + name + "}", html)
    return out


def answer_key_html(classset: ClassSet, lang: str | None = None) -> str:
    """The answer key: the worksheet with each answer, layout, explanation and
    numbers, in ``lang`` (the current language by default)."""
    return worksheet_html(classset, answers=True, lang=lang)


def puzzle_section_html(puzzle: Puzzle, position: int, count: int, *, answers: bool = False) -> str:
    """One puzzle's box: markers, question, rules, draw (or offer), discard pile,
    hand, and empty answer boxes (or, with ``answers``, the answer and the solver's
    numbers), as its kind's sheet (:mod:`gintrainer.puzzles.sheets`) has them."""
    sheet = description(puzzle.kind).sheet
    start = t("Puzzle {position} of {count}", position=position, count=count)
    parts = [f'<header class="ws-head"><span class="ws-start">{escape(start)}</span>'
             f'<span class="ws-kind">{escape(sheet.title())}</span></header>',
             f'<p class="ws-question">{escape(render(puzzle.question_message))}</p>',
             f'<p class="ws-rules">{escape(puzzle_rules_words(puzzle))}</p>',
             f'<p class="ws-rules ws-count">{escape(render(puzzle.count_message))}</p>',
             (f'<p class="ws-rules">{escape(sheet.position_words(puzzle))}</p>' if answers
              else f'<div class="ws-position">{sheet.position_html(puzzle)}</div>'),
             _hand_html(puzzle, sheet, size="small" if answers else "normal")]
    parts.append(_key_html(puzzle, sheet) if answers else _boxes_html(sheet.boxes(puzzle)))
    end = t("end of puzzle {position}/{count}", position=position, count=count)
    parts.append(f'<footer class="ws-end">{escape(end)}</footer>')
    return (f'<section class="ws-puzzle" id="puzzle-{position}" data-position="{position}" '
            f'data-puzzle-id="{escape(puzzle.id)}">{"".join(parts)}</section>')


def _hand_html(puzzle: Puzzle, sheet: Sheet, size: str) -> str:
    label = tn("Your hand ({n} card):", "Your hand ({n} cards):", len(puzzle.hand))
    return (f'<div class="ws-hand"><span class="ws-label">{escape(label)}</span>'
            f'{cards_html(sort_by_suit(puzzle.hand), marks=sheet.marks(puzzle), size=size)}</div>')


WRITING_LINES = {Space.CARD: 1, Space.MELDS: 3, Space.LAYOFFS: 2}
"""The lines of handwriting each kind of answer box holds, 10 mm each: one card in a small
box (24 mm wide); melds (three or four of them, up to ten cards with the slashes between:
some 40 signs) and lay-offs (a few cards, each "on" a meld's number) in a box across the
puzzle, ruled in lines."""


WIDE = ' class="ws-wide"'
"""A group whose box to write in takes several lines: on its own line, across the puzzle."""


def _boxes_html(groups: tuple[Boxes, ...]) -> str:
    """The answer boxes: each group a lead text, tick boxes with their labels and a box to
    write in, sized for what it takes (:data:`WRITING_LINES`)."""
    spans = []
    for group in groups:
        items = [escape(group.lead)] if group.lead else []
        items += [f'<span class="ws-tick"></span>{escape(label)}' for label in group.ticks]
        wide = group.write is not None and WRITING_LINES[group.write] > 1
        if group.write is not None:
            lines = '<span class="ws-write"></span>' * WRITING_LINES[group.write] if wide else ""
            items.append(f'<span class="ws-box ws-box-{group.write.value}">{lines}</span>')
        spans.append(f"<span{WIDE if wide else ''}>{' '.join(items)}</span>")
    return f'<div class="ws-answers">{"".join(spans)}</div>'


def _key_html(puzzle: Puzzle, sheet: Sheet) -> str:
    parts = []
    verdict = sheet.verdict(puzzle)
    answer = tc("answer key", "Answer:")
    parts.append(f'<p class="ws-answer"><strong>{escape(answer)}</strong> {escape(verdict + " " if verdict else "")}'
                 f'<span class="ws-answer-words">{escape(render(puzzle.answer_messages))}</span></p>')
    parts += [f'<p class="ws-layout">{escape(line)}</p>' for line in sheet.key_lines(puzzle)]
    parts.append(f'<p class="ws-explanation">{escape(render(puzzle.explanation_messages))}</p>')
    parts.append(sheet.numbers_html(puzzle))
    themes = list_words(THEMES[name].title for name in puzzle.themes)
    meta = (t("Themes: {themes} · difficulty {difficulty}", themes=themes, difficulty=puzzle.difficulty) if themes
            else t("Themes: none · difficulty {difficulty}", difficulty=puzzle.difficulty))
    # Translators: {id} is the puzzle's id, like ck-b0a9fc49dd35
    ident = t("puzzle {id}", id="{id}")
    parts.append(f'<p class="ws-meta">{escape(meta)} · '
                 f'<span class="ws-id">{_marked_up(ident, id=escape(puzzle.id))}</span></p>')
    return f'<div class="ws-key">{"".join(parts)}</div>'


def numbers_html(puzzle: Puzzle) -> str:
    """The solver's numbers that decide a puzzle's answer, as its kind's sheet has them
    (for a discard puzzle, one column per legal discard, best first, the accepted answers marked)."""
    return description(puzzle.kind).sheet.numbers_html(puzzle)


def follow_up_sheet_html(code: str, follow_ups: Iterable[tuple[str, ClassSet]], *, lang: str | None = None) -> str:
    """The class's follow-up codes on one printed page, in ``lang`` (the current language by default): the
    class's code, what to do with a code, and a row per student (in the order given) with their follow-up
    set's code, its number of puzzles and its themes, small enough that a class of
    :data:`FOLLOW_UP_SHEET_ROWS` fits one A4 or Letter page."""
    with in_language(lang or current_language()) as spoken:
        rows = []
        for student, classset in follow_ups:
            themes = list_words(THEMES[name].title for name in classset.themes) or t("any theme")
            what = tn("{n} puzzle: {themes}", "{n} puzzles: {themes}", classset.count, themes=themes)
            rows.append(f'<tr><th scope="row">{escape(student)}</th><td class="ws-code">{escape(classset.code)}</td>'
                        f'<td class="ws-follow-what">{escape(what)}</td></tr>')
        title = t("Follow-up sets: class code {code}", code=code)
        heads = (tc("follow-up sheet", "Student"), tc("follow-up sheet", "Code"), tc("follow-up sheet", "Puzzles"))
        told = t("Open the student page and type the code beside your name: the puzzles are chosen from your "
                 "answers.")
        nobody = t("No student has a follow-up set: no puzzle was missed.")
        none = "" if rows else f"<p>{escape(nobody)}</p>"
        body = (f'<main class="ws-sheet ws-follow-ups"><header class="ws-title"><h1>{escape(title)}</h1>'
                f'<div class="ws-instructions">{escape(told)}</div></header>{none}'
                f'<table class="ws-follow-table"><thead><tr>'
                + "".join(f'<th scope="col">{escape(head)}</th>' for head in heads)
                + f'</tr></thead><tbody>{"".join(rows)}</tbody></table></main>')
        return _sheet_page(body, title, spoken).replace("</head>", f"<style>{FOLLOW_UP_CSS}</style></head>", 1)


FOLLOW_UP_SHEET_ROWS = 30
"""The students whose follow-up codes fit one printed page (A4 or Letter): a class of 30."""

FOLLOW_UP_CSS = """
.ws-follow-ups h1 { font-size: 13pt; }
.ws-follow-ups .ws-instructions { margin: 1mm 0 2mm 0; padding: 1mm 2mm; }
.ws-follow-table { width: 100%; border-collapse: collapse; font-size: 8.5pt; }
.ws-follow-table th, .ws-follow-table td { border-bottom: 0.25mm solid #bbb; padding: 0.2mm 1.2mm;
  text-align: start; vertical-align: middle; line-height: 1.1; }
.ws-follow-table tbody th { font-weight: normal; }
.ws-follow-table td.ws-code { white-space: nowrap; font-size: 10pt; direction: ltr; unicode-bidi: isolate; }
.ws-follow-what { font-size: 7pt; color: #333; }
.ws-follow-table tr { break-inside: avoid; page-break-inside: avoid; }
"""
"""The follow-up sheet's style, beside the worksheet's: a compact table whose codes read left to right."""


def worksheet_filename(classset: ClassSet, *, answers: bool = False) -> str:
    """A file name for download: ``worksheet-CODE.html`` or ``answer-key-CODE.html``."""
    return f"{'answer-key' if answers else 'worksheet'}-{classset.code}.html"


def write_worksheet(path: Path | str, classset: ClassSet, *, answers: bool = False, lang: str | None = None) -> Path:
    """Write the worksheet (or answer key) in ``lang`` (the current language by
    default) atomically; returns the path."""
    return write_text_atomic(path, worksheet_html(classset, answers=answers, lang=lang))


__all__ = ["FOLLOW_UP_CSS", "FOLLOW_UP_SHEET_ROWS", "FONTS", "RTL_FONTS", "WORKSHEET_CSS", "answer_key_html",
           "follow_up_sheet_html", "numbers_html", "puzzle_section_html", "worksheet_filename", "worksheet_html",
           "write_worksheet"]
