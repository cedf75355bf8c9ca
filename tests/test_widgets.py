"""The widgets driven as a page would drive them: set values, click buttons, read the model."""

import subprocess
import sys
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.engine.hand import Phase  # noqa: E402
from gintrainer.exercises import generate  # noqa: E402
from gintrainer.lessons import checks  # noqa: E402
from gintrainer.material.deals import deal  # noqa: E402
from gintrainer.material.steps import HandSteps  # noqa: E402
from gintrainer.widgets import (  # noqa: E402
    CardPicker,
    CheckView,
    ExerciseView,
    HandView,
    RulesComparison,
    SettingsBar,
    Stepper,
    TableView,
    lesson,
    settings,
)
from gintrainer.widgets.stepper import StepperBoard  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def click_cards(view, cards):
    names = {str(c) for c in cards}
    for button in view.picker.children:
        button.value = button.description in names


def wrong_card(view):
    return next(c for c in view.exercise.options if not view.exercise.check((c,)).correct)


def test_import_gintrainer_does_not_import_ipywidgets():
    code = "import gintrainer, sys; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_cards_exercise_right_wrong_try_again_show_answer():
    view = ExerciseView("knock_card", 3)
    assert [b.description for b in view.picker.children] == [str(c) for c in view.exercise.options]
    assert view._again_button is None  # nothing to take back yet
    click_cards(view, view.exercise.answer)
    view.check_button.click()
    assert "gt-feedback-right" in view.feedback.value and "✓ Right" in view.feedback.value
    assert view.session.state == "right"
    assert list(view.button_row.children)[:2] == [view.check_button, view.answer_button]  # no Try again
    bad = wrong_card(view)
    click_cards(view, [bad])
    view.check_button.click()
    assert "gt-feedback-wrong" in view.feedback.value and f"cannot knock {bad}" in view.feedback.value
    assert "over the knock limit of 10" in view.feedback.value
    assert list(view.button_row.children)[:3] == [view.check_button, view.again_button, view.answer_button]
    view.again_button.click()
    assert view.feedback.value == "" and view.picker.selected == ()
    assert view.again_button not in view.button_row.children and view.check_button in view.button_row.children
    click_cards(view, [bad])
    view.check_button.click()
    view.answer_button.click()
    assert "Answer:" in view.feedback.value
    marked = [b.description for b in view.picker.children if "gt-right" in b._dom_classes]
    assert marked == [str(c) for c in view.exercise.answer]
    assert view.picker.selected == ()  # the wrong card picked no longer looks chosen


def test_single_pick_behaves_like_radio_buttons():
    view = ExerciseView("best_discard", 0)
    first, second = view.picker.children[:2]
    first.value = True
    second.value = True
    assert first.value is False and view.picker.selected == (view.exercise.options[1],)


def test_multi_card_exercise_needs_the_right_set():
    view = ExerciseView("dealt_cards", 2)
    click_cards(view, view.exercise.answer[:3])
    view.check_button.click()
    assert "Click exactly 4 cards" in view.feedback.value
    click_cards(view, view.exercise.answer)
    view.check_button.click()
    assert "✓" in view.feedback.value


def test_choice_exercise_right_and_wrong():
    view = ExerciseView("meld_or_not", 5)
    answer = view.exercise.answer
    view.choices.value = answer
    view.check_button.click()
    assert "✓ Right." in view.feedback.value
    wrong = next(o for o in view.choices.options if o != answer)
    view.choices.value = wrong
    view.check_button.click()
    assert f"✗ Not “{wrong}”:" in view.feedback.value and f"“{answer}”" not in view.feedback.value
    assert "Try again, or press Show answer." in view.feedback.value
    view.answer_button.click()
    assert "gt-feedback-shown" in view.feedback.value and f"Answer: {answer}." in view.feedback.value
    assert view.choices.value is None  # the wrong choice no longer looks chosen beside the answer


def test_after_the_answer_is_shown_no_wrong_choice_looks_chosen_and_a_right_answer_is_not_retried():
    """Lesson 1, Check 3: Yes, Check, Show answer ("Answer: No") leaves Yes unselected; a right answer
    offers no Try again, in a check as in an exercise."""
    third = CheckView(checks(1)).questions[2]
    wrong = next(o for o in third.choices.options if o != third.exercise.answer)
    third.choices.value = wrong
    third.check_button.click()
    assert third.again_button in third.button_row.children
    third.answer_button.click()
    assert f"Answer: {third.exercise.answer}." in third.feedback.value and third.choices.value is None
    first = CheckView(checks(1)).questions[0]
    first.choices.value = first.exercise.answer
    first.check_button.click()
    assert "✓" in first.feedback.value and first.again_button not in first.button_row.children
    number = ExerciseView("deadwood_count", 0)
    number.answer(number.exercise.answer)
    number.check_button.click()
    assert "✓" in number.feedback.value and number.again_button not in number.button_row.children
    first.choices.value = first.exercise.answer
    first.answer_button.click()
    assert first.choices.value == first.exercise.answer  # a right choice stays as it was


