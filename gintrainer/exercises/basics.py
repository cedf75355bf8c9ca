"""Exercises of lessons 1 to 4: melds and deadwood, the deal, the first turn, a normal turn."""

from __future__ import annotations

from itertools import pairwise

from ..cards import DECK, Card, parse_cards, show_cards, sort_by_rank, sort_by_suit
from ..deals import (
    best_discards,
    deal,
    hand_with_melds,
    in_discard,
    others,
    sound_discard,
    take_goes_out,
    take_into_meld,
)
from ..drawing import deadwood_words, phase_words
from ..errors import GinError
from ..hand import ActionKind, Hand, Phase
from ..language import N_
from ..melds import MeldKind, all_best_arrangements, best_arrangement, meld_kind, min_deadwood
from ..view import acting_seat
from .core import (
    NAMES,
    Feedback,
    Panel,
    choice_checker,
    exercise_kind,
    more_or_less,
    number_checker,
    retry,
    throw_back,
    words,
)

# -- lesson 1: cards, values and melds ---------------------------------------------

MELD_CHOICES = ("A set", "A run", "Not a meld")


def why_not_set(cards) -> str | None:
    """Why some cards are not a set, in words (None when they are one)."""
    cards = parse_cards(cards)
    if len(cards) < 3:
        return "a meld needs at least three cards"
    if len({c.rank for c in cards}) > 1:
        return "a set is cards of one rank, and these ranks differ"
    if len(cards) > 4:
        return "a set has at most four cards"
    return None


def why_not_run(cards) -> str | None:
    """Why some cards are not a run, in words (None when they are one)."""
    cards = parse_cards(cards)
    ranks = sorted(c.rank for c in cards)
    if len(cards) < 3:
        return "a meld needs at least three cards"
    if len({c.suit for c in cards}) > 1:
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "the ranks follow on, but a run needs all its cards in one suit"
        return "a run needs all its cards in one suit"
    if 1 in ranks and 13 in ranks:
        return "the ace is low: it comes before the two, never after the king, so the cards do not follow on"
    gaps = [(a, b) for a, b in pairwise(ranks) if b != a + 1]
    if gaps:
        low, high = gaps[0]
        if low == high:
            return "a run needs cards in sequence, and two of these have the same rank"
        return (f"the ranks are not in sequence: nothing between {Card(low, 'S').rank_name} "
                f"and {Card(high, 'S').rank_name}")
    return None


def not_a_meld_reason(cards) -> str:
    """Why some cards are not a meld, in words."""
    cards = parse_cards(cards)
    if len(cards) < 3:
        return "a meld needs at least three cards"
    if len({c.rank for c in cards}) == 1:
        return _is_not(why_not_set(cards), cards)
    if len({c.suit for c in cards}) == 1:
        return _is_not(why_not_run(cards), cards)
    ranks = sorted(c.rank for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return "the ranks follow on, but a run needs all its cards in one suit"
    return "the cards are neither all of one rank (a set) nor of one suit in sequence (a run)"


def _is_not(reason: str | None, cards) -> str:
    if reason is None:
        raise GinError(f"{show_cards(cards)} is a meld: there is no reason it is not one")
    return reason


def meld_words(meld) -> str:
    """"7♠ 7♥ 7♦ is a set: three sevens" and the like."""
    meld = parse_cards(meld)
    kind = meld_kind(meld)
    if kind == MeldKind.SET:
        return f"{show_cards(meld)} is a set: {len(meld)} cards of one rank"
    if kind == MeldKind.RUN:
        return f"{show_cards(sort_by_rank(meld))} is a run: {len(meld)} cards of one suit in sequence"
    return f"{show_cards(meld)} is not a meld: {not_a_meld_reason(meld)}"


def _meld_question_cards(rng) -> tuple[Card, ...]:
    shape = rng.choice(("set3", "set4", "straight", "ace_run", "wrap", "gap", "two_suits", "pair_plus"))
    suits = list("CDHS")
    rng.shuffle(suits)
    rank = rng.randint(1, 13)
    if shape == "set3":
        cards = [Card(rank, s) for s in suits[:3]]
    elif shape == "set4":
        cards = [Card(rank, s) for s in suits]
    elif shape == "straight":
        length = rng.choice((3, 4, 5))
        start = rng.randint(2, 14 - length)
        cards = [Card(r, suits[0]) for r in range(start, start + length)]
    elif shape == "ace_run":
        cards = [Card(r, suits[0]) for r in range(1, rng.choice((4, 5)))]
    elif shape == "wrap":
        cards = [Card(r, suits[0]) for r in rng.choice(((12, 13, 1), (13, 1, 2), (11, 12, 13, 1)))]
    elif shape == "gap":
        start = rng.randint(1, 10)
        cards = [Card(r, suits[0]) for r in (start, start + 1, start + 3)]
    elif shape == "two_suits":
        start = rng.randint(1, 11)
        cards = [Card(start, suits[0]), Card(start + 1, suits[1]), Card(start + 2, suits[0])]
    else:
        other = rank + 1 if rank < 13 else rank - 1
        cards = [Card(rank, suits[0]), Card(rank, suits[1]), Card(other, suits[2])]
    rng.shuffle(cards)
    return tuple(cards)


@exercise_kind("meld_or_not", N_("Set, run or not a meld?"))
def meld_or_not(seed, rng, rules):
    """Is a group of cards a set, a run, or not a meld? The engine's meld_kind decides."""
    cards = _meld_question_cards(rng)
    kind = meld_kind(cards)
    answer = {"set": "A set", "run": "A run", None: "Not a meld"}[kind]
    explanation = meld_words(cards) + "."
    why_not = {"A set": f"{why_not_set(cards)}.", "A run": f"{why_not_run(cards)}.",
               "Not a meld": "these cards do form a meld: look at their ranks and suits again."}
    return dict(prompt="Are these cards a set, a run, or not a meld at all?", answer_type="choice",
                options=MELD_CHOICES, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel("The cards", "cards", cards=cards),))


