"""Why a reviewed decision's best move is better (gintrainer/replay/why.py): every claim of every sentence of
every reviewed decision, over a few hundred hands the computer players played, re-derived here the slow and
obvious way (tests/brute.py shares no code with the engine) from what the deciding seat could see.

The review's judge is :class:`ShuffledJudge`: the evaluator's own candidates in a seeded arbitrary order, so
that the sentences are checked for whichever move comes out best, not only for the moves a strong judge
prefers; a few reviews with the real evaluator on a few sampled deals follow."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

import pytest

import brute
from fake_judge import FakeJudge, ShuffledJudge
from gintrainer import Hand, Rules
from gintrainer.engine.cards import Card
from gintrainer.engine.duel import play_hand
from gintrainer.engine.evaluate import Judgement, move_key
from gintrainer.engine.hand import ActionKind, Phase
from gintrainer.engine.melds import mask_min_deadwood
from gintrainer.engine.roster import make_player
from gintrainer.material.messages import Message, render
from gintrainer.replay import examples
from gintrainer.replay.review import DecisionKind, HandReview, ReviewError, review
from gintrainer.replay.scripts import stacked
from gintrainer.words.language import LANGUAGES

HANDS = 120
"""Hands played for the claims test (each reviewed for both seats)."""
PAIRS = (("naive", "lookahead"), ("lookahead", "naive"), ("random", "naive"), ("naive", "naive"))
"""Who plays the hands: a random player makes the moves a strong judge would never call best."""


# -- the slow, obvious side -------------------------------------------------------------------------------


def _i(card: Card) -> int:
    return card.index


@cache
def least(cards: frozenset[int]) -> int:
    return brute.brute_min_deadwood(cards)


def least_after_throw(cards: frozenset[int], keep: int) -> int:
    """The least deadwood of ``cards`` less one card (not ``keep``), from one pass over the arrangements of
    them all: an arrangement's deadwood less its highest deadwood card that may go (a card thrown from a meld
    leaves an arrangement with it as deadwood)."""
    found = []
    for _, dead in brute.arrangements(cards):
        may_go = [brute.value(card) for card in dead if card != keep]
        if may_go:
            found.append(brute.points(dead) - max(may_go))
    return min(found)


def would_meld(card: int, kept: frozenset[int]) -> bool:
    """Whether ``card`` is in a meld with some of ``kept``: two more of its rank, or two of its suit next to it
    in a row of three (below it, around it or above it)."""
    r, s = brute.rank(card), brute.suit(card)
    if sum(brute.rank(c) == r for c in kept) >= 2:
        return True
    return any(all(1 <= r + d <= 13 and brute.make(r + d, brute.SUITS[s]) in kept for d in pair)
               for pair in ((-2, -1), (-1, 1), (1, 2)))


def expected_after_draw(held: frozenset[int], unseen: frozenset[int]) -> Fraction:
    """The deadwood left on average after drawing an unseen card and throwing the best of the eleven, each unseen
    card as likely: the plain definition, card by card, on the engine's least deadwood (itself checked against
    the brute force in tests/test_melds_property.py; the brute force of every draw would take minutes)."""
    total = 0
    for card in unseen:
        eleven = sum(1 << c for c in held | {card})
        total += min(mask_min_deadwood(eleven & ~(1 << throw)) for throw in held | {card})
    return Fraction(total, len(unseen))


def fits(card: int, melds: list[frozenset[int]]) -> bool:
    return any(brute.is_meld(meld | {card}) for meld in melds if card not in meld)


def sight(position: Hand, seat: int) -> tuple[frozenset[int], frozenset[int]]:
    """What ``seat`` holds and the cards it has not seen in ``position``, walked from the actions: the pile,
    the cards the opponent took and has not thrown, the knocker's melds and deadwood once shown, its own knock
    card."""
    pile, known = [position.upcard], set()
    for who, action in position.actions:
        if action.kind is ActionKind.TAKE:
            card = pile.pop()
            if who != seat:
                known.add(card)
        elif action.kind is ActionKind.DISCARD:
            assert action.card is not None
            pile.append(action.card)
            known.discard(action.card)
    held = {_i(c) for c in position.held(seat)}
    seen = held | {_i(c) for c in pile} | {_i(c) for c in known}
    if position.knocker == seat and position.knock_card is not None:
        seen.add(_i(position.knock_card))
    if position.knocker is not None and position.knocker != seat:  # the defender: the knocker's cards shown
        seen |= {_i(c) for meld in position.table_melds for c in meld} | {_i(c) for c in position.unlaid(1 - seat)}
    return frozenset(held), frozenset(range(52)) - seen


GOING_OUT = {ActionKind.KNOCK: "why_play_on_not_knock", ActionKind.GIN: "why_play_on_not_out",
             ActionKind.BIG_GIN: "why_play_on_not_out"}
"""A discard's sentence when the other move of its decision goes out: it says the discard plays on instead."""