def test_number_exercise_right_wrong_and_not_a_number():
    view = ExerciseView("deadwood_count", 1)
    answer = view.exercise.answer
    view.number.value = str(answer)
    view.check_button.click()
    assert f"Right: {answer}." in view.feedback.value
    view.number.value = str(answer + 2)
    view.check_button.click()
    assert f"✗ Not {answer + 2}: " in view.feedback.value and "the answer is" not in view.feedback.value
    assert view.exercise.explanation not in view.feedback.value
    view.number.value = "lots"
    view.check_button.click()
    assert "Type a whole number" in view.feedback.value and view.status.value == ""


def test_new_position_moves_to_the_next_seed_and_resets():
    view = ExerciseView("pick_meld", 0)
    assert "position 1<" in view.prompt.value and "position #" not in view.prompt.value  # from 1
    click_cards(view, view.exercise.answer)
    view.new_button.click()
    assert view.exercise.seed == 1 and "position 2<" in view.prompt.value
    assert view.picker.selected == () and view.feedback.value == ""
    assert [b.description for b in view.picker.children] == [str(c) for c in view.exercise.options]


def test_an_exercise_shows_its_title_and_question_in_one_widget_and_makes_only_the_parts_it_shows():
    """Widgets always redrawn together are one model, and the panels and the label of the cards
    to pick are made only for an exercise that has them (each model costs the kernel and the server)."""
    from ipywidgets.widgets.widget import _instances
    ExerciseView("can_knock", 1)  # the layouts and styles every view shares are made once per kernel
    before = len(_instances)
    view = ExerciseView("can_knock", 0)  # answered by choosing, with panels: no cards to name
    made = len(_instances) - before
    title, prompt = view.exercise.title, view.exercise.prompt
    assert escape(title) in view.prompt.value and escape(prompt) in view.prompt.value
    assert view.prompt.value.index(escape(title)) < view.prompt.value.index('class="gt-prompt"')
    assert view._option_label is None and view.exercise.panels and view.panels in view.children
    # the view (its style sheet is shared), the prompt, the panels, the inputs and the choices, the button row
    # and its three buttons (Check, Show answer, New position; Try again once answered), the feedback
    assert made == 10 and view._status is None  # the status line comes with a first problem
    layoff = ExerciseView("layoff_cards", 0)  # answered with cards, with panels
    parts = list(layoff.children)
    assert parts.index(layoff.prompt) + 1 == parts.index(layoff.panels) == parts.index(layoff.option_label) - 1
    assert parts.index(layoff.option_label) + 1 == parts.index(layoff.inputs)
    assert "(click to pick)" in layoff.option_label.value and layoff.exercise.option_label in layoff.option_label.value
    meld = ExerciseView("pick_meld", 0)  # answered with cards, without panels
    parts = list(meld.children)
    assert not meld.exercise.panels and meld._panels is None
    assert parts.index(meld.prompt) + 1 == parts.index(meld.option_label) == parts.index(meld.inputs) - 1


def test_the_number_boxes_of_a_page_share_one_layout():
    """A lesson asks for numbers in several exercises: their boxes' fixed width is one model."""
    from gintrainer.widgets.base import is_shared
    first, second = ExerciseView("deadwood_count", 0), ExerciseView("stock_count", 0)
    assert first.number.layout is second.number.layout and is_shared(first.number.layout)
    assert first.number.layout.width == "10em"


def test_names_sent_by_the_page_are_not_trusted():
    view = ExerciseView("best_discard", 0)
    button = view.picker.children[0]
    button.description = "A♠"  # a page may send any description
    button.value = True
    assert view.picker.selected == (view.exercise.options[0],)


