"""A "take or draw?" puzzle on a worksheet and its answer key, an answer to it
marked, and a class set with take-or-draw puzzles (a version 3 code) made on the
teacher page, answered on the student page and shown in the gradebook."""

import base64
import re

import pytest

from gintrainer.classroom.marking import AnswerError, mark, parse_choice_response
from gintrainer.classroom.worksheet import puzzle_section_html
from gintrainer.engine.cards import Card, parse_card
from gintrainer.engine.melds import all_best_arrangements
from gintrainer.material.messages import format_value
from gintrainer.puzzles import KINDS, bank
from gintrainer.puzzles.knock_layout import layout_text
from gintrainer.puzzles.registry import description
from gintrainer.words.errors import GinError
from gintrainer.words.language import in_language


def puzzle_of(choice):
    return next(p for p in bank("take_or_draw") if p.choice == choice)


def test_an_answer_is_marked_in_any_language_the_trainer_speaks():
    puzzle = puzzle_of("take")
    right, wrong = mark(puzzle, "Take"), mark(puzzle, "draw")
    assert (right.answer, right.correct, wrong.answer, wrong.correct) == ("take", True, "draw", False)
    assert wrong.message.startswith("Not the best: a draw from the stock leaves")
    with in_language("tr"):
        assert parse_choice_response("al") == "take" and parse_choice_response("ÇEK") == "draw"
    for bad in ("7H", "take 7H", "yes", ""):
        with pytest.raises(AnswerError):
            mark(puzzle, bad)


def test_the_worksheet_asks_and_the_answer_key_answers_with_both_numbers():
    puzzle = puzzle_of("draw")
    sheet = puzzle_section_html(puzzle, 1, 3)
    assert "Take or draw?" in sheet and "is on top of the discard pile" in sheet
    assert "on offer: the top discard" in sheet and sheet.count("ws-tick") == 2 and "ws-box" not in sheet
    key = puzzle_section_html(puzzle, 1, 3, answers=True)
    assert "Draw from the stock." in key and f"Top of the discard pile: {puzzle.offered}" in key
    assert format_value(puzzle.draw_expected) in key and format_value(puzzle.take_expected) in key
    assert "gt-choice-table" in key and puzzle.id in key


def test_a_worksheet_says_what_a_take_or_draw_puzzle_asks():
    from gintrainer.classroom import ClassSet, worksheet_html
    only = worksheet_html(ClassSet("x", count=2, kinds="take_or_draw"))
    mixed = worksheet_html(ClassSet("x", count=2, kinds=["best_discard", "take_or_draw"]))
    plain = worksheet_html(ClassSet("x", count=2, kinds="best_discard"))
    before = "shows your ten cards before you draw, and the card on top of the discard pile"
    assert before in only and "eleven cards" not in only and "Which card?" not in only
    assert before in mixed and "eleven cards just after you drew" in mixed
    assert before not in plain and "eleven cards just after you drew" in plain


def test_a_results_file_of_a_take_or_draw_set_is_checked_and_re_marked_against_its_code():
    from gintrainer.classroom import (
        ClassSet,
        Rate,
        ResultsError,
        StudentSession,
        build_gradebook,
        read_results,
        theme_chart_svg,
    )
    from gintrainer.puzzles.themes import kind_themes, theme_title
    classset = ClassSet("Lunch club", count=3, kinds="take_or_draw", themes=["stock-odds", "looks-useful"])
    session = StudentSession(classset, "Zoë")
    with in_language("tr"):  # the student's own words; the file keeps the choice
        first = session.answer(0, "al")
    second = session.answer(1, session.puzzles[1].choice)
    assert first.answer == "take" and first.correct == (session.puzzles[0].choice == "take") and second.correct
    text = session.hand_in().to_csv()
    results = read_results(text)
    assert results.code == classset.code and len(results.code) == 29 and results.right == 1 + first.correct
    book = build_gradebook([("zoe.csv", text)])
    rates = {rate.theme: rate for rate in book.theme_rates()}
    assert {"stock-odds", "looks-useful"} & set(rates) and set(rates) <= set(kind_themes("take_or_draw"))
    for theme, rate in rates.items():
        answered = [a for a in results.attempts if theme in session.puzzles[a.position - 1].themes]
        assert rate.rate == Rate(sum(a.correct for a in answered), len(answered))
        assert theme_title(theme) in theme_chart_svg(book)
    assert ",1,td-" in text and ",take," in text.splitlines()[1]
    with pytest.raises(ResultsError, match="line 2: answer 'draw' is marked"):  # the other choice, marked alike
        read_results(text.replace(",take,", ",draw,", 1))


# -- the class pages ---------------------------------------------------------------

