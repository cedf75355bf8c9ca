"""The gradebook: results files made here merged into the expected table; bad,
foreign and duplicate files named and skipped."""

import re
from html import escape

import pytest

from gintrainer.classroom import (
    ClassCodeError,
    ClassSet,
    StudentSession,
    build_gradebook,
    gradebook_html,
    gradebook_page,
    theme_chart_svg,
)
from gintrainer.classroom.gradebook import Rate, class_grid_svg
from gintrainer.puzzles import THEMES
from gintrainer.puzzles.themes import theme_title
from gintrainer.words.language import in_language

SET = ClassSet("Gradebook class", count=4)
OTHER = ClassSet("Another class", count=2, kinds="can_knock")


def right(puzzle) -> str:
    if puzzle.kind == "can_knock":
        return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
    return puzzle.answer[0].code()


def wrong(puzzle) -> str:
    if puzzle.kind == "can_knock":
        return "no" if puzzle.can_knock else f"yes {puzzle.table_sorted()[0].card.code()}"
    return puzzle.table_sorted()[-1].card.code()


def results(options, student, marks) -> str:
    """A results file: ``marks`` has "r" (right), "w" (wrong) or "." (blank) per puzzle."""
    session = StudentSession(options.code, student, clock=iter(range(0, 100, 5)).__next__)
    for index, (puzzle, mark) in enumerate(zip(session.puzzles, marks, strict=True)):
        if mark != ".":
            session.answer(index, right(puzzle) if mark == "r" else wrong(puzzle))
    return session.hand_in().to_csv()


MARKS = {"ann.csv": ("Ann", "rrrr"), "ben.csv": ("Ben", "rw.w"), "cara.csv": ("Cara <b>", "..r.")}
TABLE = {"Ann": (True, True, True, True), "Ben": (True, False, None, False), "Cara <b>": (None, None, True, None)}


def load_folder(path):
    """A gradebook from a folder's results files, as a teacher uploads them."""
    return build_gradebook([(file.name, file.read_bytes()) for file in sorted(path.glob("*.csv"))])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("results")
    for name, (student, marks) in MARKS.items():
        (path / name).write_text(results(SET, student, marks), encoding="utf-8", newline="")
    return path


def test_merging_results_files_gives_the_table(folder):
    book = load_folder(folder)
    assert book.code == SET.code and book.problems == () and book.puzzles == SET.puzzles()
    assert book.students == ("Ann", "Ben", "Cara <b>") and book.files == ("ann.csv", "ben.csv", "cara.csv")
    assert dict(zip(book.students, book.table, strict=True)) == TABLE
    assert book.cell("Ben", 2) is False and book.cell("Ben", 3) is None
    assert book.totals() == {"Ann": Rate(4, 4), "Ben": Rate(1, 3), "Cara <b>": Rate(1, 1)}
    assert book.puzzle_rates() == (Rate(2, 2), Rate(1, 2), Rate(2, 2), Rate(1, 2))
    assert book.rows()[1] == {"student": "Ben", "1": "right", "2": "wrong", "3": "", "4": "wrong", "right": 1,
                              "answered": 3}
    assert book.to_csv().splitlines()[0] == "student,1,2,3,4,right,answered"


def test_success_by_theme_counts_every_answer_to_a_puzzle_of_the_theme(folder):
    book = load_folder(folder)
    rates = book.puzzle_rates()
    expected = {}
    for position, puzzle in enumerate(SET.puzzles(), 1):
        for theme in puzzle.themes:
            right_, answered = expected.get(theme, (0, 0))
            expected[theme] = (right_ + rates[position - 1].right, answered + rates[position - 1].answered)
    themes = book.theme_rates()
    assert {t.theme: (t.rate.right, t.rate.answered) for t in themes} == expected
    fractions = [t.rate.fraction for t in themes]
    assert fractions == sorted(fractions)