def test_errors_in_callbacks_show_in_the_status_line(monkeypatch):
    view = ExerciseView("deadwood_count", 0)

    def broken(response):
        raise RuntimeError("boom")
    monkeypatch.setattr(view.session, "check", broken)
    assert view._status is None  # made for the first problem
    view.check_button.click()
    assert view.children[-1] is view.status  # after the view's parts
    assert "Something went wrong: RuntimeError: boom" in view.status.value
    view.refresh()  # a view that sets its own parts keeps its status line last
    assert view.children[-1] is view.status and view.children.count(view.status) == 1
    assert view.last_traceback and "boom" in view.last_traceback


def test_a_view_may_show_its_status_line_beside_the_control_that_failed():
    from gintrainer.widgets import ui
    from gintrainer.widgets.base import View
    button, later = ui.Button(description="Go"), ui.HTML("the rest of the page")
    form = ui.VBox([button])
    view = View([form, later])
    view.status_beside(form)
    view.report("that went wrong")
    assert form.children == (button, view.status) and view.status not in view.children
    view.add_part(ui.HTML("made later"))  # after the view's parts: the status line is not among them
    assert view.children[-1].value == "made later" and form.children[-1] is view.status
    with pytest.raises(RuntimeError):
        view.status_beside(ui.VBox())  # once shown, it stays where it is


def test_stepper_walks_forward_and_back_with_captions():
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                actions=["pass", "pass", "draw", "knock KC", "auto", "auto"])
    stepper = Stepper.for_hand(hand, captions={3: "He can knock now."})
    assert stepper.step == 0 and stepper.step == 0
    stepper.forward()
    stepper.forward()
    stepper.forward()
    assert stepper.step == 3 and "Ben draws 3♣ from the stock. He can knock now." in stepper.board.caption
    stepper.back()
    assert stepper.step == 2 and "Ann passes" in stepper.board.caption
    stepper.go(stepper.last)
    assert stepper.step == stepper.last and "The knocker scores" in stepper.board.caption
    stepper.board.set_state({"step": 1})  # the page's slider
    assert stepper.step == 1 and "Step 1 of" in stepper.board.label
    stepper.go(99)
    assert stepper.step == stepper.steps.count - 1
    stepper.go("x")
    assert "a step is a whole number" in stepper.status.value


def test_a_step_asked_for_by_the_page_sends_that_steps_frame_and_caption():
    steps = HandSteps(deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                           actions=["pass", "pass", "draw", "knock KC", "auto", "auto"]))
    stepper = Stepper(steps)
    board = stepper.board
    assert board.last == steps.count - 1 and board.texts["forward"] == "Forward ▶"
    assert board.texts["forward_tip"] == "One step forward"
    sent = []
    board.observe(lambda change: sent.append(change["name"]), names=["frame", "caption", "label"])
    board.set_state({"step": 3})  # as the page's Forward button or slider sends it
    assert stepper.step == 3 and set(sent) == {"frame", "caption", "label"}
    assert board.frame == steps.html(3, size=stepper.size, four_colour=stepper.four_colour)
    assert escape(steps.caption(3)) in board.caption and board.label == f"Step 3 of {steps.count - 1}"
    board.set_state({"step": 999})  # beyond the end: the last step, and the page is told
    assert stepper.step == board.step == steps.count - 1 and escape(steps.caption(steps.count - 1)) in board.caption
    later = Stepper(steps, start=2)  # drawn at that step from the start
    assert later.step == later.board.step == 2 and escape(steps.caption(2)) in later.board.caption
    assert later.board.frame == steps.html(2, size=later.size, four_colour=later.four_colour)


def test_a_stepper_is_one_script_widget_in_its_view():
    stepper = Stepper(HandSteps(deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                                     actions=["pass", "pass", "draw"])))
    models = {id(w) for w in (stepper, *stepper.children)} | {id(stepper.layout), id(stepper.board.layout)}
    assert len(stepper.children) == 2 and isinstance(stepper.children[1], StepperBoard)
    assert len(models) == 4  # the view, its style sheet, the board and one shared layout (no problem: no status line)


def test_stepper_snapshots_are_independent_of_the_hand():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H", "8H",
                actions=["pass", "pass"])
    steps = HandSteps(hand)
    hand.apply("draw")
    assert steps.count == 3 and steps.state(2).phase is Phase.DRAW


def test_hand_view_sorts_and_counts():
    view = HandView("8C 8D 8H 4C 4D 4S 5H 2C 2D AS")
    assert "= 10" in view.html.value and ">set<" in view.html.value
    view.sort.value = "rank"
    assert ">set<" not in view.html.value and "= 10" in view.html.value


def test_table_view_and_face_down():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H")
    view = TableView(hand, face_down=(0,))
    assert "10 cards" in view.html.value and "stock: 31 cards" in view.html.value