def _ten_with_melds(rng, melds=None):
    def make(r):
        return tuple(hand_with_melds(r, 10, melds if melds is not None else r.choice((1, 2, 2, 3))))
    return retry(rng, make, lambda cards: best_arrangement(cards).melds and best_arrangement(cards).deadwood)


@exercise_kind("pick_meld", N_("Find a meld"))
def pick_meld(seed, rng, rules):
    """Click three or more cards that form a meld; meld_kind checks the cards clicked."""
    cards = sort_by_suit(_ten_with_melds(rng))
    arrangement = best_arrangement(cards)
    answer = arrangement.melds[0]

    def check(picked):
        if meld_kind(picked):
            return Feedback(True, f"Right: {meld_words(picked)}.")
        return Feedback(False, f"{meld_words(picked)}. Look for three of a rank, or three in a row of one "
                               "suit.")
    melds = "; ".join(meld_words(m) for m in arrangement.melds)
    return dict(prompt="Click three or more cards that form a meld (a set or a run), then Check.",
                answer_type="cards", options=cards, answer=answer,
                explanation=f"The melds here: {melds}.", checker=check, option_label="Your hand")


@exercise_kind("deadwood_count", N_("Count the deadwood"))
def deadwood_count(seed, rng, rules):
    """How much deadwood does a hand have at best? min_deadwood answers."""
    cards = sort_by_suit(_ten_with_melds(rng))
    arrangement = best_arrangement(cards)
    answer = min_deadwood(cards)
    melds = " · ".join(show_cards(m) for m in arrangement.melds)
    explanation = f"Melds: {melds}. {deadwood_words(arrangement)}."
    every_card = sum(c.value for c in cards)

    def why_not(number):
        if number == every_card:
            return "that counts every card. Find the melds first: their cards are not deadwood."
        return more_or_less(
            number, answer,
            too_low="no arrangement of these cards leaves so little. A card counts in one meld only; an ace is "
                 "1, two to ten their number, J Q K 10.",
            too_high="the hand can be arranged to leave less: look for more melds, or put a card that fits two "
                 "melds where it saves more.")
    return dict(prompt="Arrange this hand into melds as well as you can. How many deadwood points are left? "
                       "(Ace 1, two to ten their number, J Q K 10.)",
                answer_type="number", options=cards, answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel("The hand", "cards", cards=cards),))


