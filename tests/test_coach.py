"""The beginner coach held to the engine: over hundreds of positions from played hands
(random deals and meld-rich ones, several rules), the move it advises is legal and the
solver's best, and every sentence's claim holds, checked from the definitions (melds of
three cards, the least deadwood, the knock limit in force, the unseen cards)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import pytest

from decks import stacked_deck
from gintrainer import DECK, Hand, Rules
from gintrainer.engine.cards import Card
from gintrainer.engine.hand import Action, ActionKind, Phase
from gintrainer.engine.melds import is_meld, min_deadwood, near_melds
from gintrainer.engine.solver import discard_table_for, slow_expected_deadwood, take_or_draw
from gintrainer.engine.view import SeatView
from gintrainer.replay.annotate import alternative
from gintrainer.trainers.coach import FEW_CARDS, SAFETY_MARGIN, Coaching, CoachMode, Remark, coach_mode, coaching
from gintrainer.words.errors import GinError
from strategies import meld_rich_hand

NAME = "Ben"
RULES = (Rules(), Rules.preset("standard", straight_gin=True), Rules.preset("standard", oklahoma=True),
         Rules.preset("standard", big_gin=True), Rules.preset("modern"))


def cards_of(indices) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in indices)


def rich_deck(rng: random.Random) -> tuple[Card, ...]:
    """A deck dealing two meld-rich hands, the rest shuffled."""
    first = cards_of(meld_rich_hand(rng, 10))
    rest = [c for c in DECK if c not in first]
    pool = [i for i in meld_rich_hand(rng, 12) if Card.from_index(i) not in first]
    second = list(cards_of(pool))[:10]
    second += rng.sample([c for c in rest if c not in second], 10 - len(second))
    others = [c for c in rest if c not in second]
    rng.shuffle(others)
    return stacked_deck(first, second, others[0], stock=others[1:])


def positions(count: int, seed: int):
    """Positions of played hands where the seat to act draws or discards: half the hands
    on meld-rich deals, under several rules; each move either the coach's advice or a
    random legal one (the opponent taking from the pile now and then)."""
    rng = random.Random(seed)
    found = 0
    hand_number = 0
    while found < count:
        rules = RULES[hand_number % len(RULES)]
        deck = rich_deck(rng) if hand_number % 2 else None
        hand = Hand.deal(rules, dealer=rng.randrange(2), deck=deck, seed=None if deck else rng.randrange(10**9))
        hand_number += 1
        while not hand.is_over and found < count:
            seat = hand.to_act
            assert seat is not None  # the hand is not over
            if hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
                advice = coaching(hand, seat, NAME)
                assert advice is not None  # a seat to act at a decision is always coached
                yield hand.copy(), seat, advice
                found += 1
                legal = hand.legal_actions()
                if rng.random() < 0.5:
                    action = advice.action
                else:
                    plain = [a for a in legal if a.kind in (ActionKind.DISCARD, ActionKind.TAKE, ActionKind.DRAW,
                                                            ActionKind.PASS)]
                    action = rng.choice(plain or legal)
                hand.apply(action)
            else:
                hand.apply(Action(ActionKind.AUTO) if any(a.kind is ActionKind.AUTO for a in hand.legal_actions())
                           else hand.legal_actions()[0])


def melds_with(card: Card, others, pool) -> list[Card]:
    """The cards of ``pool`` that make a meld of three with ``card`` and one of ``others``."""
    return [u for u in pool if u is not card and any(is_meld((card, o, u)) for o in others if o not in (card, u))]


def deadwood_in_engine(card: Card, cards) -> bool:
    """Leaving ``card`` out of a best arrangement costs nothing: it is deadwood in one."""
    rest = [c for c in cards if c is not card]
    return min_deadwood(rest) + card.value == min_deadwood(cards)


def gin_cards(kept, unseen) -> list[Card]:
    return [u for u in unseen if any(min_deadwood([c for c in (*kept, u) if c is not t]) == 0 for t in (*kept, u))]


@dataclass
class Seen:
    """A position as the seat to act sees it, and the coach's advice there."""

    hand: Hand
    view: SeatView
    advice: Coaching

    @property
    def held(self) -> tuple[Card, ...]:
        return self.view.hand

    @property
    def said(self) -> dict[str, dict]:
        return {r.key: dict(r.values) for r in self.advice.remarks}

    @property
    def kept(self) -> list[Card]:
        return [c for c in self.held if c is not self.advice.action.card]


