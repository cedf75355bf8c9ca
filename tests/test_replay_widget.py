"""The replayer widget, driven without a browser."""

import datetime as dt
import json
import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer import parse_cards  # noqa: E402
from gintrainer.replay import advice, dump, examples  # noqa: E402
from gintrainer.widgets.replay import ReplaysPage, ReplayView, advice_html  # noqa: E402
from gintrainer.words.language import t  # noqa: E402


def test_step_through_a_whole_hand_and_back():
    replay = examples()["chained_layoffs"]
    view = ReplayView(replay)
    stepper = view.stepper
    seen = [stepper.board.caption]
    while stepper.step < stepper.last:
        stepper.forward()
        seen.append(stepper.board.caption)
    assert stepper.step == replay.step_count and len(seen) == replay.step_count + 1
    line = escape(replay.hand.result.explain())
    assert (stepper.board.caption + stepper.board.frame).count(line) == 1  # the score line once, in the caption
    while stepper.step > 0:
        stepper.back()
    assert stepper.step == 0 and stepper.board.caption == seen[0]
    stepper.go(stepper.last)
    assert stepper.step == replay.step_count
    stepper.go(0)
    assert stepper.step == 0


def test_annotations_and_deadwood_show_at_their_steps():
    replay = examples()["gin"]
    view = ReplayView(replay)
    note = replay.annotations[0]
    view.stepper.go(note.step)
    assert t(note.comment)[:30].replace("'", "&#x27;") in view.stepper.board.frame
    state = replay.state(note.step)
    if len(state.held(0)) == 10:
        assert f"deadwood {state.deadwood(0)}" in view.stepper.board.frame


def test_one_players_view_hides_the_other_hand():
    replay = examples()["knock"]
    view = ReplayView(replay)
    view.stepper.go(1)
    both = view.stepper.board.frame.count('class="gt-card gt-back')
    view.view_choice.value = 1
    assert view.stepper.step == 1
    assert view.stepper.board.frame.count('class="gt-card gt-back') >= both + 10


def test_ask_the_solver_marks_the_played_move_and_its_cost():
    replay = examples()["take_and_knock"]
    view = ReplayView(replay)
    costly = next(k for k in range(replay.step_count) if advice(replay, k).table is not None
                  and advice(replay, k).cost)
    view.stepper.go(costly)
    view.ask_button.click()
    found = advice(replay, costly)
    assert f'<tr class="gt-is-played"><th scope="row">{found.played_row.card}<' in view.solver.value
    assert f"{float(found.cost):.2f} worse than the best" in view.solver.value
    view.stepper.go(view.stepper.last)
    view.ask_button.click()
    assert "hand is over" in view.solver.value
    assert advice_html(replay, 0)  # the first turn's take-or-pass numbers


def test_ask_the_solver_names_the_real_alternative_to_taking_the_upcard():
    # Offered the upcard, the non-dealer's alternative is to pass and then draw; the dealer's is to keep his hand.
    replay = examples()["both_pass"]
    first, second = advice_html(replay, 0), advice_html(replay, 1)
    assert "passing and then drawing from the stock expects" in first and "Ben holds 48 deadwood" in first
    assert "passing keeps 42" in second and "stock draw" not in second
    assert "Played: pass" in first
    later = advice_html(replay, 6)  # Ben's normal turn: the stock draw is the alternative
    assert "Ben to draw, holding 24 deadwood" in later and "a stock draw expects" in later


def test_better_moves_are_written_in_words_and_card_symbols():
    replay = examples()["take_and_knock"]
    view = ReplayView(replay)
    note = next(n for n in replay.annotations if n.better)
    view.stepper.go(note.step)
    assert note.better == "discard TC"
    assert "Better: discard 10♣" in view.stepper.board.frame and "discard TC" not in view.stepper.board.frame


def test_teacher_comments_are_edited_and_downloaded():
    view = ReplayView(examples()["dead_hand"])
    view.stepper.go(3)
    view.comment.value = "Ask the class: why pass?"
    view.save_comment.click()
    assert any(n.comment == "Ask the class: why pass?" for n in view.replay.annotations_at(3))
    assert "Ask the class" in view.stepper.board.frame
    assert 'download="' in view.download.value
    view.comment.value = ""
    view.save_comment.click()
    assert not [n for n in view.replay.annotations_at(3) if n.author == "teacher"]