def _shared_card_hand(rng):
    """Ten cards where one card could go in a set or in a run: the best choice matters."""
    rank = rng.randint(1, 11)
    suits = list("CDHS")
    rng.shuffle(suits)
    run_suit = suits[0]
    sets = [Card(rank, s) for s in suits[:3]]
    run = [Card(rank + 1, run_suit), Card(rank + 2, run_suit)]
    core = sets + run
    return tuple(core + others(rng, core, 5))


@exercise_kind("pick_deadwood", N_("Which cards are deadwood?"))
def pick_deadwood(seed, rng, rules):
    """Click the deadwood of the best arrangement; any best arrangement is accepted."""
    def make(r):
        return _shared_card_hand(r) if r.random() < 0.5 else tuple(hand_with_melds(r, 10, r.choice((1, 2))))
    cards = sort_by_suit(retry(rng, make, lambda c: best_arrangement(c).melds and best_arrangement(c).deadwood))
    best = all_best_arrangements(cards)
    answer = best[0].deadwood
    shown = " or ".join(words(a) for a in best[:2])
    explanation = (f"Best arrangement: {shown}. A card belongs to one meld only, and the melds are chosen "
                   f"to leave the least deadwood: {best[0].points} points.")

    def check(picked):
        chosen = set(picked)
        for arrangement in best:
            if chosen == set(arrangement.deadwood):
                return Feedback(True, f"Right: {deadwood_words(arrangement)}.")
        closest = min(best, key=lambda a: len(chosen ^ set(a.deadwood)))
        extra = [c for c in picked if c not in closest.deadwood]
        missing = len([c for c in closest.deadwood if c not in chosen])
        if extra and missing:
            text = (f"Not quite: {show_cards(extra)} can be in melds, and you left out {missing} deadwood "
                    f"card{'s' if missing > 1 else ''}.")
        elif extra:
            text = f"Not quite: {show_cards(extra)} can be in melds."
        else:
            text = f"Not quite: you left out {missing} deadwood card{'s' if missing > 1 else ''}."
        return Feedback(False, text)
    return dict(prompt="Click every deadwood card: the cards left over when the hand is arranged into melds "
                       "with the least deadwood.",
                answer_type="cards", options=cards, answer=answer, explanation=explanation, checker=check,
                option_label="Your hand")


# -- lesson 2: dealing -----------------------------------------------------------

def _seeded_deal(kind, seed, rules) -> Hand:
    return Hand.deal(rules, seed=f"{kind}:{seed}")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@exercise_kind("dealt_cards", N_("Deal the cards"))
def dealt_cards(seed, rng, rules):
    """From the top of a deck, click the cards one player gets; Hand.deal decides."""
    hand = _seeded_deal("dealt_cards", seed, rules)
    top = hand.deck[:8]
    seat = rng.randrange(2)
    answer = tuple(c for c in top if c in hand.held(seat))
    dealer, non_dealer = NAMES[hand.dealer], NAMES[hand.non_dealer]
    nd_cards = [f"{_ordinal(i + 1)} {c}" for i, c in enumerate(top) if c in hand.held(hand.non_dealer)]
    d_cards = [f"{_ordinal(i + 1)} {c}" for i, c in enumerate(top) if c in hand.held(hand.dealer)]
    explanation = (f"{dealer} deals one card at a time, to {non_dealer} (the non-dealer) first: "
                   f"{non_dealer} gets the {', '.join(nd_cards)}; {dealer} gets the {', '.join(d_cards)}.")

    def check(picked):
        if set(picked) == set(answer):
            return Feedback(True, f"Right: {NAMES[seat]} gets {show_cards(answer)}. {explanation}")
        card = next(c for c in picked if c not in answer)
        return Feedback(False, f"{card} is the {_ordinal(top.index(card) + 1)} card from the top, and it goes "
                               f"to {NAMES[1 - seat]}: the cards go one at a time, to {non_dealer} first.")
    return dict(prompt=f"{dealer} deals. Here are the top eight cards of the deck, the top card on the left. "
                       f"Click the cards {NAMES[seat]} gets from them.",
                answer_type="cards", options=top, answer=answer, explanation=explanation, checker=check,
                pick=4, option_label="Top of the deck, in order")