def test_a_teacher_makes_a_take_or_draw_set_a_student_answers_it_and_the_gradebook_shows_it(tmp_path):
    pytest.importorskip("ipywidgets")
    from gintrainer.classroom import ClassSet, open_store
    from gintrainer.puzzles import PuzzleKind
    from gintrainer.puzzles.themes import theme_title
    from gintrainer.widgets.classroom import GradebookPage, StudentPage, TeacherPage

    teacher = TeacherPage()
    teacher.name.value, teacher.count.value = "Year 9 Tuesday", 2
    teacher.kind_boxes[PuzzleKind.BEST_DISCARD].value = False
    teacher.kind_boxes[PuzzleKind.TAKE_OR_DRAW].value = True
    teacher.make_button.click()
    made = teacher.classset
    assert made == ClassSet("Year 9 Tuesday", count=2, kinds=["can_knock", "take_or_draw"])
    assert made.version == 3 and made.code in teacher.code.value and teacher.listing.value.count("<li>") == 2
    assert "can-you-knock and take-or-draw" in teacher.code.value
    sheet = re.search(r'href="data:text/html;base64,([^"]+)"', teacher.downloads.value).group(1)
    assert base64.b64decode(sheet).decode("utf-8").count('<span class="ws-kind">Take or draw?</span>') == 1
    offered = made.puzzles()[1]
    assert offered.kind == PuzzleKind.TAKE_OR_DRAW

    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    student = StudentPage(code=made.code.lower(), student="Kim", store=store)
    student.start_button.click()
    view = student.view
    (view.yes_button if made.puzzles()[0].can_knock else view.no_button).click()  # yes asks for a card: unanswered
    if made.puzzles()[0].can_knock:
        card = made.puzzles()[0].answer[0]
        view.picker.buttons[view.picker.cards.index(card)].value = True
        view.discard_button.click()
    student.next_button.click()
    assert view.puzzle == offered and view.take_button in view.buttons.children
    (view.take_button if offered.choice == "draw" else view.draw_button).click()  # the wrong choice
    student.hand_in_button.click()
    assert student.session.score == (1, 2)
    wrong = "take" if offered.choice == "draw" else "draw"
    assert f"✗ Not right: you answered {wrong}." in student.review.value
    assert [(a.answer, a.correct) for a in store.class_sessions(made.code)[0].attempts][1] == (wrong, False)

    book = GradebookPage(store=store)
    book.code.value = made.code
    assert "Kim" in book.table.value and "1/2 (50%)" in book.table.value and "take-or-draw" in book.table.value
    for theme in offered.themes:
        assert theme_title(theme) in book.chart.value


def test_the_classroom_reaches_every_kind_through_its_description():
    """A kind joins class sets, marking, results and worksheets with its description alone:
    the classroom names no kind's puzzle class and branches on no puzzle's type."""
    from pathlib import Path

    import gintrainer.classroom
    from gintrainer.puzzles import KINDS, bank
    for kind in KINDS:
        found = description(kind)
        puzzle = bank(kind)[0]
        assert found.words and found.sheet.title() and found.sheet.boxes(puzzle)
        assert mark(puzzle, _right_answer(puzzle)).correct
    for path in Path(gintrainer.classroom.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "TakeOrDrawPuzzle" not in text and "isinstance(puzzle" not in text, path.name


def test_every_kind_reads_back_the_answers_its_marking_records():
    """A recorded answer of each kind reads as the student gave it: every card it names
    with its suit, a knock layout's melds apart, the choice the solver's table marks."""
    for kind in KINDS:
        for puzzle in bank(kind)[:12]:
            answers = [_right_answer(puzzle)]
            if kind == "knock_layout":  # a least-deadwood layout, never among the best
                answers.append(layout_text(all_best_arrangements(puzzle.hand)[0].melds))
            for given in answers:
                recorded = mark(puzzle, given).answer
                reading = description(kind).reading(recorded)
                codes = [w for w in recorded.replace(";", " ").split() if _is_card(w)]
                assert all(str(parse_card(code)) in reading.words for code in codes), (recorded, reading)
                assert reading.words.count(" / ") == recorded.count(" / "), (recorded, reading)
                if kind == "take_or_draw":
                    assert reading.chosen == puzzle.choice
                elif kind in ("can_knock", "best_discard"):
                    assert reading.chosen == (puzzle.answer[0] if puzzle.answer else None)
                    assert isinstance(reading.chosen, Card) or reading.chosen is None
                else:
                    assert reading.chosen is None
    with pytest.raises(GinError):
        description("knock_layout").reading("7H 8H / 9X")


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except GinError:
        return False
    return True


def _right_answer(puzzle) -> str:
    if puzzle.kind == "take_or_draw":
        return puzzle.choice
    if puzzle.kind == "knock_layout":
        from gintrainer.puzzles.knock_layout import layout_text
        return layout_text(puzzle.layouts[0])
    if puzzle.kind == "can_knock":
        return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
    if puzzle.kind == "defend":
        from gintrainer.puzzles.defend import answer_text
        return answer_text(puzzle.reply.melds, puzzle.reply.layoffs, puzzle.undercut)
    return puzzle.answer[0].code()


def test_the_class_command_makes_and_reads_a_take_or_draw_set(capsys, tmp_path):
    import json

    from gintrainer.classroom import ClassSet
    from gintrainer.cli import main
    assert main(["class", "make", "--code", "Year 9", "--count", "2", "--kinds", "can-knock", "take-or-draw",
                 "--json"]) == 0
    out, err = capsys.readouterr()
    expected = ClassSet("Year 9", count=2, kinds=["can_knock", "take_or_draw"])
    assert err.strip() == f"class code: {expected.code}"
    assert [record["kind"] for record in json.loads(out)] == ["can_knock", "take_or_draw"]
    assert main(["class", "worksheet", "--code", expected.code, "--kinds", "take-or-draw", "can-knock",
                 "--out", str(tmp_path / "sheet.html"), "--answers"]) == 0
    assert expected.puzzles()[1].id in (tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert main(["class", "make", "--code", expected.code, "--kinds", "both"]) == 2
    assert "which is for can-you-knock and take-or-draw puzzles" in capsys.readouterr().err
