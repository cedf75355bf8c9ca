"""What the teacher does with a class's results: the class at a glance (students by themes and kinds, the
class's hardest first, each cell coloured by the share right at the first answer, the puzzles behind a cell),
a follow-up set per student from their misses, whose code works as any class set's, and the sheet of the
class's follow-up codes; in every language, right to left in Pashto."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from html import escape

import pytest

from gintrainer.classroom import ClassSet, StudentSession, build_gradebook
from gintrainer.classroom.gradebook import (
    FOLLOW_UP_COUNT,
    GRID_BANDS,
    Rate,
    class_grid_svg,
    follow_up_name,
    follow_up_set,
    follow_up_sets,
    grid_cell_html,
    grid_legend,
)
from gintrainer.classroom.sets import DIFFICULTY_NAMES, SetObjective
from gintrainer.classroom.worksheet import follow_up_sheet_html
from gintrainer.puzzles import THEMES, description
from gintrainer.words.errors import GinError
from gintrainer.words.language import in_language
from i18n import pseudo_language, unmarked

SVG = "{http://www.w3.org/2000/svg}"
SET = ClassSet("Grid class", count=4)
MARKS = {"Ann": "rwrw", "Ben": "wwr.", "Cy": "rrrr"}
"""Per student, per puzzle: r right, w wrong, . not answered."""


def response(puzzle, right: bool) -> str:
    if puzzle.kind == "can_knock":
        if right:
            return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
        return "no" if puzzle.can_knock else f"yes {puzzle.table_sorted()[0].card.code()}"
    return puzzle.answer[0].code() if right else puzzle.table_sorted()[-1].card.code()


def results_file(options: ClassSet, student: str, marks: str) -> str:
    session = StudentSession(options.code, student)
    for index, (puzzle, mark) in enumerate(zip(session.puzzles, marks, strict=True)):
        if mark != ".":
            session.answer(index, response(puzzle, mark == "r"))
    return session.hand_in().to_csv()


@pytest.fixture(scope="module")
def book():
    return build_gradebook([(f"{name}.csv", results_file(SET, name, marks)) for name, marks in MARKS.items()])


def test_the_marks_are_graded_as_meant(book):
    expected = {name: tuple(None if m == "." else m == "r" for m in marks) for name, marks in MARKS.items()}
    assert dict(zip(book.students, book.table, strict=True)) == expected


def test_the_grid_has_every_theme_and_kind_of_the_set_the_class_s_hardest_first(book):
    grid = book.grid()
    puzzles = SET.puzzles()
    themes = [c for c in grid.columns if c.group == "theme"]
    kinds = [c for c in grid.columns if c.group == "kind"]
    assert grid.columns == (*themes, *kinds)  # the themes, then the kinds
    assert {c.name for c in themes} == {name for p in puzzles for name in p.themes}
    assert sorted(c.name for c in kinds) == sorted({p.kind.value for p in puzzles}) and len(kinds) == 2
    assert sorted(c.title() for c in kinds) == sorted({description(p.kind).title for p in puzzles})  # "Best discard"
    for group in (themes, kinds):
        shares = [c.rate.fraction for c in group]
        answered = [share for share in shares if share is not None]
        assert answered == sorted(answered)  # the hardest first
        assert shares[:len(answered)] == answered  # and a column without answers last
    for column in grid.columns:  # each column is the set's puzzles of its theme or kind, and the class's rate on them
        of_it = [i + 1 for i, p in enumerate(puzzles)
                 if (column.name in p.themes if column.group == "theme" else p.kind.value == column.name)]
        assert column.puzzles == tuple(of_it)
        answers = [row[i - 1] for row in book.table for i in of_it if row[i - 1] is not None]
        assert column.rate == Rate(sum(answers), len(answers))


def test_each_cell_is_the_student_s_share_right_on_the_column_s_puzzles_and_lists_them(book):
    grid = book.grid()
    for student, marks in MARKS.items():
        for index, column in enumerate(grid.columns):
            given = [marks[i - 1] for i in column.puzzles if marks[i - 1] != "."]
            assert grid.cell(student, index) == Rate(given.count("r"), len(given))
            behind = grid.behind(student, index)
            assert [position for position, _ in behind] == list(column.puzzles)
            assert [result for _, result in behind] == [None if marks[i - 1] == "." else marks[i - 1] == "r"
                                                        for i in column.puzzles]
    with pytest.raises(GinError):
        grid.cell("Nobody", 0)
    with pytest.raises(GinError):
        grid.cell("Ann", len(grid.columns))


def test_the_picture_colours_each_cell_by_its_share_and_names_it_for_a_screen_reader(book):
    grid = book.grid()
    svg = class_grid_svg(book)
    root = ElementTree.fromstring(svg)  # well-formed, or this fails
    assert root.get("role") == "group" and root.find(f"{SVG}title") is not None
    assert "Hardest themes first: " + grid.columns[0].title() in root.find(f"{SVG}desc").text
    cells = {g.get("data-cell"): g for g in root.iter(f"{SVG}g") if g.get("data-cell")}
    assert len(cells) == len(grid.students) * len(grid.columns)
    colours = dict(zip(["low", "middle", "high", "none"], [colour for colour, _ in grid_legend()], strict=True))
    for row, student in enumerate(grid.students):
        for index, column in enumerate(grid.columns):
            cell = cells[f"{row}:{index}"]
            rate = grid.cells[row][index]
            band = ("none" if rate.fraction is None else "low" if rate.fraction < GRID_BANDS[1]
                    else "middle" if rate.fraction < GRID_BANDS[2] else "high")
            assert cell.find(f"{SVG}rect").get("fill") == colours[band]
            assert cell.get("role") == "button" and cell.get("tabindex") == "0"
            assert cell.get("aria-label") == f"{student}, {column.title()}: {rate.words()}"
            assert cell.find(f"{SVG}title").text == cell.get("aria-label")
    legend = ["".join(g.itertext()) for g in root.iter(f"{SVG}g") if g.get("class") == "gb-grid-legend"]
    assert legend == ["right below 50%", "right from 50% to 74%", "right from 75%", "no answers"]


def column_xs(svg: str) -> list[float]:
    """The x of each column title's foot, in the order of the columns."""
    return [float(x) for x in re.findall(r'class="gb-grid-column"[^>]*translate\(([\d.]+),', svg)]