@exercise_kind("upcard_pick", N_("Find the upcard"))
def upcard_pick(seed, rng, rules):
    """From the top 22 cards of a deck, click the card turned up; Hand.deal decides."""
    hand = _seeded_deal("upcard_pick", seed, rules)
    top = hand.deck[:22]
    dealt = len(hand.held(0)) + len(hand.held(1))
    explanation = (f"{dealt} cards are dealt, {len(hand.held(0))} to each player; the {_ordinal(dealt + 1)} card, "
                   f"{hand.upcard}, is turned face up as the upcard and starts the discard pile. The other "
                   f"{hand.stock_count} cards are the stock.")

    def check(picked):
        if picked == (hand.upcard,):
            return Feedback(True, "Right. " + explanation)
        place = top.index(picked[0]) + 1
        dealt = len(hand.held(0)) + len(hand.held(1))
        if place <= dealt:
            receiver = NAMES[0] if picked[0] in hand.held(0) else NAMES[1]
            return Feedback(False, f"{picked[0]} is the {_ordinal(place)} card: it is dealt to {receiver}. "
                                   "The upcard is turned up after the players' cards are dealt.")
        return Feedback(False, f"{picked[0]} is the {_ordinal(place)} card: it stays in the stock. The upcard "
                               "is the first card after the players' cards.")
    return dict(prompt=f"{NAMES[hand.dealer]} deals from this deck (top card on the left). "
                       "Click the card that is turned up as the upcard.",
                answer_type="cards", options=top, answer=(hand.upcard,), explanation=explanation, checker=check,
                pick=1, option_label="Top of the deck, in order")


@exercise_kind("first_offer", N_("Who goes first?"))
def first_offer(seed, rng, rules):
    """Who gets the first card, and who is offered the upcard first? The dealt Hand answers."""
    hand = _seeded_deal("first_offer", seed, rules)
    dealer = NAMES[hand.dealer]
    if rng.random() < 0.5:
        seat = hand.to_act
        prompt = f"{dealer} deals. Who may take the upcard first?"
        explanation = (f"The non-dealer, {NAMES[hand.non_dealer]}, is offered the upcard first; "
                       f"{phase_words(hand, NAMES)}")
        reason = f"{NAMES[1 - seat]} is the dealer, who is offered the upcard second."
    else:
        seat = 0 if hand.deck[0] in hand.held(0) else 1
        prompt = f"{dealer} deals. Who gets the first card of the deal?"
        explanation = (f"The dealer deals to the other player first, so {NAMES[seat]} gets the first card, "
                       f"{hand.deck[0]}.")
        reason = f"{NAMES[1 - seat]} is the dealer, and the dealer deals to the other player first."
    answer = NAMES[seat]
    return dict(prompt=prompt, answer_type="choice", options=NAMES, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=reason))


@exercise_kind("stock_count", N_("Count the stock"))
def stock_count(seed, rng, rules):
    """How many cards are left in the stock? Played on a Hand, which counts them."""
    hand = _seeded_deal("stock_count", seed, rules)
    draws = rng.randint(0, 5)
    hand.apply("pass")
    hand.apply("pass")
    for _ in range(draws):
        hand.apply("draw")
        throw_back(hand)
    answer = hand.stock_count
    deck, dealt = len(hand.deck), len(hand.held(0)) + len(hand.held(1))
    if draws:
        prompt = (f"After the deal both players pass the upcard. Then, turn by turn, {draws} card"
                  f"{'s are' if draws > 1 else ' is'} drawn from the stock. How many cards are left in the stock?")
    else:
        prompt = "The cards have just been dealt and the upcard turned. How many cards are in the stock?"
    start = deck - dealt - 1
    explanation = f"{deck} cards − {dealt} dealt − 1 upcard = {start} in the stock" + (
        f", then − {draws} drawn = {answer}." if draws else ".")
    rule = "the stock is what is left of the deck after the deal and the upcard, less one card for each draw."

    def why_not(number):
        return more_or_less(number, answer, too_low="that is fewer than are left: " + rule,
                            too_high="that is more than are left: " + rule)
    return dict(prompt=prompt, answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not))


# -- lesson 3: the first turn --------------------------------------------------------

FIRST_TURN_STORIES = ((), (ActionKind.PASS,), (ActionKind.PASS, ActionKind.PASS), (ActionKind.TAKE,),
                      (ActionKind.PASS, ActionKind.TAKE))