def check_move(message: Message, position: Hand, seat: int, move: tuple, other: tuple) -> Fraction:
    """Every figure ``message`` states about ``move`` (of ``seat`` in ``position``; ``other``: the decision's
    other move), re-derived; returns the move's deadwood (expected, for a draw) for the closing sentence."""
    held, unseen = sight(position, seat)
    first = move[0]
    kind = first.kind
    rules = position.rules
    name = message.name
    if position.phase in (Phase.UPCARD, Phase.DRAW):
        if kind is ActionKind.TAKE:
            assert position.top_discard is not None
            top = _i(position.top_discard)
            assert name == "why_take" and _i(message["card"]) == top
            assert message["deadwood"] == least_after_throw(held | {top}, keep=top)
            return Fraction(message["deadwood"])
        if kind is ActionKind.PASS:
            assert name == "why_pass" and message["deadwood"] == least(held)
            return Fraction(message["deadwood"])
        assert kind is ActionKind.DRAW and name == "why_draw" and message["unseen"] == len(unseen)
        expected = expected_after_draw(held, unseen)
        assert message["expected"] == expected
        return expected
    if position.phase is Phase.DISCARD:
        if kind is ActionKind.BIG_GIN:
            assert name == "why_big_gin" and message["bonus"] == rules.big_gin_bonus and least(held) == 0
            return Fraction(0)
        card = _i(first.card)
        kept = held - {card}
        assert _i(message["card"]) == card
        if kind is ActionKind.GIN:
            assert name == "why_gin" and message["bonus"] == rules.gin_bonus and least(kept) == 0
            return Fraction(0)
        assert message["deadwood"] == least(kept) and message["unseen"] == len(unseen)
        if kind is ActionKind.KNOCK:
            assert name == "why_knock"
            melds = [frozenset(_i(c) for c in meld) for meld in message["layout"]]
            laid = frozenset().union(*melds)
            assert all(brute.is_meld(m) for m in melds) and sum(map(len, melds)) == len(laid) and laid <= kept
            assert brute.points(kept - laid) == message["deadwood"]
            assert message["fits"] == sum(fits(u, melds) for u in unseen)
        else:  # a discard: beside a knock or gin, it plays on instead, and says so
            assert kind is ActionKind.DISCARD and name == GOING_OUT.get(other[0].kind, "why_discard")
            assert message["outs"] == sum(would_meld(u, kept) for u in unseen)
        return Fraction(message["deadwood"])
    melds = [frozenset(_i(c) for c in a.cards) for a in move if a.kind is ActionKind.MELD]
    layoffs = {_i(a.card) for a in move if a.kind is ActionKind.LAYOFF}
    stated = [frozenset(_i(c) for c in meld) for meld in message.get("layout", ())]
    assert sorted(map(sorted, stated)) == sorted(map(sorted, melds)) and all(brute.is_meld(m) for m in melds)
    left = brute.points(held - frozenset().union(*melds, layoffs))
    assert message["deadwood"] == left
    if position.phase is Phase.KNOCKER_LAYOUT:
        assert name == "why_knocker_layout" and message["unseen"] == len(unseen)
        assert message["fits"] == sum(fits(u, melds) for u in unseen)
        return Fraction(left)
    assert {_i(c) for c in message.get("layoff_cards", ())} == layoffs
    assert name == {(True, True): "why_defender", (True, False): "why_defender_melds",
                    (False, True): "why_defender_layoffs", (False, False): "why_defender_nothing"}[
        bool(melds), bool(layoffs)]
    knocker = position.knocker
    assert knocker is not None
    assert message["knocker_deadwood"] == brute.points({_i(c) for c in position.unlaid(knocker)})
    return Fraction(left)


def check_decision(hand: Hand, seat: int, decision) -> set[str]:
    """Every claim of ``decision``'s sentences; the names of its messages."""
    if move_key(decision.made) == move_key(decision.best):
        assert decision.why == () and decision.reason == ""
        return set()
    position = hand.prefix(decision.before)
    assert position.to_act == seat
    best, made, *rest = decision.why
    best_figure = check_move(best, position, seat, decision.best, decision.made)
    made_figure = check_move(made, position, seat, decision.made, decision.best)
    closing = position.phase is not Phase.DEFENDER_LAYOUT and made_figure <= best_figure
    assert [m.name for m in rest] == (["why_not_by_deadwood"] if closing else [])
    return {m.name for m in decision.why}


