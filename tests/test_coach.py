"""The beginner coach held to the engine: over hundreds of positions from played hands
(random deals and meld-rich ones, several rules), the move it advises is legal and the
solver's best, and every sentence's claim holds, checked from the definitions (melds of
three cards, the least deadwood, the knock limit in force, the unseen cards)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest

from decks import stacked_deck
from gintrainer import DECK, Hand, Rules
from gintrainer.cards import Card
from gintrainer.coach import Coaching, CoachMode, coach_mode, coaching
from gintrainer.errors import GinError
from gintrainer.hand import Action, ActionKind, Phase
from gintrainer.melds import is_meld, min_deadwood, near_melds
from gintrainer.replay.annotate import alternative
from gintrainer.solver import discard_table_for, slow_expected_deadwood, take_or_draw
from gintrainer.view import SeatView
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
    risky, taken = v["card"], v["taken"]
    assert v["name"] == NAME and taken in view.opponent_known and risky in p.held
    assert (risky is p.advice.action.card) == key.startswith("careful_")
    thirds = [w for w in DECK if w not in p.held and w not in view.discard_pile and w is not taken
              and is_meld((risky, taken, w))]
    assert thirds and (risky.rank == taken.rank) == (kind == "set")


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
    assert action.card in {r.card for r in discard_table_for(view).best()}  # ranked first or tied with the first
    after = min_deadwood(p.kept)
    for key, v in p.said.items():
        if key in ("highest_loose", "loose", "spare", "outs"):
            check_why(p, key, v)
        elif key.startswith("keep_"):
            check_keep(p, key, v)
        elif key.startswith(("careful_", "do_not_throw_")):
            check_warning(p, key, v)
        elif key in ("deadwood_left", "gin_only"):
            assert v == {"deadwood": after, "limit": limit} and (0 < limit < after if key == "deadwood_left"
                                                                 else limit == 0 < after)
        else:
            assert key == "discard" and v == {"card": action.card}, key
    def feeds(card: Card) -> bool:
        return any(card in n.cards and any(w not in held and w not in view.discard_pile for w in n.wanted)
                   for n in near_melds((card, *view.opponent_known)))

    assert feeds(action.card) == any(key.startswith("careful_") for key in p.said)
    if feeds(action.card):  # only when every best discard could feed the opponent
        assert all(feeds(r.card) for r in discard_table_for(view).best())


def check(hand: Hand, seat: int, advice: Coaching | None) -> None:
    assert advice is not None and advice.action in hand.legal_actions()
    assert advice.remarks and all(remark.text() for remark in advice.remarks)
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