"""How the first turn may begin: the moves played before a question, as action kinds."""


def _story(hand: Hand) -> str:
    """What has happened so far, in words."""
    parts = [f"{NAMES[hand.dealer]} deals and turns up {hand.upcard}."]
    for seat, action in hand.actions:
        if action.kind is ActionKind.DRAW:
            parts.append(f"{NAMES[seat]} draws a card from the stock.")
        elif action.kind is ActionKind.TAKE:
            parts.append(f"{NAMES[seat]} takes the upcard, {hand.upcard}.")
        else:
            parts.append(f"{NAMES[seat]} {action.describe()}.")
    return " ".join(parts)


@exercise_kind("whose_turn", N_("Whose turn is it?"))
def whose_turn(seed, rng, rules):
    """Who acts next in the first turn? Hand.to_act answers."""
    hand = _seeded_deal("whose_turn", seed, rules)
    for action in rng.choice(FIRST_TURN_STORIES):
        hand.apply(action)
    answer = NAMES[hand.to_act]
    wrong = NAMES[1 - hand.to_act]
    explanation = phase_words(hand, NAMES)
    if hand.phase is Phase.DISCARD:
        explanation += " Whoever takes the upcard discards next, then the turn passes."
        reason = f"{wrong} did not take the upcard, and whoever takes it discards next."
    elif hand.phase is Phase.DRAW:
        explanation += " Both passed, so the non-dealer starts by drawing from the stock."
        reason = f"{wrong} is the dealer, and after both pass the non-dealer draws first."
    elif hand.actions:
        reason = f"{wrong} has passed: the upcard is offered to the other player now."
    else:
        reason = f"{wrong} is the dealer, and the upcard is offered to the non-dealer first."
    return dict(prompt=_story(hand) + " Who acts now?", answer_type="choice", options=NAMES, answer=answer,
                explanation=explanation, checker=choice_checker(answer, explanation, why_not=reason))


TURN_OPTIONS = ("Take the upcard or pass", "Draw from the stock only", "Draw from the stock or take the top discard",
                "Discard a card (or knock)")


def turn_options_answer(hand: Hand) -> str:
    """Which of :data:`TURN_OPTIONS` the legal actions make."""
    kinds = {a.kind for a in hand.legal_actions()}
    if kinds == {ActionKind.TAKE, ActionKind.PASS}:
        return TURN_OPTIONS[0]
    if kinds == {ActionKind.DRAW}:
        return TURN_OPTIONS[1]
    if kinds == {ActionKind.DRAW, ActionKind.TAKE}:
        return TURN_OPTIONS[2]
    return TURN_OPTIONS[3]


@exercise_kind("turn_options", N_("What may the player do?"))
def turn_options(seed, rng, rules):
    """What may the player to act do? Hand.legal_actions answers."""
    hand = _seeded_deal("turn_options", seed, rules)
    story = rng.choice(FIRST_TURN_STORIES + ((ActionKind.PASS, ActionKind.PASS, ActionKind.DRAW),))
    for action in story:
        hand.apply(action)
    if story and story[-1] is ActionKind.DRAW:
        throw_back(hand)
    answer = turn_options_answer(hand)
    who = NAMES[hand.to_act]
    why = {
        TURN_OPTIONS[0]: "In the first turn the upcard is offered: the non-dealer first, then the dealer.",
        TURN_OPTIONS[1]: "Both players passed the upcard, so the non-dealer must draw from the stock.",
        TURN_OPTIONS[2]: "This is a normal turn: draw from the stock, or take the top card of the discard pile.",
        TURN_OPTIONS[3]: "The player has just taken a card and now holds 11: one must be discarded.",
    }[answer]
    why_not = {
        TURN_OPTIONS[0]: "the upcard is offered only at the start of the hand, until someone takes it or both "
                         "players pass.",
        TURN_OPTIONS[1]: "a player must draw from the stock only for the non-dealer's first draw, after both "
                         "players passed the upcard.",
        TURN_OPTIONS[2]: "the choice between the stock and the discard pile starts a normal turn, once the "
                         "upcard has been offered to both players and someone has drawn.",
        TURN_OPTIONS[3]: f"{who} holds {len(hand.held(hand.to_act))} cards: a discard comes only after taking "
                         "a card.",
    }
    return dict(prompt=_story(hand) + f" What may {who} do now?", answer_type="choice", options=TURN_OPTIONS,
                answer=answer, explanation=why, checker=choice_checker(answer, why, why_not=why_not))