def check_draw(p: Seen) -> None:
    hand, held, said = p.hand, p.held, p.said
    if not any(a.kind is ActionKind.TAKE for a in hand.legal_actions()):
        assert p.advice.action == Action(ActionKind.DRAW) and set(said) == {"draw", "forced_draw"}
        assert hand.phase is Phase.DRAW and hand.history == ("pass", "pass")  # both passed on the upcard
        return
    top = hand.top_discard
    assert top is not None  # a card is on offer
    takes = {d: min_deadwood([c for c in held if c is not d] + [top]) for d in held}
    take, now = min(takes.values()), min_deadwood(held)
    draw = slow_expected_deadwood(held, p.view.unseen)
    keep = alternative(hand, p.view.seat) == "keep"
    assert (p.advice.action.kind is ActionKind.TAKE) == (take < (Fraction(now) if keep else draw))  # the notes' measure
    if not keep:  # the take-or-draw puzzles' answer: the same choice (a tie is a refusal)
        answer = take_or_draw(held, discard_pile=p.view.discard_pile, rules=hand.rules,
                              opponent_known=p.view.opponent_known,
                              upcard=p.view.upcard if hand.rules.oklahoma else None)
        assert (answer.choice == "take") == (p.advice.action.kind is ActionKind.TAKE)
    assert all(v["card"] is top for v in said.values() if "card" in v)
    if "take_lowers" in said:
        v = said["take_lowers"]
        assert (v["now"], v["take"]) == (now, take) == (now, takes[v["discard"]]) and take < now
        kept = [c for c in held if c is not v["discard"]] + [top]
        for kind in ("adds", "run", "set"):
            meld = said.get(f"take_{kind}", {}).get("meld")
            if meld is not None:
                assert top in meld and is_meld(meld) and set(meld) <= set(kept)
                assert is_meld([c for c in meld if c is not top]) == (kind == "adds")
                assert kind == "adds" or (len({c.suit for c in meld}) == 1) == (kind == "run")
    if "stock_average" in said:
        assert said["stock_average"]["draw"] == draw and not keep
    if "fits_nothing" in said:
        assert melds_with(top, held, [top]) == []
    if "take_no_lower" in said:
        assert keep and (said["take_no_lower"]["take"], said["take_no_lower"]["now"]) == (take, now) and take >= now
    if "take_or_stock" in said:
        v = said["take_or_stock"]
        assert not keep and (v["take"], v["draw"]) == (take, draw) and take >= draw
    assert set(said) <= {"take", "take_upcard", "pass", "draw_instead", "fits_nothing", "take_lowers", "take_adds",
                         "take_run", "take_set", "stock_average", "take_no_lower", "take_or_stock"}


def check_big_gin(p: Seen) -> None:
    said, rules = p.said, p.hand.rules
    assert p.advice.action.kind is ActionKind.BIG_GIN
    melds = said["big_gin_melds"]["melds"]
    assert sorted(c.index for m in melds for c in m) == sorted(c.index for c in p.held)
    assert all(is_meld(m) for m in melds) and said["big_gin_bonus"]["bonus"] == rules.big_gin_bonus
    assert said["big_gin"]["count"] == len(p.held) == 11


def check_out(p: Seen, knocking: list[Card]) -> None:
    said, kept, limit, action = p.said, p.kept, p.hand.knock_limit, p.advice.action
    least = min(min_deadwood([x for x in p.held if x is not c]) for c in knocking)
    assert action.kind in (ActionKind.KNOCK, ActionKind.GIN) and min_deadwood(kept) == least
    assert (action.kind is ActionKind.GIN) == (least == 0)
    if least == 0:
        melds = said["gin_melds"]["melds"]
        assert sorted(c.index for m in melds for c in m) == sorted(c.index for c in kept)
        assert all(is_meld(m) for m in melds) and said["gin_bonus"]["bonus"] == p.hand.rules.gin_bonus
        return
    assert said["can_knock"] == {"deadwood": least, "limit": limit} and least <= limit
    gins = gin_cards(kept, p.view.unseen)
    assert said.get("gin_one_away") == ({"n": len(gins), "unseen": len(p.view.unseen)} if gins else None)