def test_the_comment_box_holds_the_comment_as_shown_never_a_template():
    """A shipped example's comment is kept in English with its values named ({ben}, {review_best}): the box a
    teacher edits it in holds it as the page shows it, in the page's language with its values."""
    from gintrainer.words.language import in_language
    templated = 0
    for language in ("en", "tr"):
        with in_language(language):
            for name, replay in examples().items():
                view = ReplayView(replay)
                for note in (n for n in replay.annotations if n.author == "teacher"):
                    view.stepper.go(note.step)
                    shown = view.comment.value
                    assert shown and "{" not in shown and "}" not in shown, (name, note.step, shown)
                    templated += "{" in note.comment
                    if language == "tr" and "{" in note.comment:
                        assert shown != note.comment
    assert templated >= 10


def test_page_lists_examples_and_loads_a_file():
    page = ReplaysPage()
    names = [value for _, value in page.choice.options]
    assert len(names) >= 8
    page.choice.value = names[3]
    assert page.view.replay.title == examples()[names[3]].title
    good = dump(examples()["gin"]).encode()
    page.upload.value = ({"name": "gin.json", "type": "application/json", "size": len(good),
                          "content": memoryview(good), "last_modified": dt.datetime.now()},)
    assert page.view.replay.hand.result.kind == "gin" and not page.status.value
    record = json.loads(good)
    record["actions"][0] = "draw"  # the first turn starts with take or pass
    bad = json.dumps(record).encode()
    page.upload.value = ({"name": "bad.json", "type": "application/json", "size": len(bad),
                          "content": memoryview(bad), "last_modified": dt.datetime.now()},)
    assert "⚠" in page.status.value and "step 1" in page.status.value


def test_adding_the_solver_s_notes_keeps_the_teacher_s_and_replaces_the_solver_s():
    from gintrainer.replay import Replay, annotate
    replay = examples()["take_and_knock"]
    teacher = [a for a in replay.annotations if a.author != "solver"]
    view = ReplayView(Replay(replay.hand, teacher, title=replay.title))
    view.solver_notes.click()
    found = annotate(replay.hand, featured=None)
    assert view.replay.annotations == tuple(sorted(teacher + list(found), key=lambda a: a.step))
    view.solver_notes.click()  # again: the same notes, not twice
    assert len(view.replay.annotations) == len(teacher) + len(found) and found


def test_a_replaced_replay_is_closed_and_no_longer_redraws(monkeypatch):
    from ipywidgets.widgets.widget import _instances

    from gintrainer.widgets.base import settings

    page = ReplaysPage()
    names = list(page.examples)
    page.choice.value = names[1]
    page.choice.value = names[0]
    before, alive = settings.observer_count(), len(_instances)
    old = page.view
    for _ in range(3):
        for name in names[1:] + names[:1]:
            page.choice.value = name
    assert settings.observer_count() == before and len(_instances) == alive
    redraws = []
    monkeypatch.setattr(old.stepper, "refresh", lambda: redraws.append(old))
    frame, size = old.stepper.board.frame, settings.size
    try:
        settings.size = "large" if size != "large" else "small"
        assert redraws == [] and old.stepper.board.frame == frame and old.closed
        assert f"gt-{settings.size}" in page.view.stepper.board.frame
    finally:
        settings.size = size


def test_every_example_s_last_step_says_the_score_line_once():
    said = 0
    for name, replay in examples().items():
        view = ReplayView(replay)
        view.stepper.go(view.stepper.last)
        result = replay.hand.result
        if result is None:
            continue
        line = escape(result.explain())
        assert (view.stepper.board.caption + view.stepper.board.frame).count(line) == 1, name
        said += 1
    assert said