def played_hands(count: int) -> list[Hand]:
    hands = []
    for number in range(count):
        a, b = PAIRS[number % len(PAIRS)]
        rules = Rules() if number % 5 else Rules.preset("modern")
        deal = Hand.deal(rules, seed=f"why-{number}", dealer=number % 2)
        hand, *_ = play_hand((make_player(a), make_player(b)), deal.deck, deal.dealer, rules, f"why-{number}")
        hands.append(hand)
    return hands


# -- the claims ---------------------------------------------------------------------------------------------


def test_every_claim_of_every_review_sentence_holds_over_hundreds_of_played_hands():
    said: set[str] = set()
    kinds: dict[DecisionKind, int] = dict.fromkeys(DecisionKind, 0)
    checked = 0
    for number, hand in enumerate(played_hands(HANDS)):
        for seat in (0, 1):
            reviewed = review(hand, seat, samples=5, seed=number, judge=ShuffledJudge(number))
            for decision in reviewed.decisions:
                names = check_decision(hand, seat, decision)
                said |= names
                if names:
                    checked += 1
                    kinds[decision.kind] += 1
    assert checked > 1000 and all(kinds.values()), kinds
    from gintrainer.material.messages import REVIEW_MESSAGES
    rare = {"why_big_gin"}  # eleven cards in melds: checked on its own below
    assert said == set(REVIEW_MESSAGES) - rare, set(REVIEW_MESSAGES) - rare - said  # each said and checked


def test_a_reason_reads_only_what_the_seat_could_see():
    """The cards a seat has not seen dealt otherwise behind the same play (up to the defender's layout, which
    shows the defender's cards): the same reasons, word for word."""
    import random

    from decks import twin
    told = 0
    for number, hand in enumerate(played_hands(10)):
        done = [i for i, (who, action) in enumerate(hand.actions) if action.kind is ActionKind.DONE]
        position = hand.prefix(done[0] + 1 if done else len(hand.actions))
        for seat in (0, 1):
            judge = ShuffledJudge(number)
            reviewed = review(position, seat, samples=2, judge=judge)
            other = twin(position, seat, random.Random(number))
            assert other.deck != position.deck or not other.stock_count
            assert review(other, seat, samples=2, judge=judge) == reviewed
            told += sum(bool(d.why) for d in reviewed.decisions)
    assert told > 50


def test_the_best_move_made_needs_no_reason():
    hand, seat = _example("knock")
    reviewed = review(hand, seat, judge=FakeJudge())
    assert reviewed.decisions and all(d.why == () and d.reason == "" for d in reviewed.decisions)


def test_a_reason_speaks_of_the_best_move_first_then_the_move_made():
    """A take the judge prefers to the draw made: the take's deadwood, then the draw's expectation."""
    hand, seat = _example("dead_hand")
    reviewed = review(hand, seat, samples=3, judge=first_by(ActionKind.TAKE))
    decision = next(d for d in reviewed.decisions if d.made[0].kind is ActionKind.DRAW)
    assert decision.best[0].kind is ActionKind.TAKE
    assert [m.name for m in decision.why[:2]] == ["why_take", "why_draw"]
    top = hand.prefix(decision.before).top_discard
    assert decision.reason.startswith(f"Taking {top} leaves {decision.why[0]['deadwood']} deadwood after the best "
                                      "discard. Drawing from the stock leaves ")
    check_decision(hand, seat, decision)


def test_a_discard_better_than_the_knock_made_says_to_play_on_instead():
    """A knock the judge finds worse than a discard: the reason and the review's best move say that the discard
    plays on instead of knocking, not a bare "discard 9♣" (which could read as the knock's discard)."""
    from gintrainer.replay import review_words as said
    hand, seat = _example("knock")
    reviewed = review(hand, seat, samples=2, judge=first_by(ActionKind.DISCARD))
    decision = next(d for d in reviewed.decisions if d.made[0].kind is ActionKind.KNOCK)
    assert decision.best[0].kind is ActionKind.DISCARD and check_decision(hand, seat, decision)
    card = decision.best[0].card
    assert [m.name for m in decision.why[:2]] == ["why_play_on_not_knock", "why_knock"]
    assert decision.reason.startswith(f"Playing on instead of knocking: discarding {card} leaves "
                                      f"{decision.why[0]['deadwood']} deadwood, and ")
    assert said.best_words(decision) == f"play on: discard {card}" == said.decision_cells(decision)[3]
    other = next(d for d in reviewed.decisions if d.made[0].kind is not ActionKind.KNOCK and d.why)
    assert not said.best_words(other).startswith("play on")  # a discard beside a discard is a discard


