"""The review on the pages, driven without a browser: the review view (its progress, table, summary and worst
decisions), the replays page's "Review" for either player with the marks beside the comments, and the practice
page's "Review this hand". The evaluator's judge is replaced by the review tests' stand-in (tests/fake_judge.py),
which reports the losses a test chooses."""

from __future__ import annotations

from dataclasses import replace
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from fake_judge import FakeJudge  # noqa: E402
from gintrainer import GinError, Match, Rules  # noqa: E402
from gintrainer.engine import evaluate  # noqa: E402
from gintrainer.engine.evaluate import decisions  # noqa: E402
from gintrainer.replay import example_reviews, examples  # noqa: E402
from gintrainer.replay import review_words as said  # noqa: E402
from gintrainer.replay.history import to_record  # noqa: E402
from gintrainer.replay.kept import kept_for  # noqa: E402
from gintrainer.replay.review import Mark, move_words, review  # noqa: E402
from gintrainer.trainers.practice import PracticeGame  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.replay import ReplaysPage, ReplayView  # noqa: E402
from gintrainer.widgets.review import REVIEW_CSS, ReviewView, progress_words  # noqa: E402
from gintrainer.words.language import LRI, PDI, in_language  # noqa: E402
from test_practice_widget import KNOCK_DEAL, select  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def firsts(hand, seat, count=2):
    """The positions (actions before) of the seat's first ``count`` decisions of one action."""
    return [before for before, move in decisions(hand, seat) if len(move) == 1][:count]


@pytest.fixture
def dead_hand():
    """The dead hand, and a judge that finds a blunder (9 ± 0.5) and a mistake (5 ± 0.5) among the featured
    player's decisions and an inaccuracy (3 ± 0.5) among the other's."""
    replay = examples()["dead_hand"]
    seat = replay.featured
    blunder, mistake = firsts(replay.hand, seat)
    other = firsts(replay.hand, 1 - seat, 1)[0]
    return replay, FakeJudge({blunder: (9.0, 0.5), mistake: (5.0, 0.5), other: (3.0, 0.5)}), blunder + 1, mistake + 1


def test_a_review_runs_one_decision_for_each_request_of_the_page_then_shows_its_table(dead_hand):
    replay, judge, blunder, mistake = dead_hand
    seat = replay.featured
    opened = []
    view = ReviewView(replay, seat, judge=judge, samples=9, open_step=opened.append)
    total = len(decisions(replay.hand, seat))
    bar = view.progress
    assert (bar.running, bar.done, bar.total) == (True, 0, total) and view.table.value == ""
    assert bar.label == progress_words(0, total) == f"Reviewing: 0 of {total} decisions judged"
    bar._handle_custom_msg({"next": 0}, [])  # the page asks for the next decision, having seen none
    assert bar.done == 1 and len(judge.calls) == 1 and bar.label == f"Reviewing: 1 of {total} decisions judged"
    for stale in ({"next": 0}, {"next": True}, {"next": "1"}, ["next"], {"other": 1}):
        bar._handle_custom_msg(stale, [])  # an old count, a second event of one change, or not the message
    assert bar.done == 1 and len(judge.calls) == 1
    while view.reviewed is None:
        bar._handle_custom_msg({"next": bar.done}, [])
    assert len(judge.calls) == total and not bar.running and bar.done == total
    reviewed = view.reviewed
    assert reviewed == review(replay.hand, seat, samples=9, judge=FakeJudge(judge.losses))
    table = view.table.value
    assert table.count("<tr class='gt-review-row") == total
    for decision in reviewed.decisions:
        row = table.split(f"data-step='{decision.step}'>")[1].split("</tr>")[0]
        cells = [escape(cell) for cell in said.decision_cells(decision)]
        assert all(f">{cell}<" in row for cell in cells if cell), (row, cells)
    blunder_row = table.split(f"data-step='{blunder}'>")[1].split("</tr>")[0]
    assert "<span class='gt-mark gt-mark-blunder'>?? blunder</span>" in blunder_row and "9.00 ± 0.50" in blunder_row
    assert "<span class='gt-mark gt-mark-mistake'>? mistake</span>" in table
    name = view.name
    assert name == "Ben" and escape(said.totals_sentence(reviewed, name=name)) in view.summary.value
    assert view.summary.value.startswith(f"<div class='gt-info'>{name}: {total} decisions, ")  # by name, not seat
    assert view.heading.value == f"<h4>Review of {name}: each decision judged on 9 sampled deals.</h4>"
    assert "Inaccuracies: 0, mistakes: 1, blunders: 1." in view.summary.value
    shown = [b for b in view.worst_buttons if b.layout.display != "none"]
    assert [b.description for b in shown] == [f"?? Step {blunder}: 9.00 ± 0.50 points lost",
                                              f"? Step {mistake}: 5.00 ± 0.50 points lost"]
    assert shown[0].button_style == "danger" and shown[1].tooltip == "? mistake"
    shown[1].click()
    shown[0].click()
    assert opened == [mistake, blunder]


