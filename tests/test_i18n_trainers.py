"""The trainer pages drawn in the tests' pseudo-language: every word a learner or
teacher reads on the puzzle trainers, the daily page, practice, the replayer, the
class pages and an exercise comes from the catalogs (between the marks), or is a
card, a number, a name typed in, or a sentence another module writes (listed below
with its owner)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from decks import stacked_deck  # noqa: E402
from gintrainer import Match, Rules  # noqa: E402
from gintrainer.classroom import Attempt, build_gradebook, results_csv  # noqa: E402
from gintrainer.engine.cards import DECK  # noqa: E402
from gintrainer.engine.hand import LAYOUT_PHASES, Phase  # noqa: E402
from gintrainer.engine.solver import Objective  # noqa: E402
from gintrainer.puzzles import THEMES, PuzzleKind, bank  # noqa: E402
from gintrainer.replay import advice, examples  # noqa: E402
from gintrainer.trainers.practice import PracticeGame  # noqa: E402
from gintrainer.widgets.classroom import MAX_RESULTS_FILE, GradebookPage, StudentPage, TeacherPage  # noqa: E402
from gintrainer.widgets.exercise import CheckView, ExerciseView, RulesComparison  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfileBar  # noqa: E402
from gintrainer.widgets.replay import ReplaysPage  # noqa: E402
from gintrainer.widgets.stepper import StepperBoard  # noqa: E402
from gintrainer.widgets.trainer import DailyPage, PuzzleView, TrainerPage  # noqa: E402
from gintrainer.words.errors import GinError  # noqa: E402
from gintrainer.words.language import NAMES as LANGUAGE_NAMES  # noqa: E402
from gintrainer.words.language import PLAYERS  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
NAMES = ("Ann", "Kim", *(word for name in LANGUAGE_NAMES.values() for word in name.split()))
"""The learners' names, and the languages' names in themselves (a language menu writes them so)."""
"""Names typed in by the tests' learners and students (a learner's own input)."""


def foreign_sentences() -> list[str]:
    """Sentences other modules write onto these pages, not yet from the catalogs in
    this branch; each owner converts its own (the lead removes this list after merging).

    - puzzles/ (engine-puzzles): the themes' titles and descriptions;
    - cards.py (engine): a card's name ("two of clubs"), the card buttons' tooltip (widgets/cards.py);
    """
    return ([theme.title for theme in THEMES.values()] + [theme.description for theme in THEMES.values()]
            + [card.name for card in DECK])


FOREIGN_WIDGETS = (ProfileBar,)
"""Widgets of other modules on these pages: the profile bar (widgets/profile.py, pages-core)."""


def texts(widget: widgets.Widget, skip: tuple[widgets.Widget, ...] = ()) -> list[str]:
    """Every text a widget shows, its children's too: HTML and labels, button and
    checkbox descriptions and tooltips, dropdown labels, placeholders (but for the
    widgets in ``skip`` and the foreign ones)."""
    if isinstance(widget, FOREIGN_WIDGETS) or any(widget is other for other in skip):
        return []
    found = []
    for name in ("value", "description", "tooltip", "placeholder"):
        if name == "value" and not isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
            continue
        text = getattr(widget, name, None)
        if isinstance(text, str) and text:
            found.append(text)
    labels = getattr(widget, "_options_labels", None)
    if labels:
        found.extend(labels)
    if isinstance(widget, StepperBoard):  # draws its HTML itself (its controls' labels are its owner's tests')
        found.extend(text for text in (widget.heading, widget.caption, widget.frame, widget.label) if text)
    for child in getattr(widget, "children", ()):
        found.extend(texts(child, skip))
    return found


_CARD_FACE = re.compile(r'<span class="gt-card [^"]*"[^>]*title="([^"]+)">.*?</span></span>')
_DECIMAL = re.compile(r"(?<![\w.])[0-9]+[.,][0-9]+(?![\w.])|\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b")


def unmarked_on(widget: widgets.Widget, foreign: Iterable[str] = (),
                skip: tuple[widgets.Widget, ...] = ()) -> list[str]:
    """The words the widget shows outside the marks, once the foreign sentences are taken
    out; a card face counts as its card (its rank and suit are drawn apart), a decimal
    and an ISO date as numbers."""
    shown = " \n ".join(unescape(_CARD_FACE.sub(r" \1 ", text)) for text in texts(widget, skip))
    for sentence in sorted({*foreign_sentences(), *foreign} - {""}, key=len, reverse=True):
        shown = shown.replace(sentence, " ")
    shown = _DECIMAL.sub(" ", shown)
    return unmarked(shown, allowed=NAMES)


def select(view: PuzzleView, card) -> None:
    view.picker.buttons[view.picker.cards.index(card)].value = True


def test_a_puzzle_answered_right_with_hints_and_its_table():
    puzzle = next(p for p in bank("best_discard") if p.objective == Objective.LOOKAHEAD)
    with pseudo_language():
        view = PuzzleView(puzzle)
        assert unmarked_on(view) == []
        view.hint_button.click()
        view.hint_button.click()
        select(view, puzzle.answer[0])
        view.discard_button.click()
        view.table_toggle.value = True
        assert "gt-feedback-right" in view.feedback.value and view.table.value
        assert unmarked_on(view) == []


def test_a_can_knock_puzzle_answered_wrong_and_tried_again():
    puzzle = next(p for p in bank("can_knock") if p.can_knock)
    with pseudo_language():
        view = PuzzleView(puzzle)
        view.discard_button.click()  # out of stage: the status line
        assert view.status.value and unmarked_on(view) == []
        view.no_button.click()
        assert "gt-feedback-wrong" in view.feedback.value
        view.table_toggle.value = True
        assert unmarked_on(view) == []
        view._on_again()
        assert view.note.value and unmarked_on(view) == []


def test_a_wrong_discard_shows_its_cost_in_the_catalog_s_words():
    puzzle = next(p for p in bank("best_discard") if p.objective == Objective.DEADWOOD)
    wrong = next(r for r in puzzle.table_sorted() if r.card not in puzzle.answer)
    with pseudo_language():
        view = PuzzleView(puzzle)
        select(view, wrong.card)
        view.discard_button.click()
        assert "gt-feedback-wrong" in view.feedback.value and unmarked_on(view) == []


def test_the_trainer_page_with_its_filters_and_stats():
    with pseudo_language():
        page = TrainerPage("can_knock", learner=Learner("Ann"), seed=4)
        first = page.view.puzzle
        (page.view.no_button if first.can_knock else page.view.yes_button).click()  # wrong: a review
        page.next_button.click()
        page.theme.value = page.theme.options[1][1]
        assert page.stats.value and unmarked_on(page) == []


def test_the_trainer_serving_by_learned_ratings_says_so_in_the_page_s_language():
    with pseudo_language():
        page = TrainerPage("take_or_draw", learner=Learner("Ann"), seed=1)
        page.difficulty.value = "hardest"  # too few puzzles rated near 2100: the nearest are served
        assert "gt-few-near" in page.stats.value and "⟦" in page.view.title.value
        assert len(page.difficulty.options) == 5 and unmarked_on(page) == []


def test_the_rating_change_after_an_answer_is_in_the_page_s_language():
    with pseudo_language():
        page = TrainerPage("can_knock", learner=Learner(), seed=2)
        view = page.view
        assert view.puzzle is not None and not view.puzzle.can_knock
        view.no_button.click()
        assert "gt-feedback-right" in view.feedback.value
        shown = unescape(view.feedback.value)
        assert "⟦Rating 1500 → " in shown and unmarked_on(view) == []


def test_the_daily_page_and_a_puzzle_answered_before():
    day = dt.date(2026, 3, 1)
    with pseudo_language():
        page = DailyPage(today=day, learner=Learner("Ann"))
        assert unmarked_on(page) == []
        view = page.views[0]
        view.no_button.click() if view.puzzle.kind == PuzzleKind.CAN_KNOCK else None
        assert page.date is not None
        page.date.value = (day - dt.timedelta(days=1)).isoformat()
        page.date.value = day.isoformat()  # the answered puzzle shows as it ended
        assert page.views[0].note.value and unmarked_on(page) == []


def practice_foreign(game: PracticeGame) -> list[str]:
    """What the practice page shows from other modules: each finished hand's explanation
    (scoring, engine) and the solver's comments the coach quotes (replay/annotate.py,
    replay-class-cli)."""
    said = [hand.result.explain() for hand in game.match.hands if hand.result is not None]
    for number in game.finished_hands():
        said += [note.comment for note in game.notes(number)]
    return said


def play_to_the_end(page: PracticePage) -> None:
    game = page.game
    while not game.hand.is_over:
        if game.hand.phase in LAYOUT_PHASES:
            page.lay_out_button.click()
        elif game.hand.phase is Phase.DISCARD:
            drawn = game.view().drawn
            card = drawn[0] if drawn and drawn[1] == "stock" else next(
                c for c in page.picker.cards if game.hand.is_legal(f"discard {c.code()}"))
            page.picker.select(card.code())
            page._enable_buttons()
            page.discard_button.click()
        elif game.hand.phase is Phase.UPCARD:
            page.pass_button.click()
        else:
            page.draw_button.click()


def test_the_practice_page_through_moves_a_finished_hand_the_coach_and_the_score_sheet():
    with pseudo_language():
        match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
        page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive"))
        assert unmarked_on(page, practice_foreign(page.game)) == []  # a guest: the notice
        page.take_button.click()
        assert unmarked_on(page, practice_foreign(page.game)) == []  # the coach's table, the move log
        page.discard_button.click()  # nothing selected: the status line
        assert page.status.value and unmarked_on(page, practice_foreign(page.game)) == []
        page.take_back_button.click()
        page.pass_button.click() if page.game.hand.phase is Phase.UPCARD else page.draw_button.click()
        play_to_the_end(page)
        assert page.scores.value and page.result.value and unmarked_on(page, practice_foreign(page.game)) == []
        page.new_button.click()  # a match in progress: are you sure?
        assert page.confirm_text.value and unmarked_on(page, practice_foreign(page.game)) == []


def test_the_practice_page_at_the_end_of_a_match():
    with pseudo_language():
        page = PracticePage(Learner(), game=PracticeGame(Rules(target=1), opponent="naive", seed=3))
        while not page.game.match.is_over:
            play_to_the_end(page)
            if page.game.can_deal:
                page.next_button.click()
        assert "gt-info" in page.scores.value and unmarked_on(page, practice_foreign(page.game)) == []


def replay_foreign(view) -> list[str]:
    """What the replayer shows from other modules: the hand's title, description and
    explanation, its notes' comments, the solver's summaries and the step captions
    (replay/, replay-class-cli; steps.py, lessons-code; scoring, engine), and the
    example hands' titles."""
    replay = view.replay
    said = [replay.title, replay.description, *(note.comment for note in replay.annotations)]
    said += [r.title for r in examples().values()]
    if replay.hand.result is not None:
        said.append(replay.hand.result.explain())
    said.append(view.stepper.steps.caption(view.step))
    try:
        said.append(advice(replay, view.step).summary(replay.players or ("Ann", "Ben")))
    except GinError as error:
        said.append(str(error))
    return said