def first_by(kind: ActionKind):
    """A judge that ranks the moves as :class:`ShuffledJudge` does, but a move of ``kind`` first."""
    shuffled = ShuffledJudge()

    def judging(position, *, samples=1, seed=0, include=()):
        judged = shuffled(position, samples=samples, seed=seed, include=include)
        moves = sorted(judged.moves, key=lambda move: move[0].kind is not kind)
        return Judgement(seat=judged.seat, phase=judged.phase, moves=tuple(moves), values=judged.values,
                         losses=judged.losses)
    return judging


def test_big_gin_over_gin_says_both_bonuses():
    """Eleven cards in melds under big gin: going gin instead loses the big gin bonus (no played hand of the
    claims test went big gin)."""
    rules = Rules.preset("modern")
    hand = Hand.deal(rules, dealer=0, deck=stacked("AC 2C 3C 4C 5D 6D 7D 8H 9H TH", "KS QS JS TS 9S 8S 7S 6S 5S 4S",
                                                   "JH"))
    hand.apply("take")
    hand.apply("gin 4C")
    reviewed = review(hand, 1, samples=2, judge=first_by(ActionKind.BIG_GIN))
    decision = reviewed.decisions[-1]
    assert decision.best[0].kind is ActionKind.BIG_GIN and decision.made[0].kind is ActionKind.GIN
    assert [m.name for m in decision.why] == ["why_big_gin", "why_gin", "why_not_by_deadwood"]
    assert decision.why[0]["bonus"] == rules.big_gin_bonus != rules.gin_bonus == decision.why[1]["bonus"]
    assert check_decision(hand, 1, decision)
    assert decision.reason == (f"Going big gin scores the big gin bonus of {rules.big_gin_bonus} and allows no "
                               f"lay-offs. Going gin, discarding 4♣ face down, scores the gin bonus of "
                               f"{rules.gin_bonus} and allows no lay-offs. By deadwood alone the move made does as "
                               "well or better: the difference is in how the rest of the hand plays out, as the "
                               "evaluator finds from the player's view.")


def _example(name: str) -> tuple[Hand, int]:
    replay = examples()[name]
    assert replay.featured is not None
    return replay.hand, replay.featured


@pytest.mark.parametrize("name", ["knock", "take_and_knock"])
def test_the_real_evaluator_s_reasons_hold(name):
    """The evaluator itself on a few sampled deals: each decision it finds a better move for says why, truly."""
    hand, _ = _example(name)
    told = 0
    for seat in (0, 1):
        for decision in review(hand, seat, samples=12, seed=3).decisions:
            told += bool(check_decision(hand, seat, decision))
    assert told


# -- in the record, in words ----------------------------------------------------------------------------------


def test_the_reasons_round_trip_through_the_record():
    hand, seat = _example("dead_hand")
    reviewed = review(hand, seat, samples=3, judge=ShuffledJudge(1))
    record = json.loads(json.dumps(reviewed.to_dict()))
    told = [d for d in record["decisions"] if "why" in d]
    assert told and all(d["made"] != d["best"] for d in told)
    assert all("why" not in d for d in record["decisions"] if d["made"] == d["best"])
    assert HandReview.from_dict(record) == reviewed


def test_a_record_without_reasons_still_loads_and_bad_reasons_are_refused():
    hand, seat = _example("dead_hand")
    record = review(hand, seat, samples=3, judge=ShuffledJudge(1)).to_dict()
    told = next(i for i, d in enumerate(record["decisions"]) if "why" in d)
    old = json.loads(json.dumps(record))
    del old["decisions"][told]["why"]
    assert HandReview.from_dict(old).decisions[told].why == ()
    for bad in ("a reason", [["why_take", {"card": "7H"}]], [["no_such_sentence", {}]]):
        broken = json.loads(json.dumps(record))
        broken["decisions"][told]["why"] = bad
        with pytest.raises(ReviewError) as caught:
            HandReview.from_dict(broken)
        assert caught.value.field == "decisions"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_is_said_in_every_language(lang):
    """Each sentence of a review's reasons, with its figures, in the four languages (a translation with other
    values would fail to render)."""
    from gintrainer.material.messages import CATALOG, REVIEW_MESSAGES
    hand, seat = _example("knock")
    said = [m for s in (0, 1) for d in review(hand, s, samples=3, judge=ShuffledJudge(2)).decisions
            for m in d.why]
    assert said
    for message in said:
        text = render(message, lang)
        assert text and "{" not in text
        if lang != "en":
            assert text != render(message, "en")
    assert all(name in CATALOG for name in REVIEW_MESSAGES)
