"""A "defend" puzzle in class sets: its answer read and marked in any language the
trainer speaks, its results re-marked against the set's version 3 code and shown
per theme, the worksheet's instructions, and a set with defend puzzles made on
the teacher page, answered on the student page through the reply input and
shown in the gradebook."""

import base64
import re
from typing import cast

import pytest

from gintrainer.classroom import ClassSet
from gintrainer.classroom.marking import AnswerError, mark
from gintrainer.puzzles import bank
from gintrainer.puzzles.answers import parse_reply_response
from gintrainer.puzzles.defend import DefendPuzzle, answer_text
from gintrainer.words.language import in_language

KIND = "defend"


def puzzle_with(undercut: bool):
    puzzles = [cast(DefendPuzzle, p) for p in bank(KIND)]  # the bank of that kind
    return next(p for p in puzzles if p.undercut == undercut and p.reply.melds and p.reply.layoffs)


def right_answer(puzzle, undercut=None) -> str:
    return answer_text(puzzle.reply.melds, puzzle.reply.layoffs, puzzle.undercut if undercut is None else undercut)


def test_an_answer_is_read_and_marked_in_any_language_the_trainer_speaks():
    puzzle = puzzle_with(undercut=True)
    right, wrong_word = mark(puzzle, right_answer(puzzle).lower()), mark(puzzle, right_answer(puzzle, False))
    assert right.correct and right.answer == right_answer(puzzle) and not wrong_word.correct
    assert wrong_word.message.startswith("Your layout is right, but your")
    yes_tr = right_answer(puzzle).replace("; yes", "; Evet")
    assert mark(puzzle, yes_tr).correct and mark(puzzle, yes_tr).answer == right_answer(puzzle)
    nothing = mark(puzzle, " ; ; yes")  # no melds, no lay-offs: every card kept, marked by the engine
    assert not nothing.correct and "more than the" in nothing.message
    melds, layoffs, undercut = parse_reply_response("7h 8h 9h / 2c 2d 2s ; 9c on 1 / tc on 1 ; na")
    assert (len(melds), [(lo.card.code(), lo.meld) for lo in layoffs], undercut) == (2, [("9C", 0), ("TC", 0)], False)
    for bad in ("yes", "7H 8H 9H ; yes", "7H 8H 9H ; 9C on 0 ; yes", "7H 8H 9H ; ; maybe", "",
                f"{right_answer(puzzle)} ; yes"):
        with pytest.raises(AnswerError):
            mark(puzzle, bad)
    stranger = next(c for c in bank("can_knock")[0].hand if c not in puzzle.hand)
    with pytest.raises(AnswerError, match="not in your hand"):
        mark(puzzle, f"{stranger.code()} ; ; no")


def test_a_results_file_of_a_defend_set_is_re_marked_against_its_code_and_shown_per_theme():
    from gintrainer.classroom import Rate, ResultsError, StudentSession, build_gradebook, read_results
    from gintrainer.puzzles.themes import kind_themes
    classset = ClassSet("Lunch club", count=3, kinds=KIND)
    assert classset.version == 3 and "3 puzzles: defend" in classset.describe()
    session = StudentSession(classset, "Zoë")
    puzzles = session.puzzles
    with in_language("ku"):  # the student's own words; the file keeps the record's
        first = session.answer(0, right_answer(puzzles[0]).replace("; yes", "; erê").replace("; no", "; na"))
    second = session.answer(1, right_answer(puzzles[1], not puzzles[1].undercut))
    assert first.correct and not second.correct and first.answer == right_answer(puzzles[0])
    text = session.hand_in().to_csv()
    results = read_results(text)
    assert results.code == classset.code and len(results.code) == 29 and results.right == 1
    book = build_gradebook([("zoe.csv", text)])
    rates = {rate.theme: rate for rate in book.theme_rates()}
    assert rates and set(rates) <= set(kind_themes(KIND))
    for theme, rate in rates.items():
        answered = [a for a in results.attempts if theme in puzzles[a.position - 1].themes]
        assert rate.rate == Rate(sum(a.correct for a in answered), len(answered))
    flipped = right_answer(puzzles[0], not puzzles[0].undercut)
    with pytest.raises(ResultsError, match="line 2: answer .* is marked"):  # the file's verdict checked
        read_results(text.replace(right_answer(puzzles[0]), flipped, 1))


def test_a_worksheet_says_what_a_defend_puzzle_asks():
    from gintrainer.classroom import worksheet_html
    only = worksheet_html(ClassSet("x", count=2, kinds=KIND))
    mixed = worksheet_html(ClassSet("x", count=2, kinds=["best_discard", KIND]))
    asks = "tick yes if your deadwood undercuts the knocker, or no"
    assert asks in only and "eleven cards" not in only and "lay off what you can" in only
    assert asks in mixed and "eleven cards just after you drew" in mixed and "lay off what you can" not in mixed
    assert only.count('<span class="ws-kind">Defend</span>') == 2 and only.count('<span class="ws-box ') == 4