def test_a_review_shows_at_once_when_it_was_made_before_and_judges_nothing(dead_hand):
    replay, judge, blunder, _ = dead_hand
    made = review(replay.hand, replay.featured, samples=9, judge=judge)
    calls = len(judge.calls)
    done = []
    view = ReviewView(replay, replay.featured, made=made, judge=judge, on_done=done.append)
    assert view.reviewed is made and done == [made] and len(judge.calls) == calls and not view.progress.running
    assert "?? blunder" in view.table.value
    assert "The worst decisions, by points lost: steps" in view.worst_label.value  # no replay to open: words
    assert all(b.layout.display == "none" for b in view.worst_buttons)


def test_a_review_without_a_loss_or_without_decisions_says_so():
    replay = examples()["knock"]
    view = ReviewView(replay, replay.featured, judge=FakeJudge(), open_step=lambda step: None)
    view.run()
    assert escape(said.no_worst_sentence()) in view.worst_label.value
    assert all(b.layout.display == "none" for b in view.worst_buttons)
    assert "gt-mark-" not in view.table.value
    dealt = type(replay)(replay.hand.prefix(0), [])  # no decision taken yet
    empty = ReviewView(dealt, 0, judge=FakeJudge())
    assert empty.reviewed is not None and not empty.progress.running
    assert "Ann took no decision in this hand." in empty.table.value
    assert "Seat" not in empty.table.value + empty.heading.value


def test_a_review_closed_half_way_judges_nothing_more(dead_hand):
    """Another hand chosen, or the next practice hand dealt, while a review runs: the page's last request
    is not answered."""
    replay, judge, _, _ = dead_hand
    view = ReviewView(replay, replay.featured, judge=judge)
    view.progress._handle_custom_msg({"next": 0}, [])
    view.close()
    view.progress._handle_custom_msg({"next": 1}, [])
    assert len(judge.calls) == 1 and view.reviewed is None


def test_a_judge_that_fails_stops_the_review_and_says_why(dead_hand):
    replay, _, _, _ = dead_hand

    def broken(hand, **_):
        raise GinError("the judge broke")
    view = ReviewView(replay, replay.featured, judge=broken)
    view.progress._handle_custom_msg({"next": 0}, [])
    assert "the judge broke" in view.status.value and not view.progress.running and view.reviewed is None


# -- the replays page ------------------------------------------------------------------------------------


def test_the_replay_reviews_either_player_and_a_worst_move_opens_its_step(dead_hand, monkeypatch):
    replay, judge, blunder, _ = dead_hand
    monkeypatch.setattr(evaluate, "judge", judge)
    kept = []
    view = ReplayView(replay, on_reviewed=kept.append)
    assert view.review_seat.value == replay.featured and view.review is None
    view.review_button.click()
    shown = view.review
    assert shown.progress.running and shown.reviewed is None
    shown.run()
    assert kept == [shown.reviewed] and shown.reviewed.seat == replay.featured
    view.stepper.go(0)
    next(b for b in shown.worst_buttons if b.description.startswith("??")).click()
    assert view.stepper.step == blunder and view.stepper.board.reveal == 1
    decision = next(d for d in shown.reviewed.decisions if d.step == blunder)
    note = f"9.00 ± 0.50 points lost; best: {escape(move_words(decision.best))}"
    assert "<b>Review:</b>" in view.stepper.board.frame and note in view.stepper.board.frame  # beside the comments
    view.stepper.go(blunder - 1)
    assert note not in view.stepper.board.frame
    view.review_seat.value = 1 - replay.featured  # the computer's decisions, for a teacher
    view.review_button.click()
    other = view.review
    assert other is not shown and other.reviewed is None and shown.comm is None  # the first review is closed
    other.run()
    assert other.reviewed.seat == 1 - replay.featured and other.reviewed.marks[Mark.INACCURACY] == 1
    assert kept[-1] is other.reviewed and len(kept) == 2
    view.review_seat.value = replay.featured  # made before: shown again at once
    calls = len(judge.calls)
    view.review_button.click()
    assert view.review.reviewed is kept[0] and len(judge.calls) == calls and len(kept) == 2