def test_settings_restyle_every_view():
    view = ExerciseView("knock_card", 0)
    table = TableView(deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H"))
    bar = SettingsBar()
    bar.size.value = "large"
    assert settings.size == "large"
    assert "gt-large" in view.picker.children[0]._dom_classes and "gt-large" in table.html.value
    bar.four_colour.value = True
    club = next(b for b in view.picker.children if b.description.endswith("♣")) \
        if any(b.description.endswith("♣") for b in view.picker.children) else None
    if club is not None:
        assert "gt-green" in club._dom_classes
    assert "gt-green" in table.html.value


def test_check_view_tallies_right_answers():
    view = CheckView(checks(1))
    assert "0 of 3 right at the first try" in view.tally.value and "0 of 3 answered" in view.tally.value
    for question in view.questions:
        question.choices.value = question.exercise.answer
        question.check_button.click()
    assert "3 of 3 right at the first try" in view.tally.value and "ready for the next lesson" in view.tally.value
    first = view.questions[0]
    first.choices.value = next(o for o in first.choices.options if o != first.exercise.answer)
    first.check_button.click()
    assert "3 of 3 right" in view.tally.value, "a later answer does not change the first"


def test_check_view_counts_first_answers_only():
    """A wrong answer then the right one, or the right one after Show answer, is not counted."""
    view = CheckView(checks(1))
    king, run, meld = view.questions
    king.choices.value = "13"
    king.check_button.click()
    assert "✗" in king.feedback.value and "count 10" not in king.feedback.value
    king.again_button.click()
    king.choices.value = king.exercise.answer
    king.check_button.click()
    assert "✓" in king.feedback.value
    run.answer_button.click()
    run.again_button.click()
    run.choices.value = run.exercise.answer
    run.check_button.click()
    meld.choices.value = meld.exercise.answer
    meld.check_button.click()
    assert "1 of 3 right at the first try" in view.tally.value and view.right == {2}


def test_rules_comparison_new_position():
    view = RulesComparison(0)
    before = view.table.value
    assert "(position 1)" in view.position.value and "position #" not in view.position.value
    view.new_button.click()
    assert view.seed == 1 and view.table.value != before and "straight gin" in view.table.value
    assert "(position 2)" in view.position.value


def test_lesson_helpers_build_every_widget():
    from gintrainer.lessons import DEMOS, LESSONS
    for name in DEMOS:
        assert lesson.demo(name).steps.count > 1
    for number in LESSONS:
        assert len(lesson.check(number).questions) >= 3
    assert lesson.demo("deal").steps.count == 22
    assert lesson.example("deadwood").title.value == "<b>4 4 4 · 8 8 8 · A 2 2 5</b>"
    assert "Knock limit" in lesson.quick_reference().data
    assert "Undercut" in lesson.glossary().data
    assert isinstance(lesson.exercise("can_knock", 2), ExerciseView)


@pytest.mark.parametrize("kind", ["pick_deadwood", "layoff_cards", "winning_knock", "upcard_pick"])
def test_card_kinds_accept_their_answer_through_the_widget(kind):
    view = ExerciseView(kind, 0)
    view.answer(view.exercise.answer)
    view.check_button.click()
    assert "✓" in view.feedback.value and view.again_button not in view.button_row.children
    others = [c for c in view.exercise.options if c not in view.exercise.answer]
    picker = CardPicker(others[:1])
    assert picker.selected == ()
    view.answer(others[:view.exercise.pick or 1])
    view.check_button.click()
    assert "✗" in view.feedback.value


def test_exercise_views_for_every_kind_render():
    from gintrainer.exercises import KINDS
    for kind in KINDS:
        view = ExerciseView(kind, 0)
        assert view.prompt.value and view.last_error is None, kind
        assert generate(kind, 0).prompt in view.prompt.value.replace("&#x27;", "'").replace("&quot;", '"')


# -- one discard table on every page ---------------------------------------------------

def test_every_page_draws_the_solver_s_table_with_the_same_labels_and_words():
    """The practice coach, the trainer, the replayer, a student's review and the answer key
    once had their own tables ("deadwood" here, "deadwood left" there; "yes" or "knocks"
    for a knock): each now reads as the one renderer writes the same rows."""
    from gintrainer.classroom.worksheet import numbers_html
    from gintrainer.engine.solver import discard_table
    from gintrainer.material.drawing import DISCARD_COLUMNS, discard_table_html, words
    from gintrainer.puzzles import bank
    from gintrainer.replay import advice, examples
    from gintrainer.widgets.practice import coach_table_html
    from gintrainer.widgets.replay import advice_html
    from gintrainer.widgets.trainer import solver_table_html
    from tables import read_tables

    def plain(table):
        return [{k: v for k, v in row.items() if k not in ("marks", words("label_column_marks"))} for row in table]

    labels = {words(f"label_column_{c}") for c in DISCARD_COLUMNS} | {words("label_column_marks")}
    coach = discard_table("2C 3C 4C 7H 7S 7D JS QS KS 5D AD")
    puzzle = next(p for p in bank("can_knock") if p.can_knock)
    replay = examples()["take_and_knock"]
    step = next(k for k in range(replay.step_count) if advice(replay, k).table is not None
                and advice(replay, k).played_row is not None)
    found = advice(replay, step)
    chosen = puzzle.table_sorted()[-1].card
    pages = {"practice": (coach_table_html(coach), coach.rows, {r.card: {"best"} for r in coach.best()}),
             "trainer": (solver_table_html(puzzle, chosen), puzzle.table_sorted(),
                         {c: {"answer"} for c in puzzle.answer}),
             "replay": (advice_html(replay, step), found.table.rows, {found.played_row.card: {"played"}}),
             "answer key": (numbers_html(puzzle), puzzle.table_sorted(), {c: {"answer"} for c in puzzle.answer})}
    pages["trainer"][2].setdefault(chosen, set()).add("chosen")
    for name, (html, rows, marks) in pages.items():
        table, = read_tables(html)
        assert {k for row in table for k in row} - {"marks"} <= labels, name
        whole = plain(read_tables(discard_table_html(rows))[0])
        shown = plain(table)
        assert shown == [{k: v for k, v in row.items() if k in shown[0]} for row in whole], name
        assert {r[words("label_column_discard")]: r["marks"] for r in table if r["marks"]} == \
            {str(card): m for card, m in marks.items()}, name


def test_the_trainer_and_the_worksheet_show_a_puzzle_s_position_alike():
    """The trainer wrote "knock limit 0 (Oklahoma: the first upcard was A♠)" where the
    worksheet said that only gin may go out, and showed eight cards of the pile where the
    worksheet showed one: both now draw the position with one function."""
    from gintrainer.classroom.worksheet import puzzle_section_html
    from gintrainer.material.drawing import puzzle_position_html, puzzle_rules_words
    from gintrainer.puzzles import bank
    from gintrainer.widgets.trainer import position_html

    puzzles = bank("can_knock") + bank("best_discard")
    ace = next(p for p in puzzles if p.upcard is not None and p.knock_limit == 0)
    assert "only gin may go out" in puzzle_rules_words(ace) and str(ace.upcard) in puzzle_rules_words(ace)
    chosen = [ace, next(p for p in puzzles if p.upcard is not None and p.knock_limit),
              next(p for p in puzzles if p.opponent_known and len(p.discard_pile) > 8)]
    for puzzle in chosen:
        drawn = puzzle_position_html(puzzle)
        rules = escape(puzzle_rules_words(puzzle))
        assert drawn in position_html(puzzle) and rules in position_html(puzzle)
        assert drawn in puzzle_section_html(puzzle, 1, 1) and rules in puzzle_section_html(puzzle, 1, 1)
    long = chosen[-1]
    shown = puzzle_position_html(long)
    assert all(f'title="{c}"' in shown for c in long.discard_pile[-8:] + long.opponent_known)
    assert f"discard pile: {len(long.discard_pile)} cards, top {long.discard_pile[-1]}" in shown


def test_no_widget_sends_a_null_tooltip():
    """ipywidgets' ToggleButton and FileUpload views write the tooltip into the title attribute as it is:
    None would show as a "null" tooltip. The package's widgets send no tooltip as the empty text, given or not
    (a Button's view falls back on its description itself)."""
    from gintrainer.widgets import ui
    from gintrainer.widgets.trainer import PuzzleView
    made = [getattr(ui, name) for name in ui.__all__]
    with_tooltip = [kind for kind in made if isinstance(kind, type) and kind.__module__ == "gintrainer.widgets.base"
                    and "tooltip" in kind.class_traits()]
    assert ui.ToggleButton in with_tooltip and ui.FileUpload in with_tooltip
    for kind in with_tooltip:
        if issubclass(kind, ui.Button):
            continue
        assert kind().get_state()["tooltip"] == "", kind
        assert kind(tooltip=None).get_state()["tooltip"] == "", kind
        widget = kind(tooltip="a tip")
        assert widget.get_state()["tooltip"] == "a tip"
        widget.tooltip = None
        assert widget.get_state()["tooltip"] == "", kind
    assert PuzzleView().table_toggle.get_state()["tooltip"] == ""


def test_no_widget_of_the_app_s_pages_sends_a_null_tooltip():
    """Every widget of the pages once seen with "null" tooltips (the solver's table toggle, the file uploads,
    the labels of widgets with a description, the shared style sheet) sends a tooltip: buttons aside, whose
    view falls back on the description, and script widgets, whose view (a plain DOMWidgetView, as an
    anywidget's) leaves out a missing title and whose state stays an anywidget's."""
    from ipywidgets import Button
    from ipywidgets.widgets.widget import _instances

    from gintrainer.widgets.base import ScriptWidget, style_sheet
    from gintrainer.widgets.classroom import gradebook, teacher
    from gintrainer.widgets.practice import practice
    from gintrainer.widgets.replay import replays
    from gintrainer.widgets.site import nav
    from gintrainer.widgets.trainer import trainer
    before = set(_instances)
    pages = [nav("puzzles/best_discard.ipynb"), trainer("best_discard"), trainer("defend"), replays(), gradebook(),
             teacher(), practice(), lesson.toolbar(1), lesson.first_hand(), lesson.example("deadwood")]
    made = [w for key, w in list(_instances.items()) if key not in before]
    assert pages and made
    null = [(type(w).__name__, w.get_state().get("description")) for w in made
            if not isinstance(w, (Button, ScriptWidget)) and "tooltip" in w.keys and w.get_state()["tooltip"] is None]
    assert null == []
    assert style_sheet().get_state()["tooltip"] == ""  # shared by every view, made once per kernel


def test_an_example_s_bold_title_lists_the_groups_in_the_order_the_hand_is_drawn():
    """The summary over a lesson's example hand reads its groups (the melds, then the deadwood) rank by
    rank in the order the hand under it shows them, sorted by melds as it is first shown."""
    import re

    from gintrainer.lessons import EXAMPLES
    assert EXAMPLES
    for name in EXAMPLES:
        view = lesson.example(name)
        assert view.sort.value == "melds"
        drawn = [" ".join(re.findall(r'<span class="gt-rank">([^<]+)</span>', group))
                 for group in re.findall(r'<span class="gt-group">(.*?)<span class="gt-caption">', view.html.value)]
        assert len(drawn) >= 2
        assert view.title.value == "<b>" + " · ".join(drawn) + "</b>", name


def test_a_demonstration_s_step_says_the_score_line_once():
    """A step whose caption ends with the hand's score line draws the table without it (and one whose caption
    does not, a dead hand's, with it): every lesson's demonstration, every step."""
    import re
    from html import unescape

    from gintrainer.lessons import DEMOS
    said = 0
    for name in DEMOS:
        steps = lesson.demo(name).steps
        for step in range(steps.count):
            caption, frame = steps.caption(step), steps.html(step)
            drawn = [unescape(line) for line in re.findall(r'<div class="gt-result">([^<]*)</div>', frame)]
            for line in drawn:
                assert line not in caption, (name, step)
            said += any(line in caption for line in drawn) or bool(drawn) or "scores" in caption
    assert said  # some step of some demonstration tells a score


def test_the_cards_the_opponent_is_known_to_hold_are_named_one_card_or_several():
    from gintrainer.material.drawing import offer_position_html, puzzle_position_html
    from gintrainer.puzzles import bank
    puzzles = bank("best_discard")
    one = next(p for p in puzzles if len(p.opponent_known) == 1)
    two = next(p for p in puzzles if len(p.opponent_known) > 1)
    assert "your opponent took this card from the pile and still holds it" in puzzle_position_html(one)
    assert "took these" not in puzzle_position_html(one)
    assert "your opponent took these from the pile and still holds them" in puzzle_position_html(two)
    from gintrainer.material.drawing import puzzle_position_words
    assert puzzle_position_words(one).endswith(f"Your opponent took {one.opponent_known[0]} from the pile and still "
                                               "holds it.")
    assert puzzle_position_words(two).endswith("from the pile and still holds them.")
    offers = bank("take_or_draw")
    for puzzle in [next(p for p in offers if len(p.opponent_known) == 1),
                   next(p for p in offers if len(p.opponent_known) > 1)]:
        said = "took this card" if len(puzzle.opponent_known) == 1 else "took these"
        assert said in offer_position_html(puzzle)