def test_bad_foreign_and_duplicate_files_are_named_and_skipped(folder, tmp_path):
    for file in folder.iterdir():
        (tmp_path / file.name).write_bytes(file.read_bytes())
    (tmp_path / "copy of ann.csv").write_bytes((folder / "ann.csv").read_bytes())
    (tmp_path / "ben again.csv").write_text(results(SET, "BEN", "rrrr"), encoding="utf-8")
    (tmp_path / "corrupt.csv").write_bytes(b"\x00\xff not a results file")
    (tmp_path / "other class.csv").write_text(results(OTHER, "Dan", "rr"), encoding="utf-8")
    (tmp_path / "truncated.csv").write_text((folder / "ann.csv").read_text(encoding="utf-8")[:-30],
                                            encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a csv file")
    book = load_folder(tmp_path)
    assert dict(zip(book.students, book.table, strict=True)) == {k: v for k, v in TABLE.items() if k != "Ben"}
    problems = {p.file: p.reason for p in book.problems}
    assert sorted(problems) == ["ben again.csv", "ben.csv", "copy of ann.csv", "corrupt.csv", "other class.csv",
                                "truncated.csv"]
    assert problems["copy of ann.csv"] == "a copy of ann.csv: skipped"
    assert problems["ben again.csv"] == ("student 'BEN' has several files (ben again.csv, ben.csv): all skipped; "
                                         "keep one")
    assert problems["ben.csv"].startswith("student 'Ben' has several files")
    assert "not UTF-8" in problems["corrupt.csv"]
    assert problems["other class.csv"] == f"for class code {OTHER.code}, not {SET.code}: skipped"
    assert problems["truncated.csv"].startswith("line 5") and problems["truncated.csv"].endswith(": skipped")
    assert all(p.file in gradebook_html(book) for p in book.problems)


def test_a_results_file_of_a_retired_code_is_named_and_kept_out(folder, monkeypatch):
    from gintrainer.classroom import codes
    old_code = codes.CLASSIC
    text = (folder / "ann.csv").read_text(encoding="utf-8")
    monkeypatch.setattr(codes, "CLASSIC", 1)
    retired = SET.code
    monkeypatch.setattr(codes, "CLASSIC", old_code)
    book = build_gradebook([(f.name, f.read_bytes()) for f in folder.iterdir()]
                           + [("old.csv", text.replace(SET.code, retired))])
    assert book.code == SET.code and "Ann" in book.students
    reason = {p.file: p.reason for p in book.problems}["old.csv"]
    assert "earlier version of gintrainer" in reason and reason.endswith(": skipped")


def test_the_class_code_can_be_given(folder):
    book = build_gradebook([(f.name, f.read_bytes()) for f in folder.iterdir()]
                           + [("dan.csv", results(OTHER, "Dan", "rw"))], code=OTHER.code.lower())
    assert book.code == OTHER.code and book.students == ("Dan",) and book.table == ((True, False),)
    assert [p.file for p in book.problems] == ["ann.csv", "ben.csv", "cara.csv"]
    with pytest.raises(ClassCodeError):
        build_gradebook([], code="not a code")


def test_the_code_of_most_files_wins_and_ties_go_to_the_first_file():
    files = [("a.csv", results(OTHER, "Ann", "rr")), ("b.csv", results(SET, "Ben", "rrrr"))]
    assert build_gradebook(files).code == OTHER.code
    assert build_gradebook(files + [("c.csv", results(SET, "Cy", "w..."))]).code == SET.code


def test_no_files_make_an_empty_gradebook(tmp_path):
    book = load_folder(tmp_path)
    assert book.code is None and book.students == () and book.theme_rates() == ()
    assert "No results yet" in gradebook_html(book) and "No puzzles yet" in theme_chart_svg(book)


def test_the_drawings_escape_names_and_show_each_cell(folder):
    book = load_folder(folder)
    html = gradebook_html(book)
    assert "Cara &lt;b&gt;" in html and "<b>" not in html
    assert html.count('aria-label="right"') == 6 and html.count('aria-label="wrong"') == 2
    assert html.count('aria-label="no answer"') == 4 and "1/4 · 3 answered" in html
    svg = theme_chart_svg(book)
    assert svg.startswith("<svg") and svg.count("<g>") == len(book.theme_rates())
    names = re.findall(r'<text x="0.0" [^>]*class="gb-chart-theme">([^<]+)</text>', svg)
    assert names == [escape(THEMES[t.theme].title) for t in book.theme_rates()]  # titles, not the names in files
    page = gradebook_page(book, title="Year <5>")
    assert page.startswith("<!DOCTYPE html>") and "Year &lt;5&gt;" in page
    assert book._repr_html_() == html + svg + class_grid_svg(book)


def test_in_pashto_the_theme_chart_is_mirrored_its_titles_on_the_right(folder):
    # The chart once wrote its titles from x=0 with no direction: on a right-to-left page they ran off the
    # picture's left edge and none showed.
    book = load_folder(folder)
    with in_language("ps"):
        svg = theme_chart_svg(book)
    width = float(re.search(r'width="(\d+)"', svg)[1])
    titles = re.findall(r'<text x="([\d.]+)" [^>]*direction="rtl"[^>]*class="gb-chart-theme">([^<]+)</text>', svg)
    with in_language("ps"):
        assert [title for _, title in titles] == [escape(theme_title(r.theme)) for r in book.theme_rates()]
    assert all(float(x) == width for x, _ in titles)  # each starts at the right edge and runs leftwards
    tracks = [float(x) for x in re.findall(r'<rect x="([\d.]+)" [^>]*fill="#eeeeee"', svg)]
    assert tracks and all(x + 330 <= width - 160 for x in tracks)  # the bars left of the titles


def test_a_name_typed_with_and_without_the_turkish_capital_i_is_one_student():
    # The gradebook once folded names with casefold alone, so "İrem" and "Irem" were two
    # students while they open one profile; now it compares names as the profiles do.
    book = build_gradebook([("irem.csv", results(SET, "İrem", "rr..")), ("irem-2.csv", results(SET, "Irem", "..rr")),
                            ("ann.csv", results(SET, "Ann", "r..."))])
    assert book.students == ("Ann",)
    problems = {p.file: p.reason for p in book.problems}
    assert sorted(problems) == ["irem-2.csv", "irem.csv"]
    assert problems["irem.csv"].startswith("student 'İrem' has several files (irem-2.csv, irem.csv)")


def test_the_right_column_counts_out_of_the_set_and_says_how_many_a_student_answered(folder, tmp_path):
    # The column once said right out of answered: a student right on the one puzzle answered so far read
    # "1/1 (100%)" beside a class of four puzzles.
    html = gradebook_html(load_folder(folder))

    def total(student):
        return re.search(rf'<th scope="row">{re.escape(escape(student))}</th>.*?<td>([^<]*)</td></tr>', html)[1]

    assert (total("Ann"), total("Ben"), total("Cara <b>")) == ("4/4 (100%)", "1/4 · 3 answered", "1/4 · 1 answered")
    from gintrainer.classroom.store import new_session_key, open_store, session_name
    store, name = open_store(f"sqlite:///{tmp_path / 'class.db'}"), session_name(new_session_key())
    store.start(SET.code, name, "Dee")
    session = StudentSession(SET.code, "Dee")
    store.record(SET.code, name, "Dee", session.answer(0, right(SET.puzzles()[0])))
    html = gradebook_html(build_gradebook(code=SET.code, stored=store.class_sessions(SET.code)))
    assert "still answering" in html and re.search(r"<td>1/4 · 1 answered</td></tr>", html)