def check_why(p: Seen, key: str, v: dict) -> None:
    """The sentence that says why this card goes."""
    card, held, unseen, forbidden = p.advice.action.card, p.held, p.view.unseen, p.view.forbidden
    assert v["card"] is card
    if key in ("highest_loose", "loose"):
        assert deadwood_in_engine(card, held) and melds_with(card, held, unseen) == []
        loose = [c for c in held
                 if c is not forbidden and deadwood_in_engine(c, held) and not melds_with(c, held, unseen)]
        assert (card.value == max(c.value for c in loose)) or key == "loose"
    elif key == "spare":
        assert card in v["meld"] and is_meld(v["meld"]) and is_meld([c for c in v["meld"] if c is not card])
        assert set(v["meld"]) <= set(held)
    elif key == "outs":
        kept = p.kept
        after = min_deadwood(kept)
        lower = [u for u in unseen
                 if min(min_deadwood([c for c in (*kept, u) if c is not t]) for t in (*kept, u)) < after]
        assert v == {"card": card, "n": len(lower), "unseen": len(unseen)}


def check_keep(p: Seen, key: str, v: dict) -> None:
    _, kind, count = key.split("_")
    pair = (v["first"], v["second"])
    assert set(pair) <= set(p.kept) and all(deadwood_in_engine(c, p.kept) for c in pair)
    named = {v["card"], v["other"]}
    assert len(named) == int(count) and named == {u for u in p.view.unseen if is_meld((*pair, u))}
    assert (pair[0].rank == pair[1].rank) == (kind == "set")


def check_warning(p: Seen, key: str, v: dict) -> None:
    view = p.view
    kind = key.rsplit("_", 1)[1]
    risky = v["risky"] if key.startswith("safe_") else v["card"]
    taken = v["taken"]
    assert v["name"] == NAME and taken in view.opponent_known and risky in p.held
    assert (risky is p.advice.action.card) == key.startswith("feeds_")
    thirds = [w for w in DECK if w not in p.held and w not in view.discard_pile and w is not taken
              and is_meld((risky, taken, w))]
    assert thirds and (risky.rank == taken.rank) == (kind == "set")


def feeds_opponent(p: Seen, card: Card) -> bool:
    """``card`` makes a meld of three with a card the opponent took and one the seat has not seen."""
    held, view = p.held, p.view
    return any(card in n.cards and any(w not in held and w not in view.discard_pile for w in n.wanted)
               for n in near_melds((card, *view.opponent_known)))


def check_risk(p: Seen) -> None:
    """One discard advised, the risk weighed: the solver's best unless all of them could feed
    the opponent; then the cheapest safe discard if it costs at most the margin, else the best
    with the reason it is still the choice. No warning is left undecided."""
    table = discard_table_for(p.view)
    card, said = p.advice.action.card, p.said
    assert card is not None  # the advice at a discard names its card
    best = table.best()
    least = best[0].expected_deadwood
    safe = [r for r in table.rows if not feeds_opponent(p, r.card)]
    cheapest = min((r.expected_deadwood for r in safe), default=None)
    decided = {key for key in said if key.startswith(("safe_", "feeds_only_", "feeds_but_best_"))}
    assert not any(key.startswith("careful_") for key in said)
    if any(not feeds_opponent(p, r.card) for r in best):
        assert card in {r.card for r in best} and not feeds_opponent(p, card) and not decided
    elif cheapest is not None and cheapest - least <= SAFETY_MARGIN:
        assert not feeds_opponent(p, card) and table.row(card).expected_deadwood == cheapest
        kind = next(key for key in decided if key != "safe_cost")
        assert decided == {kind, "safe_cost"} and said[kind]["risky"] in {r.card for r in best}
        assert said["safe_cost"] == {"card": card, "risky": said[kind]["risky"], "name": NAME,
                                     "cost": cheapest - least}
    else:
        assert card in {r.card for r in best} and feeds_opponent(p, card) and len(decided) == 1
        v = said[next(iter(decided))]
        if cheapest is None:
            assert next(iter(decided)).startswith("feeds_only_")
        else:
            assert next(iter(decided)).startswith("feeds_but_best_") and v["cost"] == cheapest - least
            assert v["cost"] > SAFETY_MARGIN and table.row(v["safe"]).expected_deadwood == cheapest
            assert not feeds_opponent(p, v["safe"])
    for key, v in said.items():
        if key.startswith("do_not_throw_"):
            assert v["card"] is not card and not decided


