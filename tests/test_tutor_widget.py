"""The tutor on the practice page, driven without a browser: a stopped move, Hint, Rethink and Play anyway
clicked, the log and the review reading the learner's answers (the judge: tests/fake_judge.py)."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("ipywidgets")

from fake_judge import FakeJudge  # noqa: E402
from gintrainer.engine import evaluate  # noqa: E402
from gintrainer.engine.hand import ActionKind  # noqa: E402
from gintrainer.replay.kept import open_notes  # noqa: E402
from gintrainer.replay.review import review  # noqa: E402
from gintrainer.replay.tutor_notes import TutorChoice, notes_at  # noqa: E402
from gintrainer.trainers.practice import PracticeGame  # noqa: E402
from gintrainer.trainers.tutor import TutorMode  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.review import review_table_html  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

BLUNDER = (9.0, 0.5)


def tutored_page(blunder: bool = True) -> tuple[PracticePage, int]:
    """A page whose learner is to take or draw first, every move there a blunder (or none)."""
    start = len(PracticeGame(opponent="naive", seed=4, play=True).hand.actions)
    game = PracticeGame(opponent="naive", seed=4, coach="off", tutor="blunders",
                        judge=FakeJudge({start: BLUNDER} if blunder else {}))
    assert len(game.hand.actions) == start and game.learner_to_act
    return PracticePage(Learner(), game=game), start


def move_button(page: PracticePage):
    """The button of the learner's first legal move (take, pass or draw)."""
    kind = page.game.hand.legal_actions()[0].kind
    return {ActionKind.TAKE: page.take_button, ActionKind.PASS: page.pass_button,
            ActionKind.DRAW: page.draw_button}[kind]


def click(page: PracticePage, button) -> None:
    """Click a move button, then ask for the tutor's check as the page does once it has redrawn."""
    button.click()
    check = page.tutor_check
    assert check.waiting and check.label
    check._handle_custom_msg({"check": check.asked}, [])
    assert not check.waiting


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_the_page_stops_a_blunder_then_the_learner_takes_a_hint_and_rethinks():
    page, start = tutored_page()
    assert not shown(page.tutor_panel) and page.tutor_box.value == "blunders"
    before = page.game.to_dict()
    click(page, move_button(page))
    assert shown(page.tutor_panel) and "looks like a blunder" in page.tutor_text.value
    assert page.game.to_dict() == before  # nothing played
    assert all(b.disabled for b in (page.take_button, page.pass_button, page.draw_button))
    page._on_move(ActionKind.DRAW)  # a click sent before the page redrew: refused, nothing changes
    assert page.game.to_dict() == before and "answer the tutor first" in page.status.value
    page.hint_button.click()
    assert "Count your deadwood after taking" in page.tutor_text.value and page.hint_button.disabled
    page.rethink_button.click()
    assert not shown(page.tutor_panel) and page.game.to_dict()["match"] == before["match"]
    assert "you rethought it" in page.moves.value and "Rethink: choose your move again." in page.moves.value
    assert not move_button(page).disabled


def test_play_anyway_plays_the_move_and_the_log_says_so():
    page, start = tutored_page()
    click(page, move_button(page))
    page.play_anyway_button.click()
    game = page.game
    assert not shown(page.tutor_panel) and len(game.hand.actions) > start and game.pending is None
    assert game.hand.actions[start][0] == game.seat and "you played it anyway" in page.moves.value


def test_a_late_click_on_the_tutor_s_buttons_is_ignored_with_no_word():
    """A double click on Play anyway plays the move once; its second click, and one on Hint or Rethink sent in
    the same moment, arrive once the panel is hidden: they change nothing and show no error (the second once
    said "the tutor has no move of yours waiting")."""
    page, start = tutored_page()
    click(page, move_button(page))
    page.play_anyway_button.click()
    played = page.game.to_dict()
    assert not shown(page.tutor_panel) and len(page.game.hand.actions) > start
    for late in (page.play_anyway_button, page.hint_button, page.rethink_button):
        late.click()
        assert page.game.to_dict() == played and page.last_error is None and page.status.value == ""
    assert [note.choice for note in page.game.tutor_notes] == [TutorChoice.PLAYED]
    assert page.moves.value.count("you played it anyway") == 1

    page, start = tutored_page()
    click(page, move_button(page))
    page.rethink_button.click()
    rethought = page.game.to_dict()
    page.rethink_button.click()  # a double click on Rethink
    assert page.game.to_dict() == rethought and page.last_error is None
    assert [note.choice for note in page.game.tutor_notes] == [TutorChoice.RETHINK]