def test_the_replayer_stepping_and_asking_the_solver():
    with pseudo_language():
        page = ReplaysPage()
        for name in list(page.examples)[:2]:
            page.choice.value = name
            view = page.view
            for _ in range(6):
                view.stepper.forward()
                view.ask_button.click()
                assert unmarked_on(view, replay_foreign(view)) == []
            view.solver_notes.click()
            view.view_choice.value = 0
            assert view.solver.value or view.stepper.step
            assert unmarked_on(view, replay_foreign(view)) == []


@pytest.fixture(scope="module")
def made_in_pseudo():
    with pseudo_language():
        page = TeacherPage()
        page.name.value = "Year 9 Tuesday"
        page.count.value = 3
        page.make_button.click()
        return page


def test_the_teacher_page_with_a_set_made(made_in_pseudo):
    classset = made_in_pseudo.classset
    with pseudo_language():
        # The set's description (classroom/, replay-class-cli) and each puzzle's question (puzzles/, engine-puzzles).
        foreign = [classset.describe(), *(puzzle.question for puzzle in classset.puzzles())]
        assert unmarked_on(made_in_pseudo, foreign) == []


def answer(page: StudentPage) -> None:
    view = page.view
    puzzle = view.puzzle
    assert puzzle is not None
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        view.no_button.click()
    else:
        select(view, puzzle.answer[0])
        view.discard_button.click()


