"""The "defend" trainer as widgets, driven without a browser: laying out melds
and lay-offs from the card picker (a chain in any order), clearing, the two
alike answers, the verdict with the engine's numbers, a layout the rules refuse,
the trainer recording progress, the page in the site's lists; every word from
the catalogs."""

import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.engine.scoring import Layoff, check_reply  # noqa: E402
from gintrainer.puzzles import bank  # noqa: E402
from gintrainer.records.progress import Progress  # noqa: E402
from gintrainer.trainers.training import PuzzleAttempt  # noqa: E402
from gintrainer.widgets.defend import ReplyInput  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.site import HEADINGS, PUZZLE_PAGES  # noqa: E402
from gintrainer.widgets.trainer import PuzzleView, TrainerPage  # noqa: E402
from gintrainer.words.errors import IllegalActionError  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")
KIND = "defend"


def lay_out(view, melds, layoffs):
    """Pick and press as a learner does."""
    for meld in melds:
        view.picker.select(meld)
        view.reply_input.meld_button.click()
    for layoff in layoffs:
        view.picker.select([layoff.card])
        view.reply_input.target.value = layoff.meld
        view.reply_input.layoff_button.click()


def fits_later(puzzle, layoff):
    """Whether some order of lay-offs of the hand's cards lays this one on its meld (the engine says)."""
    try:
        check_reply(puzzle.hand, puzzle.knocker_melds, [], [layoff], unfinished=True)
    except IllegalActionError:
        return False
    return True


def chained():
    return next(p for p in bank(KIND) if "chain-layoff" in p.themes and p.reply.melds)


def test_the_view_lays_out_a_chain_in_any_order_and_answers_right():
    puzzle = chained()
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: results.append(attempt.result))
    assert view.reply_input.layout.display == "" and view.buttons.children == (view.hint_button,)
    assert "The knocker laid out" in view.position.value and "gt-defend-position" in view.position.value
    lay_out(view, puzzle.reply.melds, reversed(puzzle.reply.layoffs))  # the chain's outer card first
    assert "Your lay-offs: " in view.reply_input.summary.value
    button = view.reply_input.undercut_button if puzzle.undercut else view.reply_input.no_undercut_button
    button.click()
    assert results == ["solved"] and "gt-feedback-right" in view.feedback.value
    assert f"The least deadwood you can keep is {puzzle.deadwood}" in view.feedback.value
    assert view.reply_input.layout.display == "none"
    view.table_toggle.value = True
    assert "gt-defend-answer" in view.table.value


def test_a_layout_that_keeps_more_says_what_it_costs_and_clear_starts_again():
    puzzle = chained()
    view = PuzzleView(puzzle)
    view.picker.select(puzzle.reply.deadwood[:1])
    view.reply_input.meld_button.click()  # one loose card is no meld: refused, nothing laid out
    assert "is not a meld" in view.reply_input.status.value and not view.reply_input.melds
    lay_out(view, puzzle.reply.melds, puzzle.reply.layoffs)
    view.reply_input.clear_button.click()
    assert view.reply_input.melds == [] and view.reply_input.layoffs == []
    lay_out(view, puzzle.reply.melds, [])
    view.reply_input.undercut_button.click()
    assert "gt-feedback-wrong" in view.feedback.value and "Not the least: your layout keeps" in view.feedback.value


def test_a_lay_off_the_rules_refuse_leaves_the_attempt_open():
    """The chain's outer card is taken while the card that connects it is still in the hand, and the page says
    at once that it waits for that card; answered without it, the refusal names the card to lay off too."""
    puzzle = chained()
    view = PuzzleView(puzzle)
    chain = next(lo for lo in reversed(puzzle.reply.layoffs))
    inner = [lo.card for lo in puzzle.reply.layoffs if lo.meld == chain.meld and lo is not chain]
    lay_out(view, [], [chain])  # the outer card alone does not extend the meld
    waits = escape(f"{chain.card} does not extend the knocker's meld {chain.meld + 1} ")
    connect = f"by itself: lay off {' '.join(map(str, inner))} too, and {chain.card} goes on after"
    assert waits in view.reply_input.summary.value and connect in view.reply_input.summary.value
    view.reply_input.no_undercut_button.click()
    assert connect in view.reply_input.status.value and not view.attempt.finished
    lay_out(view, [], [lo for lo in puzzle.reply.layoffs if lo is not chain])  # the connecting cards, after it
    assert "does not extend" not in view.reply_input.summary.value