# -- the class pages ---------------------------------------------------------------

def test_a_teacher_makes_a_defend_set_a_student_answers_it_and_the_gradebook_shows_it(tmp_path):
    pytest.importorskip("ipywidgets")
    from gintrainer.classroom import open_store
    from gintrainer.puzzles import PuzzleKind
    from gintrainer.puzzles.themes import theme_title
    from gintrainer.widgets.classroom import GradebookPage, StudentPage, TeacherPage

    teacher = TeacherPage()
    assert PuzzleKind.DEFEND in teacher.kind_boxes and teacher.kind_boxes[PuzzleKind.DEFEND].value is False
    teacher.name.value, teacher.count.value = "Year 9 Tuesday", 2
    for kind, box in teacher.kind_boxes.items():
        box.value = kind in (PuzzleKind.BEST_DISCARD, PuzzleKind.DEFEND)
    teacher.make_button.click()
    made = teacher.classset
    assert made == ClassSet("Year 9 Tuesday", count=2, kinds=["best_discard", KIND])
    assert made.version == 3 and made.code in teacher.code.value and "best-discard and defend" in teacher.code.value
    sheet = re.search(r'href="data:text/html;base64,([^"]+)"', teacher.downloads.value).group(1)
    assert base64.b64decode(sheet).decode("utf-8").count('<span class="ws-kind">Defend</span>') == 1
    first, knock = made.puzzles()
    assert knock.kind == PuzzleKind.DEFEND

    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    student = StudentPage(code=made.code.lower(), student="Kim", store=store)
    student.start_button.click()
    view = student.view
    view.picker.select([first.answer[0]])
    view.discard_button.click()
    student.next_button.click()
    assert view.puzzle == knock and view.reply_input.layout.display == ""
    for meld in knock.reply.melds:  # the least deadwood, then the wrong word on the undercut
        view.picker.select(meld)
        view.reply_input.meld_button.click()
    for layoff in knock.reply.layoffs:
        view.picker.select([layoff.card])
        view.reply_input.target.value = layoff.meld
        view.reply_input.layoff_button.click()
    (view.reply_input.no_undercut_button if knock.undercut else view.reply_input.undercut_button).click()
    said = view.feedback.value
    word = "you do not undercut" if knock.undercut else "you undercut"
    assert f"Recorded: your layout keeps {knock.deadwood}, and you say {word}." in said
    assert "Right" not in said and "Not" not in said  # no verdict before handing in
    student.hand_in_button.click()
    assert student.session.score == (1, 2)
    wrong = right_answer(knock, not knock.undercut)
    assert [(a.answer, a.correct) for a in store.class_sessions(made.code)[0].attempts][1] == (wrong, False)
    shown = " ".join(str(c) for c in knock.reply.melds[0])
    assert f"✗ Not right: you answered {shown}" in student.review.value
    assert f"{knock.reply.layoffs[0].card} → {knock.reply.layoffs[0].meld + 1}" in student.review.value

    book = GradebookPage(store=store)
    book.code.value = made.code
    assert "Kim" in book.table.value and "1/2 (50%)" in book.table.value and "defend" in book.table.value
    for theme in knock.themes:
        assert theme_title(theme) in book.chart.value


def test_a_defend_set_s_words_come_from_the_catalogs():
    pytest.importorskip("ipywidgets")
    from gintrainer.classroom import StudentSession, worksheet_html
    from gintrainer.trainers.training import PuzzleAttempt
    from gintrainer.widgets.classroom import review_html
    from gintrainer.widgets.trainer import recorded_words
    from i18n import pseudo_language, unmarked
    classset = ClassSet("x", count=2, kinds=KIND)
    puzzle = classset.puzzles()[0]
    blind = PuzzleAttempt(puzzle, blind=True)
    blind.answer_reply(puzzle.reply.melds, puzzle.reply.layoffs, puzzle.undercut)
    assert recorded_words(blind) == (f"Recorded: your layout keeps {puzzle.deadwood}, and you say you "
                                     f"{'undercut' if puzzle.undercut else 'do not undercut'}.")
    with pseudo_language():
        session = StudentSession(classset, "Kim")  # the verdict is kept as said in the page's language
        session.answer(0, right_answer(puzzle, not puzzle.undercut))
        handed = session.hand_in()
        texts = [worksheet_html(classset), worksheet_html(classset, answers=True), recorded_words(blind),
                 review_html(handed)]
        for text in texts:
            assert unmarked(text) == [], text