def test_the_student_page_answered_handed_in_early_and_reviewed(made_in_pseudo):
    with pseudo_language():
        page = StudentPage(code=made_in_pseudo.classset.code, student="Kim")
        page.start_button.click()
        assert unmarked_on(page) == []
        answer(page)
        page.next_button.click()
        page.hand_in_button.click()  # one not answered: are you sure?
        assert page.results.value and unmarked_on(page) == []
        page.confirm_button.click()
        assert page.review.value and unmarked_on(page) == []


def test_a_take_or_draw_set_made_answered_and_reviewed():
    with pseudo_language():
        teacher = TeacherPage()
        teacher.name.value, teacher.count.value = "Year 9 Tuesday", 1
        for kind, box in teacher.kind_boxes.items():
            box.value = kind == PuzzleKind.TAKE_OR_DRAW
        teacher.make_button.click()
        classset = teacher.classset
        assert classset is not None and classset.kinds == (PuzzleKind.TAKE_OR_DRAW,)
        assert unmarked_on(teacher, [puzzle.question for puzzle in classset.puzzles()]) == []
        page = StudentPage(code=classset.code, student="Kim")
        page.start_button.click()
        page.view.draw_button.click()
        page.hand_in_button.click()
        assert "⟦draw⟧" in page.review.value and unmarked_on(page) == []