def test_the_deadwood_said_over_the_table_is_the_one_under_the_cards():
    """Once a seat's layout is done its deadwood is its cards left, lay-offs gone (the result's); while the knocker
    has not laid out, its cards are "not laid out yet", never a "deadwood" that adds up every card."""
    from gintrainer.engine.hand import Phase
    from gintrainer.material.drawing import words
    checked = 0
    for name, replay in examples().items():
        view = ReplayView(replay)
        names = view.stepper.steps.names
        hand = replay.hand
        result = hand.result
        if result is None or hand.knocker is None:
            continue
        view.stepper.go(view.stepper.last)
        said = view.stepper.board.frame
        knocker, defender = hand.knocker, 1 - hand.knocker
        assert f"{names[knocker]}: deadwood {result.knocker_deadwood}" in said, name
        assert f"{names[defender]}: deadwood {result.defender_deadwood}" in said, name
        knock = next(i for i, (_, a) in enumerate(hand.actions, start=1) if a.kind.value in ("knock", "gin"))
        view.stepper.go(knock)
        assert view.stepper.steps.state(knock).phase is Phase.KNOCKER_LAYOUT
        cards = sum(c.value for c in hand.prefix(knock).unlaid(knocker))
        assert escape(words("label_laid_deadwood", points=cards)) not in view.stepper.board.frame, name
        assert escape(words("label_not_laid_yet", points=cards)) in view.stepper.board.frame, name
        checked += 1
    assert checked >= 5


def test_a_dead_hand_ends_with_the_hands_in_their_melds_and_the_deadwood_said_over_the_table():
    """The dead-hand example's last step: nobody laid out, so each hand is shown as at the step before, in its
    melds (Ben's four nines a set) with its least deadwood, the number said over the table; every example hand
    or lesson demonstration that ends dead is drawn the same way (the hand's table, one function)."""
    from gintrainer.engine.melds import best_arrangement
    from gintrainer.material.drawing import deadwood_words, words
    replay = examples()["dead_hand"]
    hand = replay.hand
    assert hand.result.kind == "dead" and hand.knocker is None
    view = ReplayView(replay)
    names = view.stepper.steps.names
    view.stepper.go(view.stepper.last)
    frame = view.stepper.board.frame
    for seat in (0, 1):
        arrangement = best_arrangement(hand.held(seat))
        assert f"{names[seat]}: deadwood {arrangement.points}" in frame
        assert escape(deadwood_words(arrangement)) in frame
        assert escape(words("label_laid_deadwood", points=sum(c.value for c in hand.held(seat)))) not in frame
    groups = re.findall(r'<span class="gt-group"><span class="gt-row">(.*?)</span><span class="gt-caption">set<', frame)
    sets = [set(re.findall(r'title="([^"]+)"', group)) for group in groups]
    assert {str(c) for c in parse_cards("9C 9D 9H 9S")} in sets  # Ben's four nines, a set


def test_the_best_after_a_discard_counts_only_the_cards_the_rules_let_go():
    """A seat holding eleven cards is told its least deadwood after a discard it may make: the card just taken
    from the pile may not be thrown back this turn (a replay said 40 where the legal discards left 41)."""
    from gintrainer import min_deadwood
    from gintrainer.engine.hand import ActionKind, Hand
    from gintrainer.replay import Replay
    from gintrainer.widgets.replay import ReplaySteps
    hand = Hand.deal(seed=91)  # the first take there: throwing the card taken back would leave less
    taken = None
    while taken is None or len(hand.held(hand.to_act)) != 11:
        kinds = {a.kind for a in hand.legal_actions()}
        hand.apply("take" if ActionKind.TAKE in kinds else "draw" if ActionKind.DRAW in kinds else
                   next(str(a) for a in hand.legal_actions() if a.kind == ActionKind.DISCARD))
        taken = hand.taken_card
    held = hand.held(hand.to_act)
    legal = {a.card for a in hand.legal_actions() if a.kind == ActionKind.DISCARD}
    assert taken in held and taken not in legal
    best = min(min_deadwood([c for c in held if c is not card]) for card in legal)
    assert min_deadwood([c for c in held if c is not taken]) < best
    steps = ReplaySteps(Replay.from_hand(hand))
    assert f"best after a discard {best}" in steps.deadwood_html(len(hand.actions))