def test_a_good_move_is_played_at_once_and_the_setting_follows_the_menu():
    page, start = tutored_page(blunder=False)
    click(page, move_button(page))
    assert not shown(page.tutor_panel) and len(page.game.hand.actions) > start
    page.tutor_box.value = "mistakes"
    assert page.game.tutor is TutorMode.MISTAKES
    page.tutor_box.value = "off"
    assert page.game.tutor is TutorMode.OFF
    assert [value for _, value in page.tutor_box.options] == ["off", "mistakes", "blunders"]


def test_the_review_shows_the_tutor_s_note_under_its_decision():
    page, start = tutored_page()
    click(page, move_button(page))
    page.play_anyway_button.click()
    game = page.game
    reviewed = review(game.hand, game.seat, judge=FakeJudge())
    notes = notes_at(game.tutor_notes, game.hand_number)
    assert list(notes) == [start + 1] and reviewed.decisions[0].step == start + 1
    table = review_table_html(reviewed, notes)
    assert table.count("gt-review-tutor") == 1 and "you played it anyway" in table
    assert "gt-review-tutor" not in review_table_html(reviewed)
    # The tutor's 200 deals marked a blunder, the review's 600 nothing: the note says which judged what.
    assert reviewed.decisions[0].mark.value == "none" and notes[start + 1][0].mark.value == "blunder"
    assert ("The tutor&#x27;s quick check, on 200 deals, gave ?? blunder (9.00 ± 0.50 points lost); this row "
            "judges the move again on 600 deals.") in table
    agreeing = review(game.hand, game.seat, judge=FakeJudge({start: BLUNDER}))
    assert agreeing.decisions[0].mark.value == "blunder"
    assert "quick check" not in review_table_html(agreeing, notes)  # one mark: nothing to tell apart


def finish_hand(game: PracticeGame) -> None:
    """Play the hand out, the learner taking the first legal move (a layout's "done" first)."""
    game.let_computer_play()
    while not game.hand.is_over:
        legal = [a for a in game.hand.legal_actions() if a.kind is not ActionKind.AUTO]
        game.play(next((a for a in legal if a.kind is ActionKind.DONE), legal[0]))


def test_the_review_says_beside_the_stopped_decision_what_the_learner_chose_and_keeps_the_notes(monkeypatch):
    page, start = tutored_page()
    click(page, move_button(page))
    page.rethink_button.click()
    click(page, move_button(page))  # stopped again (every move there is a blunder), then played anyway
    page.play_anyway_button.click()
    game = page.game
    rethought, played = game.hand_tutor_notes()
    assert (rethought.choice, played.choice, rethought.step) == (TutorChoice.RETHINK, TutorChoice.PLAYED, start + 1)
    finish_hand(game)
    monkeypatch.setattr(evaluate, "judge", FakeJudge({start: BLUNDER}))  # the review's judge
    page._on_review()
    view = page.review_box.children[0]
    view.review.run()
    table = view.review.table.value
    row = next(r for r in table.split("<tr ") if f"data-step='{start + 1}'" in r)
    assert "data-tutor='played'" in row and "tutor: played anyway" in row
    assert table.count("gt-review-tutor") == 2 and "data-tutor" not in table.replace(row, "")
    assert "the move in this row is the one you played after rethinking" in table
    assert "you played it anyway" in table
    only_rethought = review_table_html(view.review.reviewed, {start + 1: (rethought,)})
    assert "data-tutor='rethink'" in only_rethought and "this is the move played after rethinking" in only_rethought
    [kept] = page.learner.progress.hand_reviews  # the guest's review, in the page's memory
    assert open_notes(kept) == (rethought, played) and kept.hand == game.hand_number


def test_every_word_of_the_tutor_on_the_page_is_from_the_catalogs():
    from i18n import pseudo_language, unmarked
    with pseudo_language():
        page, _ = tutored_page()
        page.coach_box.value = "words"
        labels = [label for label, _ in page.tutor_box.options] + [page.tutor_box.description]
        labels += [b.description for b in (page.rethink_button, page.play_anyway_button, page.hint_button)]
        labels += [b.tooltip for b in (page.rethink_button, page.play_anyway_button, page.hint_button)]
        assert all(label.startswith("⟦") and unmarked(label) == [] for label in labels), labels
        assert "gt-coach-quiet" in page.coach.value and unmarked(page.coach.value) == []  # the coach's move stopped
        move_button(page).click()
        assert unmarked(page.tutor_check.label) == []
        page.tutor_check._handle_custom_msg({"check": page.tutor_check.asked}, [])
        page.hint_button.click()
        assert unmarked(page.tutor_text.value) == [], page.tutor_text.value
        page.rethink_button.click()
        click(page, move_button(page))
        page.play_anyway_button.click()
        assert page.moves.value.count("gt-log-tutor") == 2 and unmarked(page.moves.value) == [], page.moves.value