def test_the_gradebook_with_results_and_a_bad_file(made_in_pseudo):
    puzzles = made_in_pseudo.classset.puzzles()
    first = puzzles[0]
    answered = "no" if first.kind == PuzzleKind.CAN_KNOCK else first.answer[0].code()
    good = results_csv("Ann", made_in_pseudo.classset.code, [Attempt(1, first.id, answered, True, 4.0)])
    with pseudo_language():
        page = GradebookPage()
        files = [("ann.csv", good.encode()), ("junk.csv", b"not,a\nfile")]
        page.upload.value = tuple({"name": name, "type": "text/csv", "size": len(content),
                                   "content": memoryview(content), "last_modified": dt.datetime.now()}
                                  for name, content in files)
        big = b"x" * (MAX_RESULTS_FILE + 1)
        page.upload.value = ({"name": "big.csv", "type": "text/csv", "size": len(big), "content": memoryview(big),
                              "last_modified": dt.datetime.now()},)
        # The gradebook's table and chart, and why a file was skipped, are written by classroom/
        # (replay-class-cli); the files' names are the teacher's.
        foreign = [problem.reason for problem in build_gradebook(files).problems] + [name for name, _ in files]
        foreign.append("big.csv")
        assert page.table.value and page.status.value
        assert unmarked_on(page, foreign, skip=(page.table, page.chart)) == []


def test_the_class_pages_lines_about_the_class_store(made_in_pseudo, tmp_path, monkeypatch):
    from gintrainer.classroom.store import DATABASE_ENV, ClassStore
    code = made_in_pseudo.classset.code
    monkeypatch.setenv(DATABASE_ENV, f"sqlite:///{tmp_path}")  # a folder: SQLite cannot open it
    with pseudo_language():
        page = StudentPage(code=code, student="Kim")
        page.start_button.click()
        answer(page)
        assert page.connection.value and unmarked_on(page) == []
        monkeypatch.setenv("QUERY_STRING", f"code={code}&session={page.session_key}")
        again = StudentPage()
        again.keeper._handle_custom_msg({"key": page.keeper.key}, [])  # the browser that started it, reloaded
        assert again.connection.value and unmarked_on(again) == []
        (tmp_path / "classes.sqlite3").write_bytes(b"damaged " * 500)
        book = GradebookPage(store=ClassStore(f"sqlite:///{tmp_path / 'classes.sqlite3'}"))
        book.code.value = code  # finds the file damaged and sets it aside
        (aside,) = (str(path) for path in tmp_path.glob("classes.corrupt-*"))
        paths = [aside, str(tmp_path / "classes.sqlite3")]
        assert "gt-notice" in book.refreshed.value and unmarked_on(book, paths, skip=(book.table, book.chart)) == []
        book.refresh()
        assert aside in book.refreshed.value and unmarked_on(book, paths, skip=(book.table, book.chart)) == []
        book.store = ClassStore(f"sqlite:///{tmp_path}")
        book.refresh()
        assert "gt-notice" in book.refreshed.value
        # the database's own message (English) and the store's path are not the catalogs'
        assert unmarked_on(book, ["unable to open database file", str(tmp_path)], skip=(book.table, book.chart)) == []


def exercise_foreign(view: ExerciseView) -> list[str]:
    """What an exercise view shows from the exercises (exercises/, lessons-code): its title,
    question, choices and feedback (its panels are skipped: exercises.panel_html draws them)."""
    exercise = view.exercise
    said = [exercise.title, exercise.prompt, exercise.option_label, *map(str, exercise.options)]
    feedback = view.session.feedback
    if feedback is not None:
        said += [feedback.text, feedback.text.removeprefix("Answer: ")]
    return said


def test_an_exercise_answered_and_a_check():
    with pseudo_language():
        view = ExerciseView("deadwood_count", seed=1)
        assert unmarked_on(view, exercise_foreign(view), skip=(view.panels,)) == []
        view.answer(0)
        view.check_button.click()
        assert view.feedback.value and unmarked_on(view, exercise_foreign(view), skip=(view.panels,)) == []
        view.answer_button.click()
        assert unmarked_on(view, exercise_foreign(view), skip=(view.panels,)) == []
        cards = ExerciseView("pick_meld", seed=1)
        cards.check_button.click()
        assert unmarked_on(cards, exercise_foreign(cards), skip=(cards.panels,)) == []
        check = CheckView([view.exercise])
        check.questions[0].answer(0)
        check.questions[0].check_button.click()
        foreign = exercise_foreign(check.questions[0])
        assert unmarked_on(check, foreign, skip=(check.questions[0].panels,)) == []


def test_the_rules_comparison():
    with pseudo_language():
        comparison = RulesComparison(seed=1)
        # The table's rows are the exercises' words (exercises.compare_rules, lessons-code); the players'
        # names are theirs too.
        assert unmarked_on(comparison, foreign=PLAYERS, skip=(comparison.table,)) == []