def check_discard(p: Seen) -> None:
    view, held, limit = p.view, p.held, p.hand.knock_limit
    action = p.advice.action
    assert action.card is None or action.card is not view.forbidden  # the card just taken stays
    if p.hand.rules.big_gin and min_deadwood(held) == 0:
        return check_big_gin(p)
    knocking = [c for c in held if c is not view.forbidden and min_deadwood([x for x in held if x is not c]) <= limit]
    if knocking:
        return check_out(p, knocking)
    assert action.kind is ActionKind.DISCARD
    check_risk(p)
    after = min_deadwood(p.kept)
    for key, v in p.said.items():
        if key in ("highest_loose", "loose", "spare", "outs"):
            check_why(p, key, v)
        elif key.startswith("keep_"):
            check_keep(p, key, v)
        elif key.startswith(("safe_set", "safe_run", "feeds_only_", "feeds_but_best_", "do_not_throw_")):
            check_warning(p, key, v)
        elif key in ("deadwood_left", "gin_only"):
            assert v == {"deadwood": after, "limit": limit} and (0 < limit < after if key == "deadwood_left"
                                                                 else limit == 0 < after)
        else:
            assert key in ("discard", "safe_cost") and (key == "safe_cost" or v == {"card": action.card}), key


DECIMALS = re.compile(r"\d[.,]\d")
SHARE = re.compile(r"\d+ of the \d+")


def half_up(value: Fraction) -> int:
    return int((value + Fraction(1, 2)) // 1)


def plain_points(value: Fraction, less: str) -> str:
    """A difference of deadwood as the coach in words says it: ``less`` is "less" or "more"."""
    n = half_up(value)
    return f"a little {less}" if n == 0 else f"about {n} point{'s' if n != 1 else ''} {less}"


def check_plain(advice: Coaching) -> None:
    """The coach in words speaks in whole cards and plain comparisons: no decimals, no
    "n of the m unseen cards"; each rounded figure is the exact one rounded half up."""
    for remark in advice.remarks:
        text, v = remark.text(), cast(dict[str, Any], remark.values)
        assert not DECIMALS.search(text) and not SHARE.search(text), text
        if remark.key == "stock_average":
            assert plain_points(v["draw"] - v["take"], "more") in text, text
        elif remark.key == "take_or_stock":
            assert (v["take"] == v["draw"] and "leaves as much" in text) or \
                plain_points(v["take"] - v["draw"], "less") in text, text
        elif remark.key == "safe_cost":
            assert plain_points(v["cost"], "more") in text, text
        elif remark.key.startswith("feeds_but_best_"):
            assert f"about {half_up(v['cost'])} points more" in text, text
        elif remark.key == "gin_one_away":
            assert f"{v['n']} card{'s' if v['n'] != 1 else ''} you could draw" in text, text
        elif remark.key == "outs":
            assert share_words(v["n"], v["unseen"]) in text, text


def share_words(n: int, unseen: int) -> str:
    """How the coach in words says ``n`` of the ``unseen`` cards."""
    if n <= FEW_CARDS:
        return f"{n} card{'s' if n != 1 else ''} you could draw"
    if n == unseen:
        return "any card you could draw"
    if 2 * n > unseen:
        return "most of the cards you could draw"
    return f"about 1 card in {half_up(Fraction(unseen, n))} that"


def check(hand: Hand, seat: int, advice: Coaching | None) -> None:
    assert advice is not None and advice.action in hand.legal_actions()
    assert advice.remarks and all(remark.text() for remark in advice.remarks)
    check_plain(advice)
    seen = Seen(hand, SeatView.of(hand, seat), advice)
    if hand.phase is Phase.DISCARD:
        check_discard(seen)
    else:
        check_draw(seen)


@pytest.mark.parametrize("seed", range(4))
def test_every_advice_is_legal_the_solver_s_best_and_every_claim_holds(seed):
    said: set[str] = set()
    for hand, seat, advice in positions(150, seed):
        check(hand, seat, advice)
        said.update(r.key for r in advice.remarks)
    assert {"take_lowers", "fits_nothing", "discard", "highest_loose", "deadwood_left", "knock",
            "can_knock"} <= said


def test_over_all_positions_every_kind_of_sentence_is_checked():
    said: set[str] = set()
    for hand, seat, advice in positions(700, 99):
        check(hand, seat, advice)
        said.update(r.key for r in advice.remarks)
    assert {"keep_run_2", "keep_set_2", "keep_run_1", "outs", "gin_only", "take_run", "take_set",
            "take_or_stock", "take_no_lower", "stock_average", "gin", "gin_melds", "gin_bonus", "forced_draw",
            "do_not_throw_set", "gin_one_away"} <= said


def deal(non_dealer: str, dealer: str, upcard: str, stock: str = "", rules: Rules | None = None,
         actions=()) -> Hand:
    hand = Hand.deal(rules or Rules(), dealer=1, deck=stacked_deck(non_dealer, dealer, upcard, stock=stock))
    for action in actions:
        hand.apply(action)
    return hand


def test_taking_a_card_that_makes_a_set_says_so():
    hand = deal("5C 5H 2D 3S 9C JD QS KH 4H 7D", "AC AD 2C 3C 6S 8S TD TH 9S KC", "5D")
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert advice.action == Action(ActionKind.TAKE)
    assert advice.sentences()[:2] == ("Take the upcard, 5♦.", "Taking 5♦ makes a set: 5♣ 5♦ 5♥.")


def test_the_card_just_taken_is_never_advised_as_the_discard():
    # K♠ taken makes a run of three with Q♠ J♠; it is the highest card, yet it may not go back
    hand = deal("JS QS 2D 3H 9C 5D 8H 4C 7D TC", "AC AD 2C 3C 6S 8S TD TH 9S KC", "KS", actions=["take"])
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert advice.action.kind is ActionKind.DISCARD and advice.action.card != Card(13, "S")


def test_a_knock_names_its_deadwood_and_the_limit_in_force():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD", actions=["take"])
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert str(advice.action) == "knock 5D"
    assert "You can knock now with 1 deadwood: the knock limit is 10." in advice.sentences()


def test_gin_and_big_gin_are_advised_with_their_melds_and_bonus():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "5C", actions=["take"])
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert str(advice.action) == "gin 9D" and "Gin earns a bonus of 25 points." in advice.sentences()
    rules = Rules.preset("standard", big_gin=True)
    hand = deal("2C 3C 4C 5C 7H 7S 7D JS QS KS", "8C 9C TD JD 2H 4H 6S 8S KD QH", "6C", rules=rules,
                actions=["take"])
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert advice.action == Action(ActionKind.BIG_GIN)
    assert advice.sentences()[0] == "Go big gin: all 11 of your cards are in melds."