def test_an_example_hand_shows_its_shipped_review_s_marks_beside_the_comments(monkeypatch):
    judge = FakeJudge()
    monkeypatch.setattr(evaluate, "judge", judge)
    page = ReplaysPage()
    assert REVIEW_CSS in [getattr(part, "value", "") for part in page.view.children]  # the marks' colours, before
    marked = 0
    for name in examples():
        page.choice.value = name
        stored = example_reviews.example_review(name)
        assert stored is not None and page.view.reviewed is stored
        stepper = page.view.stepper
        for decision in stored.decisions:
            stepper.go(decision.step)
            if decision.mark is Mark.NONE:
                assert "gt-note-review" not in stepper.board.frame
            else:
                marked += 1
                assert f"gt-mark-{decision.mark.value}'>{escape(said.mark_words(decision.mark))}, " \
                       f"{escape(said.loss_words(decision.loss))} points lost" in stepper.board.frame
        page.view.review_button.click()  # the featured player's review: the shipped one, at once
        assert page.view.review.reviewed is stored
        other = 1 - stored.seat
        page.view.review_seat.value = other  # and the other player's, shipped too
        page.view.review_button.click()
        assert page.view.review.reviewed is example_reviews.example_review(name, other) is not None
    assert marked > 0 and judge.calls == []


# -- the practice page ----------------------------------------------------------------------------------


def test_practice_reviews_a_finished_hand_on_request_and_a_worst_move_opens_the_replay(monkeypatch):
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive"))
    kept = []
    monkeypatch.setattr(type(page), "_keep_review", lambda self, number, reviewed: kept.append((number, reviewed)))
    assert page.review_button.layout.display == "none"
    page.take_button.click()
    select(page, "5D")
    judge = FakeJudge({1: (9.0, 0.5)})  # the knock with 5♦ (after the take): a blunder, for the test
    monkeypatch.setattr(evaluate, "judge", judge)
    page.knock_button.click()
    page.lay_out_button.click()
    assert page.game.hand.is_over and page.review_button.layout.display == "" and judge.calls == []  # not at once
    page.review_button.click()
    replay_view = page.review_box.children[0]
    assert page.review_button.layout.display == "none" and replay_view.review.progress.running
    replay_view.review.run()
    reviewed = replay_view.review.reviewed
    assert reviewed.seat == page.game.seat and kept == [(1, reviewed)]
    assert reviewed.marks[Mark.BLUNDER] == 1 and replay_view.review.heading.value.startswith("<h4>Review of Guest: ")
    replay_view.review.worst_buttons[0].click()
    assert replay_view.stepper.step == 2  # the knock, the hand's second action
    replay_view.review_seat.value = 1 - page.game.seat  # the computer's decisions: shown, not kept as the learner's
    replay_view.review_button.click()
    replay_view.review.run()
    assert replay_view.review.reviewed.seat == 1 - page.game.seat and kept == [(1, reviewed)]
    page.next_button.click()
    assert page.review_box.children == () and replay_view.comm is None
    assert page.review_button.layout.display == "none"


def test_the_review_s_replay_names_the_learner_in_the_third_person_and_says_the_result_once(monkeypatch):
    """The replay under a review tells the hand in the third person ("Noor discards K♣", "Noor's view"): its seat
    is named by the learner's name, not "You" pasted into those sentences; its heading says the result once."""
    from test_i18n_trainers import texts
    from test_i18n_you import THIRD_PERSON_AFTER_YOU
    match = Match(Rules(), seed="named", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner("Noor"), game=PracticeGame(match=match, opponent="naive"))
    page.take_button.click()
    select(page, "5D")
    monkeypatch.setattr(evaluate, "judge", FakeJudge())
    page.knock_button.click()
    page.lay_out_button.click()
    page.review_button.click()
    replay_view = page.review_box.children[0]
    replay_view.review.run()
    shown = []
    stepper = replay_view.stepper
    for step in range(stepper.last + 1):
        stepper.go(step)
        shown += [*texts(replay_view), stepper.board.caption, stepper.board.frame]
    everything = "\n".join(shown)
    assert THIRD_PERSON_AFTER_YOU.findall(everything) == [] and "You" not in everything
    assert "Noor's view" in everything and "Noor knocks" in everything
    review = replay_view.review
    assert review.heading.value.startswith("<h4>Review of Noor: ") and "Noor: " in review.summary.value
    assert "seat" not in (review.heading.value + review.summary.value).lower()
    result = page.game.hand.result
    assert result is not None and replay_view.heading.value.count(escape(result.explain())) == 1