def test_in_pashto_the_grid_reads_right_to_left(book):
    english = class_grid_svg(book)
    with in_language("ps"):
        pashto = class_grid_svg(book)
    root = ElementTree.fromstring(pashto)
    width = float(root.get("width"))
    assert column_xs(english) == sorted(column_xs(english))  # the hardest first, on the left
    assert column_xs(pashto) == sorted(column_xs(pashto), reverse=True)  # the hardest first, on the right
    assert column_xs(pashto) == [pytest.approx(width - x) for x in column_xs(english)]  # mirrored
    names = [t for t in root.iter(f"{SVG}text") if t.get("class") == "gb-grid-student"]
    assert [t.text for t in names] == list(book.students)
    assert all(t.get("direction") == "rtl" and float(t.get("x")) > width / 2 for t in names)
    assert "بڼې" in root.find(f"{SVG}title").text  # the title in Pashto


def test_the_puzzles_behind_a_cell(book):
    grid = book.grid()
    html = grid_cell_html(book, 1, 0)  # Ben, the hardest theme
    for position, result in grid.behind("Ben", 0):
        word = "no answer" if result is None else "right" if result else "wrong"
        assert f"Puzzle {position} ({SET.puzzles()[position - 1].id}): {word}" in html
    assert html.count("<li") == len(grid.columns[0].puzzles)
    with pytest.raises(GinError):
        grid_cell_html(book, len(grid.students), 0)


def test_a_follow_up_set_is_made_from_the_student_s_misses_and_its_code_works_as_any_class_set_s(book):
    assert follow_up_set(book, "Cy") is None  # nothing missed
    for student in ("Ann", "Ben"):
        found = follow_up_set(book, student)
        assert found is not None
        missed = [SET.puzzles()[i - 1] for i in found.missed]
        assert found.missed == tuple(i + 1 for i, m in enumerate(MARKS[student]) if m == "w")
        follow = found.classset
        assert set(follow.kinds) == {p.kind for p in missed}
        aims = {p.objective.value for p in missed if p.kind == "best_discard"}  # those missed, or both: mixed
        assert follow.objective == (None if not aims else SetObjective(aims.pop()) if len(aims) == 1
                                    else SetObjective.MIXED)
        assert follow.count == max(FOLLOW_UP_COUNT[0], min(FOLLOW_UP_COUNT[1], 2 * len(missed)))
        assert set(follow.themes) <= {name for p in missed for name in p.themes}
        if follow.difficulty is not None:  # at their level: the bands of the puzzles missed
            bands = [next(b for b in DIFFICULTY_NAMES.values() if p.difficulty <= b[1]) for p in missed]
            assert follow.difficulty == (min(b[0] for b in bands), max(b[1] for b in bands))
        made = follow.puzzles()
        if follow.themes:  # each puzzle has a theme the student missed, as the generator tagged it
            assert all(set(p.themes) & set(follow.themes) for p in made)
        assert follow.name == follow_up_name(student, SET.code)
        again = ClassSet.from_code(follow.code)
        assert again == follow and again.puzzles() == made  # the code alone rebuilds the set
        session = StudentSession(follow.code, student)  # a student opens it by its code
        assert session.puzzles == made
        assert follow_up_set(book, student) == found  # the same misses make the same set
    assert [f.student for f in follow_up_sets(book)] == ["Ann", "Ben"]
    assert follow_up_set(book, "Ann").classset.code != follow_up_set(book, "Ben").classset.code