def test_the_answer_stays_on_the_table_once_given():
    """Answering hides the reply input and leaves only the cards not laid out in the card row: the melds and
    lay-offs answered are drawn on the table (the lay-offs on the knocker's melds, marked), right or wrong, and
    again when the answered puzzle is shown from its record."""
    puzzle = chained()
    for melds, layoffs in ((puzzle.reply.melds, puzzle.reply.layoffs), (puzzle.reply.melds, ())):
        view = PuzzleView(puzzle)
        assert view.layout_view.value == ""
        lay_out(view, melds, layoffs)
        view.reply_input.undercut_button.click()
        shown = view.layout_view.value
        assert view.attempt.finished and view.reply_input.layout.display == "none" and "Your answer:" in shown
        for card in (c for meld in melds for c in meld):
            assert f'title="{card}"' in shown
        for layoff in layoffs:
            assert re.search(f'gt-mark-laid"[^>]*title="{layoff.card}"', shown), layoff
        kept = puzzle.lay_out(melds, layoffs).points
        assert f"deadwood: {kept}" in shown
        entry = {"id": puzzle.id, "kind": KIND, "themes": list(puzzle.themes), "difficulty": puzzle.difficulty}
        record = Progress.new("Ann").with_attempt(entry, view.attempt.result, answer=view.attempt.answer_text,
                                                  hints=0).history[-1]
        again = PuzzleView(bank("best_discard")[0])
        again.show_answered(puzzle, record)
        assert again.layout_view.value == shown and again.picker.offered == view.picker.offered


def test_an_answered_daily_reply_shows_again_as_it_was_after_a_reload(data):
    """A reload (a new page for the same learner and day) shows the learner's reply and the deadwood it keeps,
    the card row holding only the cards left, as right after the answer: not the whole hand under the count."""
    import datetime as dt

    from gintrainer.puzzles import daily
    from gintrainer.widgets.trainer import DailyPage
    days = (dt.date(2026, 11, 29) - dt.timedelta(days=n) for n in range(30))
    today = next(day for day in days if daily(day, KIND).reply.layoffs and daily(day, KIND).reply.points)
    view = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    puzzle = view.puzzle
    lay_out(view, puzzle.reply.melds, puzzle.reply.layoffs)
    (view.reply_input.undercut_button if puzzle.undercut else view.reply_input.no_undercut_button).click()
    answered = view.layout_view.value, view.picker.offered
    again = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    assert again.attempt.finished and (again.layout_view.value, again.picker.offered) == answered
    assert again.picker.offered == tuple(c for c in puzzle.hand if c in puzzle.reply.deadwood)
    assert f"deadwood: {puzzle.reply.points}" in again.layout_view.value


def test_the_trainer_records_an_answer_that_replays():
    page = TrainerPage(KIND, learner=Learner(), seed=3)
    puzzle = page.view.puzzle
    lay_out(page.view, puzzle.reply.melds, puzzle.reply.layoffs)
    (page.view.reply_input.undercut_button if puzzle.undercut else page.view.reply_input.no_undercut_button).click()
    assert page.learner.progress.solved == 1
    attempt, feedback = PuzzleAttempt.replay(puzzle, page.view.attempt.answer_text)
    assert attempt.result == "solved" and feedback.correct


def test_the_page_is_listed_with_its_heading():
    assert "puzzles/defend.ipynb" in [p.path for p in PUZZLE_PAGES]
    assert "puzzles/defend.ipynb" in HEADINGS


def test_every_word_of_the_page_comes_from_the_catalogs():
    puzzle = chained()
    with pseudo_language():
        view = PuzzleView(puzzle)
        lay_out(view, puzzle.reply.melds, puzzle.reply.layoffs)
        texts = [view.position.value, view.reply_input.summary.value, view.title.value,
                 *(b.description for b in (view.reply_input.meld_button, view.reply_input.layoff_button,
                                           view.reply_input.clear_button, view.reply_input.undercut_button))]
        texts += [label for label, _ in view.reply_input.target.options]
        view.reply_input.undercut_button.click()
        texts += [view.feedback.value, view.layout_view.value]  # the answer, drawn once given
    for text in texts:
        assert unmarked(text) == [], text


def test_a_worksheet_section_shows_the_knock_and_boxes_and_its_key_the_answer():
    from gintrainer.classroom.worksheet import puzzle_section_html
    puzzle = chained()
    sheet, key = puzzle_section_html(puzzle, 1, 2), puzzle_section_html(puzzle, 1, 2, answers=True)
    assert "gt-defend-position" in sheet and "Lay-offs (card on meld number):" in sheet and "Undercut?" in sheet
    assert "ws-key" not in sheet and "ws-key" in key
    assert puzzle.answer_words().replace("'", "&#x27;") in key and "Defend" in key
    with pseudo_language():
        for text in (puzzle_section_html(puzzle, 1, 2), puzzle_section_html(puzzle, 1, 2, answers=True)):
            assert unmarked(text) == [], text