def discard_checker(hand: Hand, *, stock_note: bool = False):
    """A checker for "click your best discard": legal, and leaving the least deadwood."""
    seat = acting_seat(hand)
    held = hand.held(seat)
    best, cards = best_discards(hand)
    best_arr = best_arrangement([c for c in held if c is not cards[0]])
    explanation = (f"The best discard{'s are' if len(cards) > 1 else ' is'} {show_cards(cards)}, leaving "
                   f"{best} deadwood: {words(best_arr)}.")

    def check(picked):
        card = picked[0]
        why_not = hand.explain_illegal(f"discard {card.code()}")
        if why_not:
            return Feedback(False, f"Not allowed: {why_not}.")
        points = min_deadwood([c for c in held if c is not card])
        if points == best:
            note = ""
            if stock_note and hand.last_draw and card is hand.last_draw[0]:
                note = " A card drawn from the stock may go straight back."
            return Feedback(True, f"Right: discarding {card} leaves {points} deadwood, the least you can.{note}")
        return Feedback(False, f"Discarding {card} leaves {points} deadwood; another discard leaves less.")
    return best, cards, explanation, check


def _melding_upcard(rng, yours, theirs, rules):
    """A hand dealt with an upcard that goes into a meld of ``yours`` (the non-dealer's)
    and gives no knock at once; None when the draw finds none."""
    used = set(yours) | set(theirs)
    for upcard in others(rng, used, 52 - len(used)):
        hand = deal(yours, theirs, upcard, rules=rules)
        if take_into_meld(hand) is not None and not take_goes_out(hand):
            return hand
    return None


@exercise_kind("upcard_discard", N_("Take the upcard, then discard"))
def upcard_discard(seed, rng, rules):
    """After taking an upcard that goes into a meld, click the discard that leaves the least
    deadwood (the upcard may not go back)."""
    def make(r):
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        return _melding_upcard(r, yours, others(r, yours, 10), rules)
    offered = retry(rng, make, lambda x: True)
    upcard = offered.upcard
    kept = take_into_meld(offered)
    meld = next(m for m in kept.melds if upcard in m)
    hand = offered.copy()
    hand.apply("take")
    best, cards, explanation, check = discard_checker(hand)
    return dict(prompt=f"You are the non-dealer. The upcard is {upcard}, and you take it: it fits your hand. "
                       "Click the card you discard to keep your deadwood as low as possible.",
                answer_type="cards", options=sort_by_suit(hand.held(hand.to_act)), answer=(cards[0],),
                explanation=explanation + f" {upcard} goes into the {meld_kind(meld)} {show_cards(meld)}; you may "
                                          "not throw it back, as you just took it.",
                checker=check, pick=1, option_label="Your 11 cards",
                panels=(Panel("The upcard you took", "cards", cards=(upcard,)),))


# -- lesson 4: a normal turn ------------------------------------------------------------

def _your_draw(yours, theirs, top, rules) -> Hand:
    """You (the dealer, seat 0) to draw in a normal turn, with ``top`` on the discard pile:
    the other player passed, you passed, he drew ``top`` from the stock and threw it."""
    used = set(yours) | set(theirs) | {top}
    upcard = next(c for c in reversed(DECK) if c not in used)
    hand = deal(theirs, yours, upcard, stock=[top], rules=rules,
                actions=["pass", "pass", "draw", f"discard {top.code()}"])
    return hand