def test_a_long_name_still_makes_a_class_name():
    name = follow_up_name("A" * 60, SET.code)
    assert len(name) <= 60 and name.endswith(SET.code)
    assert ClassSet(name, count=1).name == name


def test_the_sheet_of_follow_up_codes_in_english_and_in_pashto(book):
    sets = [(f.student, f.classset) for f in follow_up_sets(book)]
    english = follow_up_sheet_html(SET.code, sets, lang="en")
    for student, classset in sets:
        assert re.search(rf"<th scope=\"row\">{student}</th><td class=\"ws-code\">{classset.code}</td>", english)
        assert classset.themes and all(escape(THEMES[name].title) in english for name in classset.themes)
    assert SET.code in english and 'dir="ltr"' in english
    pashto = follow_up_sheet_html(SET.code, sets, lang="ps")
    assert 'lang="ps" dir="rtl"' in pashto and "Noto Naskh Arabic" in pashto
    assert all(classset.code in pashto for _, classset in sets)
    assert "No student has a follow-up set" in follow_up_sheet_html(SET.code, [], lang="en")


def test_the_gradebook_page_lists_a_clicked_cell_s_puzzles_and_makes_follow_up_sets(book):
    import base64

    from gintrainer.widgets.classroom import GradebookPage
    page = GradebookPage()
    page.show(book)
    assert page.grid.svg == class_grid_svg(book) and page.picked.value == ""
    page.grid._handle_custom_msg({"cell": "1:0"}, [])  # the browser: Ben's cell of the hardest theme clicked
    assert page.picked.value == grid_cell_html(book, 1, 0)
    for odd in ({"cell": "9:0"}, {"cell": "0:99"}, {"cell": "a:b"}, {"cell": 3}, {"cell": "1:0:0"}, "junk"):
        page.grid._handle_custom_msg(odd, [])  # nothing the grid drew: nothing changes
        assert page.picked.value == grid_cell_html(book, 1, 0) and page.status.value == ""
    page.show(book)  # a refresh keeps the cell listed
    assert page.picked.value == grid_cell_html(book, 1, 0)
    rows = page.follow_ups.children[1:]
    assert [row.children[0].description for row in rows] == ["Follow-up set for Ann", "Follow-up set for Ben"]
    rows[1].children[0].click()
    made = follow_up_set(book, "Ben")
    assert made is not None and made.classset.code in rows[1].children[1].value
    assert f'student.ipynb?code={made.classset.code}"' in rows[1].children[1].value
    assert rows[0].children[1].value == ""  # one click, one student's set
    page.all_follow_ups.click()
    link = re.search(r'download="follow-ups-([^"]+)\.html" href="data:text/html;base64,([^"]+)"',
                     page.follow_up_sheet.value)
    assert link and link[1] == SET.code
    sheet = base64.b64decode(link[2]).decode("utf-8")
    assert sheet == follow_up_sheet_html(SET.code, [(f.student, f.classset) for f in follow_up_sets(book)])


def test_the_grid_the_cell_list_and_the_sheet_come_from_the_catalogs(book):
    sets = [(name, ClassSet(follow_up_name(name, SET.code), count=4, themes=["set-or-run"])) for name in MARKS]
    ids = [p.id for p in SET.puzzles()]
    codes = [SET.code, *(c.code for _, c in sets)]
    with pseudo_language():
        drawn = class_grid_svg(book) + grid_cell_html(book, 0, 0) + follow_up_sheet_html(SET.code, sets)
    assert unmarked(drawn, allowed=[*MARKS, *ids, *codes, *(f"({i})" for i in ids)]) == []
    from gintrainer.widgets.classroom import GradebookPage
    with pseudo_language():  # the page's words about them: its buttons, a set made, the sheet's link
        page = GradebookPage()
        page.show(book)
        page.grid._handle_custom_msg({"cell": "0:0"}, [])
        rows = page.follow_ups.children[1:]
        rows[0].children[0].click()
        page.all_follow_ups.click()
        made = follow_up_set(book, "Ann")
        shown = [page.picked.value, page.follow_ups.children[0].value, page.all_follow_ups.description,
                 *(row.children[0].description for row in rows), rows[0].children[1].value,
                 re.sub(r'href="[^"]*"', "", page.follow_up_sheet.value)]
    assert made is not None and made.classset.code in rows[0].children[1].value and page.status.value == ""
    assert unmarked(" ".join(shown), allowed=[*MARKS, *ids, *(f"({i})" for i in ids), made.classset.code,
                                              f"follow-ups-{SET.code}.html"]) == []