@pytest.mark.parametrize("lang", ["tr", "ku", "ps"])
def test_the_tutor_speaks_each_language(lang):
    from gintrainer.words.language import in_language
    page, _ = tutored_page()
    click(page, move_button(page))
    english = (page.tutor_text.value, page.rethink_button.description, page.play_anyway_button.description)
    with in_language(lang):
        page, _ = tutored_page()
        click(page, move_button(page))
        said = (page.tutor_text.value, page.rethink_button.description, page.play_anyway_button.description)
    assert all(ours != theirs and ours for ours, theirs in zip(said, english, strict=True)), said


def test_the_check_runs_when_the_page_asks_for_it_and_only_then():
    page, start = tutored_page()
    judge = page.game.tutoring.judge
    before = page.game.to_dict()
    move_button(page).click()
    check = page.tutor_check
    assert check.waiting and judge.calls == [] and page.game.to_dict() == before  # queued, not judged yet
    assert check.label == "The tutor is looking at your move…"
    assert all(b.disabled for b in (page.take_button, page.pass_button, page.draw_button))
    page._on_move(ActionKind.DRAW)  # a second click before the check: refused
    assert "still looking at your last move" in page.status.value
    for stale in ({"check": check.asked - 1}, {"check": True}, {"other": 1}, "check"):
        check._handle_custom_msg(stale, [])
    assert check.waiting and judge.calls == []
    check._handle_custom_msg({"check": check.asked}, [])
    check._handle_custom_msg({"check": check.asked}, [])  # a second view asks again: nothing more
    assert len(judge.calls) == 1 and shown(page.tutor_panel) and not check.waiting


def test_a_move_taken_back_while_queued_is_never_judged():
    page, start = tutored_page(blunder=False)
    click(page, move_button(page))
    page.game.let_computer_play()
    page.refresh()
    first = page.game.hand.legal_actions()[0]
    page._play(first)
    assert page.tutor_check.waiting
    page.take_back_button.click()
    asked = page.tutor_check.asked
    page.tutor_check._handle_custom_msg({"check": asked}, [])
    assert not page.tutor_check.waiting and len(page.game.hand.actions) == start


def test_a_note_at_no_decision_of_the_review_never_costs_the_learner_the_review(monkeypatch):
    page, start = tutored_page()
    click(page, move_button(page))
    page.play_anyway_button.click()
    game = page.game
    finish_hand(game)
    computer = next(before for before, (who, _) in enumerate(game.hand.actions) if who != game.seat)
    stray = dataclasses.replace(game.tutor_notes[0], before=computer)  # a note kept by another gintrainer
    game.tutor_notes.append(stray)
    monkeypatch.setattr(evaluate, "judge", FakeJudge({start: BLUNDER}))
    page._on_review()
    page.review_box.children[0].review.run()
    [kept] = page.learner.progress.hand_reviews
    assert open_notes(kept) == (game.tutor_notes[0],)


def test_the_review_s_tutor_words_are_from_the_catalogs_in_every_language():
    from gintrainer.words.language import in_language
    from i18n import pseudo_language, unmarked
    page, start = tutored_page()
    click(page, move_button(page))
    page.rethink_button.click()
    click(page, move_button(page))
    page.play_anyway_button.click()
    game = page.game
    reviewed = review(game.hand, game.seat, judge=FakeJudge({start: BLUNDER}))
    rethought, played = game.hand_tutor_notes()
    tables = {"en": review_table_html(reviewed, {start + 1: (rethought, played)})}
    only_rethought = {"en": review_table_html(reviewed, {start + 1: (rethought,)})}
    with pseudo_language():
        for table in (review_table_html(reviewed, {start + 1: (rethought, played)}),
                      review_table_html(reviewed, {start + 1: (rethought,)})):
            assert unmarked(table) == [], unmarked(table)
    for lang in ("tr", "ku", "ps"):
        with in_language(lang):
            tables[lang] = review_table_html(reviewed, {start + 1: (rethought, played)})
            only_rethought[lang] = review_table_html(reviewed, {start + 1: (rethought,)})
    for english in ("tutor: played anyway", "the move in this row is the one you played after rethinking"):
        assert english in tables["en"] and not any(english in tables[lang] for lang in ("tr", "ku", "ps"))
    assert all("this is the move played after rethinking" not in only_rethought[lang] for lang in ("tr", "ku", "ps"))