@exercise_kind("take_or_draw", N_("Take the discard or draw?"))
def take_or_draw(seed, rng, rules):
    """Does the top discard go into a meld? Take it only then (deals.take_into_meld decides)."""
    want_take = rng.random() < 0.5

    def make(r):
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        theirs = others(r, yours, 10)
        for top in others(r, set(yours) | set(theirs), 32):
            hand = _your_draw(yours, theirs, top, rules)
            if (take_into_meld(hand) is not None) == want_take and not take_goes_out(hand):
                return hand
        return None
    hand = retry(rng, make, lambda x: True)
    top = hand.top_discard
    seat = hand.to_act
    now = hand.deadwood(seat)
    kept = take_into_meld(hand)
    trial = hand.copy()
    trial.apply("take")
    after, discards = best_discards(trial)
    take, draw = f"Take {top} from the discard pile", "Draw from the stock"
    answer = take if kept is not None else draw
    if answer == take:
        meld = next(m for m in kept.melds if top in m)
        discard = sound_discard(trial)
        explanation = (f"You have {now} deadwood now. {top} goes into the {meld_kind(meld)} {show_cards(meld)}: "
                       f"take it and discard {discard}, and you have {kept.points}: {words(kept)}.")
        why_not = {draw: f"{top} fits your hand: look at the cards of its rank and of its suit."}
    else:
        if after < now:
            explanation = (f"{top} would go into no meld: after your best discard it would still be deadwood. "
                           "Draw from the stock instead: it may bring a card that melds, and your opponent "
                           "does not learn what you hold.")
        else:
            explanation = (f"You have {now} deadwood now, and {top} fits none of your melds: taking it cannot "
                           "lower your deadwood. Draw from the stock instead: it may bring a better card, and your "
                           "opponent does not learn what you hold.")
        why_not = {take: f"{top} would go into no meld of yours: after your best discard it would still be "
                         "deadwood. Take a discard only when it makes or extends a meld."}
    return dict(prompt=f"Your turn. The top of the discard pile is {top}. Take it or draw from the stock? "
                       "(Take it only if it goes into a meld.)",
                answer_type="choice", options=(take, draw), answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel("Your hand", "hand", cards=hand.held(seat)),
                        Panel("Top of the discard pile", "cards", cards=(top,))))


@exercise_kind("forbidden_discard", N_("The card that may not go back"))
def forbidden_discard(seed, rng, rules):
    """Which card may not be discarded after taking from the pile? Hand.is_legal decides."""
    def make(r):
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        theirs = others(r, yours, 10)
        top = others(r, set(yours) | set(theirs), 1)[0]
        return yours, theirs, top
    yours, theirs, top = make(rng)
    before = _your_draw(yours, theirs, top, rules)
    pile = before.discard_pile
    hand = before.copy()
    hand.apply("take")
    seat = hand.to_act
    held = sort_by_suit(hand.held(seat))
    forbidden = tuple(c for c in held if not hand.is_legal(f"discard {c.code()}"))
    reason = hand.explain_illegal(f"discard {forbidden[0].code()}")
    explanation = (f"You may not {reason.removeprefix('cannot ')}. Any other card may go, and next turn "
                   f"{forbidden[0]} may be discarded like any other.")

    def check(picked):
        card = picked[0]
        why = hand.explain_illegal(f"discard {card.code()}")
        if why:
            return Feedback(True, f"Right: you {why}.")
        return Feedback(False, f"You may discard {card}: only the card you just took from the discard pile "
                               "is forbidden this turn.")
    return dict(prompt="It is your turn. You took the top card of the discard pile (shown as it was before your "
                       "turn). Click the one card you may not discard now.",
                answer_type="cards", options=held, answer=forbidden, explanation=explanation, checker=check,
                pick=1, option_label="Your 11 cards",
                panels=(Panel("The discard pile before your turn (top on the right)", "cards", cards=pile[-3:]),))


@exercise_kind("best_discard", N_("Your best discard"))
def best_discard(seed, rng, rules):
    """After drawing from the stock, click the discard that leaves the least deadwood."""
    def make(r):
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        theirs = others(r, yours, 10)
        drawn = others(r, set(yours) | set(theirs), 1)[0]
        return yours, theirs, drawn
    yours, theirs, drawn = make(rng)
    hand = in_discard(yours, drawn, theirs, rules=rules)
    best, cards, explanation, check = discard_checker(hand, stock_note=True)
    return dict(prompt=f"You drew {drawn} from the stock. Click the card you discard to keep your deadwood as "
                       "low as possible.",
                answer_type="cards", options=sort_by_suit(hand.held(hand.to_act)), answer=(cards[0],),
                explanation=explanation, checker=check, pick=1, option_label="Your 11 cards",
                panels=(Panel("The card you drew", "cards", cards=(drawn,)),))