def test_a_view_makes_the_reply_input_when_a_defend_puzzle_first_comes():
    """A view of another kind holds no reply input (nor another kind's answer buttons); shown a
    defend puzzle, it places the input above the buttons, and hides it for the next kind."""
    view = PuzzleView(bank("best_discard")[0])
    assert view.buttons.children == (view.discard_button, view.hint_button)
    assert not any(isinstance(part, ReplyInput) for part in view.children)
    view.show(chained())
    parts = list(view.children)
    assert parts.index(view.reply_input) == parts.index(view.buttons) - 1
    assert view.reply_input.layout.display == "" and view.buttons.children == (view.hint_button,)
    view.show(bank("can_knock")[0])
    assert view.reply_input.layout.display == "none"
    assert view.buttons.children == (view.yes_button, view.no_button, view.hint_button)


def test_a_card_melded_or_laid_off_leaves_the_clickable_row_and_clearing_puts_it_back():
    puzzle = chained()
    view = PuzzleView(puzzle)

    def row():
        """The cards of the clickable row, as the page shows them."""
        return [b.description for b in view.picker.children]

    assert row() == [str(c) for c in puzzle.hand]
    meld = puzzle.reply.melds[0]
    lay_out(view, [meld], [])
    assert row() == [str(c) for c in puzzle.hand if c not in meld]  # the others keep their order
    assert view.picker.selected == ()
    layoff = puzzle.reply.layoffs[0]
    lay_out(view, [], [layoff])
    assert str(layoff.card) not in row() and [lo.card for lo in view.reply_input.layoffs] == [layoff.card]
    lay_out(view, puzzle.reply.melds[1:], puzzle.reply.layoffs[1:])  # the rest of the answer, from the row left
    assert sorted(row()) == sorted(str(c) for c in puzzle.reply.deadwood)
    view.reply_input.clear_button.click()
    assert row() == [str(c) for c in puzzle.hand]


def test_a_click_sent_before_the_row_redraws_still_lands_on_the_card_clicked():
    """Each card keeps its button while cards leave the row: a button pressed on a page not yet redrawn
    picks the card it showed, and a hidden card's button, which a page can still send, picks nothing."""
    puzzle = chained()
    view = PuzzleView(puzzle)
    buttons = {b.description: b for b in view.picker.children}
    meld = puzzle.reply.melds[0]
    lay_out(view, [meld], [])
    left = next(c for c in puzzle.hand if c not in meld)
    buttons[str(left)].value = True
    assert view.picker.selected == (left,)
    buttons[str(left)].value = False
    buttons[str(meld[0])].value = True  # a card laid out already
    assert view.picker.selected == ()


def test_a_lay_off_that_fits_in_no_order_is_refused_when_picked_and_the_card_stays():
    """Each pick is checked at once, as on the knock-layout and practice pages: a card that no
    order of lay-offs lays on the chosen meld is refused, and nothing is laid out."""
    puzzle = chained()
    view = PuzzleView(puzzle)
    stray = next(c for c in puzzle.hand if not fits_later(puzzle, Layoff(c, 0)))
    lay_out(view, [], [Layoff(stray, 0)])
    assert "does not extend" in view.reply_input.status.value and view.reply_input.layoffs == []
    assert str(stray) in [b.description for b in view.picker.children]
    view.picker.select(())
    view.reply_input.meld_button.click()
    assert "select the cards of a meld first" in view.reply_input.status.value


def _least_deadwood_by_brute_force(cards):
    """The least deadwood of ``cards`` over every choice of disjoint melds among them (the slow way)."""
    from itertools import combinations

    from gintrainer.engine.melds import meld_kind
    melds = [m for n in range(3, len(cards) + 1) for m in combinations(cards, n) if meld_kind(m) is not None]
    best = sum(c.value for c in cards)

    def search(start, used):
        nonlocal best
        best = min(best, sum(c.value for c in cards if c not in used))
        for i in range(start, len(melds)):
            if used.isdisjoint(melds[i]):
                search(i + 1, used | set(melds[i]))
    search(0, frozenset())
    return best


def test_a_knocker_who_kept_meldable_cards_out_is_said_to_have_chosen_it():
    """The rules let a knocker lay out as he likes, and some positions show a knocker whose cards could leave
    less deadwood (three 3s kept as deadwood): the picture says so with the least his cards could leave, and
    says nothing where his layout leaves the least."""
    from gintrainer.material.drawing import defend_position_html
    said = {True: 0, False: 0}
    for puzzle in bank(KIND):
        cards = [c for meld in puzzle.knocker_melds for c in meld] + list(puzzle.knocker_deadwood)
        least = _least_deadwood_by_brute_force(cards)
        chose = least < sum(c.value for c in puzzle.knocker_deadwood)
        page = defend_position_html(puzzle)
        sentence = escape(f"his cards could have left {least} deadwood", quote=True)
        assert (sentence in page) is chose, puzzle.id
        assert ("a knocker may lay out as he likes" in page) is chose, puzzle.id
        said[chose] += 1
    assert said[True] and said[False]