def test_a_card_the_opponent_took_is_named_before_a_card_that_could_feed_it():
    # the dealer took the 9♦ upcard (with 9♥ 9♠ still unseen by the learner), so 9♣ could make a set with it
    hand = deal("9C 2D 3D 4D 7S 8S 5H 6H JC KH", "9H 9S AC 2C 3C TD TH QS KC 4S", "9D", stock="AS",
                actions=["pass", "take", "discard KC", "draw"])
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert advice.action.card != Card(9, "C")
    assert ("Do not throw 9♣: Ben took 9♦ from the discard pile, and 9♣ could make a set with it."
            in advice.sentences())


def test_the_coach_reads_a_mode_a_word_or_a_version_1_flag():
    assert [coach_mode(v) for v in ("off", "Words", "TABLE", True, False)] == [
        CoachMode.OFF, CoachMode.WORDS, CoachMode.TABLE, CoachMode.TABLE, CoachMode.OFF]
    with pytest.raises(GinError, match="unknown coach 'loud'"):
        coach_mode("loud")


def test_no_advice_out_of_turn_or_in_a_layout():
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
    assert coaching(hand, 1, NAME) is None  # the non-dealer is offered the upcard first
    hand.apply("take")
    hand.apply("knock 5D")
    assert coaching(hand, 0, NAME) is None


def coached_discards(seed: int):
    """Every discard of a hand dealt from ``seed`` in which both seats follow the coach."""
    hand = Hand.deal(Rules(), seed=seed)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None  # a hand not over has a seat to act
        if hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            advice = coaching(hand, seat, NAME)
            assert advice is not None  # a seat to act at a decision is always coached
            if hand.phase is Phase.DISCARD:
                yield hand.copy(), seat, advice
            hand.apply(advice.action)
        else:
            hand.apply(Action(ActionKind.AUTO))