def test_a_named_learners_review_of_a_practice_hand_is_kept_in_their_profile(monkeypatch):
    from gintrainer.records import profiles
    match = Match(Rules(), seed="kept", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner("Noor"), game=PracticeGame(match=match, opponent="naive"))
    page.take_button.click()
    select(page, "5D")
    monkeypatch.setattr(evaluate, "judge", FakeJudge({1: (9.0, 0.5)}))
    page.knock_button.click()
    page.lay_out_button.click()
    assert profiles.hand_reviews("Noor") == ()
    page.review_button.click()
    review_view = page.review_box.children[0].review
    review_view.run()
    kept = profiles.hand_reviews("Noor")
    assert len(kept) == 1 and kept[0].hand == 1 and kept[0].match == str(match.seed)
    assert kept[0].review == review_view.reviewed.to_dict()
    assert page.learner.progress.latest_reviews == kept  # the page's learner follows (the profile page's chart)


def test_a_reviewed_hand_shows_its_kept_review_after_a_reload_judging_nothing_and_keeping_nothing_twice(monkeypatch):
    """A learner who reviewed the hand just played and opens the practice page again (a reload) finds the review
    as they left it, shown from their profile: no decision judged again, no second review kept. A review kept of
    other moves (the same match and hand number) is not this hand's: the page offers "Review this hand"."""
    from gintrainer.records import profiles
    match = Match(Rules(), seed="reload", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner("Noor"), game=PracticeGame(match=match, opponent="naive", owner="Noor"))
    page.take_button.click()
    select(page, "5D")
    monkeypatch.setattr(evaluate, "judge", FakeJudge({1: (9.0, 0.5)}))
    page.knock_button.click()
    page.lay_out_button.click()
    page.review_button.click()
    review_view = page.review_box.children[0].review
    review_view.run()
    kept = profiles.hand_reviews("Noor")
    assert len(kept) == 1
    judge = FakeJudge({1: (9.0, 0.5)})
    monkeypatch.setattr(evaluate, "judge", judge)
    again = PracticePage(Learner("Noor"))
    assert again.game.hand.is_over and again.game.hand.history == page.game.hand.history
    shown = again.review_box.children[0].review
    assert again.review_button.layout.display == "none" and not shown.progress.running
    assert shown.reviewed.to_dict() == review_view.reviewed.to_dict() and judge.calls == []
    assert shown.table.value == review_view.table.value
    assert profiles.hand_reviews("Noor") == kept

    # kept_for, which the page asks: these very moves, this seat, this match and hand; one that is unreadable is
    # passed over (the page then offers to review the hand again)
    hand, seed = page.game.hand, match.seed
    assert kept_for(kept, hand, match=seed, number=1, seat=page.game.seat).to_dict() == kept[0].review
    other_moves = replace(kept[0], history=to_record(examples()["dead_hand"].hand))
    unreadable = replace(kept[0], review={**kept[0].review, "decisions": "none"})
    assert kept_for([other_moves, unreadable], hand, match=seed, number=1, seat=page.game.seat) is None
    assert kept_for(kept, hand, match=seed, number=1, seat=1 - page.game.seat) is None
    assert kept_for(kept, hand, match=seed, number=2, seat=page.game.seat) is None
    assert kept_for(kept, hand, match="another", number=1, seat=page.game.seat) is None

def test_the_review_reads_in_pashto(dead_hand):
    replay, judge, _, _ = dead_hand
    with in_language("ps"):
        view = ReviewView(replay, replay.featured, judge=judge, open_step=lambda step: None)
        label = view.progress.label
        view.run()
        heads = said.review_columns()
        button = view.worst_buttons[0].description
    english = said.review_columns()
    assert all(head != word for head, word in zip(heads, english, strict=True))
    assert all(f">{escape(head)}<" in view.table.value for head in heads)
    assert label != progress_words(0, view.progress.total) and "Step" not in button
    lost = view.reviewed.worst[0].loss
    with in_language("ps"):
        assert said.loss_words(lost) == f"{LRI}9,00 ± 0,50{PDI}"  # the figures keep their order
        assert said.loss_words(lost) in button and escape(said.loss_words(lost)) in view.table.value