@pytest.mark.parametrize(("seed", "risky", "taken", "safe"), [(5017, "KC", "KD", "QH"), (5059, "TC", "TH", "9S")])
def test_a_best_discard_that_could_feed_the_opponent_gives_way_to_a_safe_one_that_costs_little(seed, risky, taken,
                                                                                                 safe):
    # the solver ranks the risky card first; the safe one costs K♣ 0.76, 10♣ 0.53 expected deadwood more
    def risky_first(position) -> bool:
        view = SeatView.of(position[0], position[1])
        return discard_table_for(view).rows[0].card.code() == risky and \
            taken in {c.code() for c in view.opponent_known}

    hand, seat, advice = next(filter(risky_first, coached_discards(seed)))
    table = discard_table_for(SeatView.of(hand, seat))
    check(hand, seat, advice)
    cost = table.row(safe).expected_deadwood - table.rows[0].expected_deadwood
    assert 0 < cost <= 1 and all(r.card.code() == risky for r in table.best())
    assert advice.action == Action(ActionKind.DISCARD, Card.parse(safe))
    risky_card, taken_card, safe_card = Card.parse(risky), Card.parse(taken), Card.parse(safe)
    sentences = advice.sentences()
    assert sentences[0] == f"Discard {safe_card}."
    assert (f"{risky_card} would be the best discard by the numbers, but {NAME} took {taken_card} from the discard "
            f"pile, and {risky_card} could make a set with it.") in sentences
    assert (f"Discarding {safe_card} instead leaves about 1 point more deadwood after your next draw, on average: a "
            f"small price for keeping {risky_card} from {NAME}.") in sentences
    assert not any(s.startswith(("Careful", f"Do not throw {safe_card}")) for s in sentences)


def test_over_many_seeds_no_advised_discard_is_followed_by_an_undecided_warning():
    said: set[str] = set()
    for seed in range(5000, 5040):
        for hand, seat, advice in coached_discards(seed):
            check(hand, seat, advice)
            said.update(r.key for r in advice.remarks)
    assert {"safe_set", "safe_cost", "do_not_throw_set"} <= said
    assert any(key.startswith("feeds_") for key in said)


@pytest.mark.parametrize(("values", "said"), [
    ({"n": 32, "unseen": 39}, "After discarding 9♦, most of the cards you could draw would lower your deadwood."),
    ({"n": 39, "unseen": 39}, "After discarding 9♦, any card you could draw would lower your deadwood."),
    ({"n": 13, "unseen": 39}, "After discarding 9♦, about 1 card in 3 that you could draw would lower your deadwood."),
    ({"n": 1, "unseen": 39}, "After discarding 9♦, 1 card you could draw would lower your deadwood."),
    ({"n": 4, "unseen": 5}, "After discarding 9♦, 4 cards you could draw would lower your deadwood."),
])
def test_the_coach_in_words_says_a_share_of_the_unseen_cards_in_plain_words(values, said):
    assert Remark("outs", {"card": Card.parse("9D"), **values}).text() == said


def test_the_coach_in_words_compares_a_take_with_the_stock_in_whole_points():
    # 9♠ taken lowers 62 to 34; the stock averages 2227/41 = 54.32: about 20 points more
    hand = deal("5H 6H 9C 9D 3S 4S 8C KC 6C 2D", "QH QS QD 2C 3C 4C TH JH 6D 7D", "9S", stock="KS 7H 5S")
    advice = coaching(hand, 0, NAME)
    check(hand, 0, advice)
    assert advice.remark("stock_average").values == {"draw": Fraction(2227, 41), "take": 34}
    assert "A card from the stock would leave about 20 points more deadwood, on average." in advice.sentences()
    assert not any("54" in sentence for sentence in advice.sentences())
    assert Remark("take_or_stock", {"card": Card.parse("KS"), "take": 36, "draw": Fraction(1153, 40)}).text() == \
        ("Taking K♠ would leave 36 deadwood after your best discard; a card from the stock leaves about 7 points "
         "less, on average.")
    assert Remark("take_or_stock", {"card": Card.parse("KS"), "take": 9, "draw": Fraction(43, 5)}).text() == \
        ("Taking K♠ would leave 9 deadwood after your best discard; a card from the stock leaves a little less, on "
         "average.")
