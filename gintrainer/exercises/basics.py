"""Exercises of lessons 1 to 4: melds and deadwood, the deal, the first turn, a normal turn."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from itertools import pairwise

from ..engine.cards import DECK, Card, CardsLike, parse_cards, show_cards, sort_by_rank, sort_by_suit
from ..engine.hand import ActionKind, Hand, Phase
from ..engine.melds import MeldKind, all_best_arrangements, best_arrangement, meld_kind, min_deadwood
from ..engine.rules import Rules
from ..engine.telling import Voice, tell_move
from ..engine.view import acting_seat
from ..material.deals import (
    best_discards,
    deal,
    hand_with_melds,
    in_discard,
    others,
    sound_discard,
    take_goes_out,
    take_into_meld,
)
from ..material.drawing import deadwood_words, phase_words
from ..words.errors import GinError
from ..words.language import N_, PLAYERS, list_words, t, tn
from .core import (
    Checker,
    ExerciseFields,
    Feedback,
    Panel,
    choice_checker,
    exercise_kind,
    more_or_less,
    number_checker,
    retry,
    throw_back,
    translated,
    words,
    your_cards,
)

# -- lesson 1: cards, values and melds ---------------------------------------------

MELD_CHOICES = (N_("A set"), N_("A run"), N_("Not a meld"))
"""The choices of :func:`meld_or_not`, in English (translated where they are shown)."""


def why_not_set(cards: CardsLike) -> str | None:
    """Why some cards are not a set, in words (None when they are one)."""
    cards = parse_cards(cards)
    if len(cards) < 3:
        return t("a meld needs at least three cards")
    if len({c.rank for c in cards}) > 1:
        return t("a set is cards of one rank, and these ranks differ")
    if len(cards) > 4:
        return t("a set has at most four cards")
    return None


def why_not_run(cards: CardsLike) -> str | None:
    """Why some cards are not a run, in words (None when they are one)."""
    cards = parse_cards(cards)
    ranks = sorted(c.rank for c in cards)
    if len(cards) < 3:
        return t("a meld needs at least three cards")
    if len({c.suit for c in cards}) > 1:
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return t("the ranks follow on, but a run needs all its cards in one suit")
        return t("a run needs all its cards in one suit")
    if 1 in ranks and 13 in ranks:
        return t("the ace is low: it comes before the two, never after the king, so the cards do not follow on")
    gaps = [(a, b) for a, b in pairwise(ranks) if b != a + 1]
    if gaps:
        low, high = gaps[0]
        if low == high:
            return t("a run needs cards in sequence, and two of these have the same rank")
        # Translators: {low} and {high} are ranks as the cards show them (A, 2 ... 10, J, Q, K).
        return t("the ranks are not in sequence: nothing between {low} and {high}",
                 low=Card(low, "S").rank_name, high=Card(high, "S").rank_name)
    return None


def not_a_meld_reason(cards: CardsLike) -> str:
    """Why some cards are not a meld, in words."""
    cards = parse_cards(cards)
    if len(cards) < 3:
        return t("a meld needs at least three cards")
    if len({c.rank for c in cards}) == 1:
        return _is_not(why_not_set(cards), cards)
    if len({c.suit for c in cards}) == 1:
        return _is_not(why_not_run(cards), cards)
    ranks = sorted(c.rank for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return t("the ranks follow on, but a run needs all its cards in one suit")
    return t("the cards are neither all of one rank (a set) nor of one suit in sequence (a run)")


def _is_not(reason: str | None, cards: CardsLike) -> str:
    if reason is None:
        raise GinError(f"{show_cards(cards)} is a meld: there is no reason it is not one")
    return reason


def meld_words(meld: CardsLike) -> str:
    """"7♠ 7♥ 7♦ is a set: three sevens" and the like."""
    meld = parse_cards(meld)
    kind = meld_kind(meld)
    if kind == MeldKind.SET:
        return tn("{cards} is a set: {n} card of one rank", "{cards} is a set: {n} cards of one rank", len(meld),
                  cards=meld)
    if kind == MeldKind.RUN:
        return tn("{cards} is a run: {n} card of one suit in sequence",
                  "{cards} is a run: {n} cards of one suit in sequence", len(meld), cards=tuple(sort_by_rank(meld)))
    # Translators: {reason} says why the cards are not a meld (a clause starting in lower case).
    return t("{cards} is not a meld: {reason}", cards=meld, reason=not_a_meld_reason(meld))


def _meld_question_cards(rng: random.Random) -> tuple[Card, ...]:
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
def meld_or_not(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Is a group of cards a set, a run, or not a meld? The engine's meld_kind decides."""
    cards = _meld_question_cards(rng)
    kind = meld_kind(cards)
    a_set, a_run, no_meld = options = translated(MELD_CHOICES)
    answer = {"set": a_set, "run": a_run, None: no_meld}[kind]
    explanation = meld_words(cards) + "."
    why_not = {a_set: f"{why_not_set(cards)}.", a_run: f"{why_not_run(cards)}.",
               no_meld: t("these cards do form a meld: look at their ranks and suits again.")}
    return dict(prompt=t("Are these cards a set, a run, or not a meld at all?"), answer_type="choice",
                options=options, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel(t("The cards"), "cards", cards=cards),))


def _ten_with_melds(rng: random.Random, melds: int | None = None) -> tuple[Card, ...]:
    def make(r: random.Random) -> tuple[Card, ...]:
        return tuple(hand_with_melds(r, 10, melds if melds is not None else r.choice((1, 2, 2, 3))))
    return retry(rng, make, lambda cards: best_arrangement(cards).melds and best_arrangement(cards).deadwood)


@exercise_kind("pick_meld", N_("Find a meld"))
def pick_meld(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click three or more cards that form a meld; meld_kind checks the cards clicked."""
    cards = sort_by_suit(_ten_with_melds(rng))
    arrangement = best_arrangement(cards)
    answer = arrangement.melds[0]

    def check(picked: tuple[Card, ...]) -> Feedback:
        if meld_kind(picked):
            # Translators: {meld} says what the cards are ("7♠ 7♥ 7♦ is a set: 3 cards of one rank").
            return Feedback(True, t("Right: {meld}.", meld=meld_words(picked)))
        return Feedback(False, t("{meld}. Look for three of a rank, or three in a row of one suit.",
                                 meld=meld_words(picked)))
    melds = "; ".join(meld_words(m) for m in arrangement.melds)
    return dict(prompt=t("Click three or more cards that form a meld (a set or a run), then Check."),
                answer_type="cards", options=cards, answer=answer,
                explanation=t("The melds here: {melds}.", melds=melds), checker=check, option_label=t("Your hand"))


@exercise_kind("deadwood_count", N_("Count the deadwood"))
def deadwood_count(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """How much deadwood does a hand have at best? min_deadwood answers."""
    cards = sort_by_suit(_ten_with_melds(rng))
    arrangement = best_arrangement(cards)
    answer = min_deadwood(cards)
    # Translators: {deadwood} is a sentence naming the deadwood ("Deadwood: 5♥ 2♣ = 7").
    explanation = t("Melds: {melds}. {deadwood}.", melds=tuple(arrangement.melds), deadwood=deadwood_words(arrangement))
    every_card = sum(c.value for c in cards)

    def why_not(number: int) -> str:
        if number == every_card:
            return t("that counts every card. Find the melds first: their cards are not deadwood.")
        return more_or_less(
            number, answer,
            too_low=t("no arrangement of these cards leaves so little. A card counts in one meld only; an ace is "
                      "1, two to ten their number, J Q K 10."),
            too_high=t("the hand can be arranged to leave less: look for more melds, or put a card that fits two "
                       "melds where it saves more."))
    return dict(prompt=t("Arrange this hand into melds as well as you can. How many deadwood points are left? "
                         "(Ace 1, two to ten their number, J Q K 10.)"),
                answer_type="number", options=cards, answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(t("The hand"), "cards", cards=cards),))


def _shared_card_hand(rng: random.Random) -> tuple[Card, ...]:
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
def pick_deadwood(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click the deadwood of the best arrangement; any best arrangement is accepted."""
    def make(r: random.Random) -> tuple[Card, ...]:
        return _shared_card_hand(r) if r.random() < 0.5 else tuple(hand_with_melds(r, 10, r.choice((1, 2))))
    cards = sort_by_suit(retry(rng, make, lambda c: best_arrangement(c).melds and best_arrangement(c).deadwood))
    best = all_best_arrangements(cards)
    answer = best[0].deadwood
    if len(best) > 1:
        # Translators: {first} and {second} are two arrangements as good as each other ("7♠ 7♥ 7♦, deadwood K♥ = 10").
        explanation = tn("Best arrangement: {first} or {second}. A card belongs to one meld only, and the melds are "
                         "chosen to leave the least deadwood: {n} point.",
                         "Best arrangement: {first} or {second}. A card belongs to one meld only, and the melds are "
                         "chosen to leave the least deadwood: {n} points.", best[0].points,
                         first=words(best[0]), second=words(best[1]))
    else:
        explanation = tn("Best arrangement: {first}. A card belongs to one meld only, and the melds are chosen to "
                         "leave the least deadwood: {n} point.",
                         "Best arrangement: {first}. A card belongs to one meld only, and the melds are chosen to "
                         "leave the least deadwood: {n} points.", best[0].points, first=words(best[0]))

    def check(picked: tuple[Card, ...]) -> Feedback:
        chosen = set(picked)
        for arrangement in best:
            if chosen == set(arrangement.deadwood):
                # Translators: {deadwood} names the deadwood ("Deadwood: 5♥ 2♣ = 7").
                return Feedback(True, t("Right: {deadwood}.", deadwood=deadwood_words(arrangement)))
        closest = min(best, key=lambda a: len(chosen ^ set(a.deadwood)))
        extra = [c for c in picked if c not in closest.deadwood]
        missing = len([c for c in closest.deadwood if c not in chosen])
        if extra and missing:
            text = tn("Not quite: {cards} can be in melds, and you left out {n} deadwood card.",
                      "Not quite: {cards} can be in melds, and you left out {n} deadwood cards.", missing,
                      cards=tuple(extra))
        elif extra:
            text = t("Not quite: {cards} can be in melds.", cards=tuple(extra))
        else:
            text = tn("Not quite: you left out {n} deadwood card.", "Not quite: you left out {n} deadwood cards.",
                      missing)
        return Feedback(False, text)
    return dict(prompt=t("Click every deadwood card: the cards left over when the hand is arranged into melds "
                         "with the least deadwood."),
                answer_type="cards", options=cards, answer=answer, explanation=explanation, checker=check,
                option_label=t("Your hand"))


# -- lesson 2: dealing -----------------------------------------------------------

def _seeded_deal(kind: str, seed: int, rules: Rules) -> Hand:
    return Hand.deal(rules, seed=f"{kind}:{seed}")


def _places(top: Sequence[Card], held: Collection[Card]) -> str:
    """The places from the top (1 first) of the cards of ``top`` that are in ``held``: "1, 3, 5, 7"."""
    return list_words(str(i + 1) for i, c in enumerate(top) if c in held)


@exercise_kind("dealt_cards", N_("Deal the cards"))
def dealt_cards(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """From the top of a deck, click the cards one player gets; Hand.deal decides."""
    hand = _seeded_deal("dealt_cards", seed, rules)
    top = hand.deck[:8]
    seat = rng.randrange(2)
    answer = tuple(c for c in top if c in hand.held(seat))
    dealer, non_dealer = PLAYERS[hand.dealer], PLAYERS[hand.non_dealer]
    non_dealer_held, dealer_held = hand.held(hand.non_dealer), hand.held(hand.dealer)
    # Translators: {non_dealer_places} and {dealer_places} are places from the top of the deck ("1, 3, 5, 7").
    explanation = t("{dealer} deals one card at a time, to {non_dealer} (the non-dealer) first: {non_dealer} gets "
                    "the cards in places {non_dealer_places} from the top ({non_dealer_cards}); {dealer} gets the "
                    "cards in places {dealer_places} ({dealer_cards}).", dealer=dealer, non_dealer=non_dealer,
                    non_dealer_places=_places(top, non_dealer_held),
                    non_dealer_cards=tuple(c for c in top if c in non_dealer_held),
                    dealer_places=_places(top, dealer_held), dealer_cards=tuple(c for c in top if c in dealer_held))

    def check(picked: tuple[Card, ...]) -> Feedback:
        if set(picked) == set(answer):
            return Feedback(True, t("Right: {player} gets {cards}. {explanation}", player=PLAYERS[seat], cards=answer,
                                    explanation=explanation))
        card = next(c for c in picked if c not in answer)
        # Translators: {place} is the card's place from the top of the deck (1 for the top card).
        return Feedback(False, t("{card} is card number {place} from the top, and it goes to {player}: the cards go "
                                 "one at a time, to {non_dealer} first.", card=card, place=top.index(card) + 1,
                                 player=PLAYERS[1 - seat], non_dealer=non_dealer))
    return dict(prompt=t("{dealer} deals. Here are the top eight cards of the deck, the top card on the left. "
                         "Click the cards {player} gets from them.", dealer=dealer, player=PLAYERS[seat]),
                answer_type="cards", options=top, answer=answer, explanation=explanation, checker=check,
                pick=4, option_label=t("Top of the deck, in order"))


@exercise_kind("upcard_pick", N_("Find the upcard"))
def upcard_pick(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """From the top 22 cards of a deck, click the card turned up; Hand.deal decides."""
    hand = _seeded_deal("upcard_pick", seed, rules)
    top = hand.deck[:22]
    dealt = len(hand.held(0)) + len(hand.held(1))
    # Translators: {place} is the upcard's place from the top of the deck ({dealt} + 1).
    explanation = t("{dealt} cards are dealt, {each} to each player; card number {place}, {upcard}, is turned face "
                    "up as the upcard and starts the discard pile. The other {stock} cards are the stock.",
                    dealt=dealt, each=len(hand.held(0)), place=dealt + 1, upcard=hand.upcard,
                    stock=hand.stock_count)

    def check(picked: tuple[Card, ...]) -> Feedback:
        if picked == (hand.upcard,):
            return Feedback(True, t("Right. {explanation}", explanation=explanation))
        place = top.index(picked[0]) + 1
        dealt = len(hand.held(0)) + len(hand.held(1))
        if place <= dealt:
            receiver = PLAYERS[0] if picked[0] in hand.held(0) else PLAYERS[1]
            # Translators: {place} is the card's place from the top of the deck (1 for the top card).
            return Feedback(False, t("{card} is card number {place}: it is dealt to {player}. The upcard is turned "
                                     "up after the players' cards are dealt.", card=picked[0], place=place,
                                     player=receiver))
        return Feedback(False, t("{card} is card number {place}: it stays in the stock. The upcard is the first card "
                                 "after the players' cards.", card=picked[0], place=place))
    return dict(prompt=t("{dealer} deals from this deck (top card on the left). Click the card that is turned up as "
                         "the upcard.", dealer=PLAYERS[hand.dealer]),
                answer_type="cards", options=top, answer=(hand.upcard,), explanation=explanation, checker=check,
                pick=1, option_label=t("Top of the deck, in order"))


@exercise_kind("first_offer", N_("Who goes first?"))
def first_offer(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Who gets the first card, and who is offered the upcard first? The dealt Hand answers."""
    hand = _seeded_deal("first_offer", seed, rules)
    dealer = PLAYERS[hand.dealer]
    if rng.random() < 0.5:
        seat = acting_seat(hand)
        prompt = t("{dealer} deals. Who may take the upcard first?", dealer=dealer)
        # Translators: {next} says what happens next at the table (a sentence).
        explanation = t("The non-dealer, {player}, is offered the upcard first; {next}",
                        player=PLAYERS[hand.non_dealer], next=phase_words(hand, PLAYERS))
        reason = t("{player} is the dealer, who is offered the upcard second.", player=PLAYERS[1 - seat])
    else:
        seat = 0 if hand.deck[0] in hand.held(0) else 1
        prompt = t("{dealer} deals. Who gets the first card of the deal?", dealer=dealer)
        explanation = t("The dealer deals to the other player first, so {player} gets the first card, {card}.",
                        player=PLAYERS[seat], card=hand.deck[0])
        reason = t("{player} is the dealer, and the dealer deals to the other player first.", player=PLAYERS[1 - seat])
    answer = PLAYERS[seat]
    return dict(prompt=prompt, answer_type="choice", options=PLAYERS, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=reason))


@exercise_kind("stock_count", N_("Count the stock"))
def stock_count(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
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
    start = deck - dealt - 1
    if draws:
        prompt = tn("After the deal both players pass the upcard. Then, turn by turn, {n} card is drawn from the "
                    "stock. How many cards are left in the stock?",
                    "After the deal both players pass the upcard. Then, turn by turn, {n} cards are drawn from the "
                    "stock. How many cards are left in the stock?", draws)
        explanation = t("{deck} cards − {dealt} dealt − 1 upcard = {start} in the stock, then − {draws} drawn = "
                        "{answer}.", deck=deck, dealt=dealt, start=start, draws=draws, answer=answer)
    else:
        prompt = t("The cards have just been dealt and the upcard turned. How many cards are in the stock?")
        explanation = t("{deck} cards − {dealt} dealt − 1 upcard = {start} in the stock.", deck=deck, dealt=dealt,
                        start=start)

    def why_not(number: int) -> str:
        return more_or_less(number, answer,
                            too_low=t("that is fewer than are left: the stock is what is left of the deck after the "
                                      "deal and the upcard, less one card for each draw."),
                            too_high=t("that is more than are left: the stock is what is left of the deck after the "
                                       "deal and the upcard, less one card for each draw."))
    return dict(prompt=prompt, answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not))


# -- lesson 3: the first turn --------------------------------------------------------

FIRST_TURN_STORIES = ((), (ActionKind.PASS,), (ActionKind.PASS, ActionKind.PASS), (ActionKind.TAKE,),
                      (ActionKind.PASS, ActionKind.TAKE))
"""How the first turn may begin: the moves played before a question, as action kinds."""


def _story(hand: Hand) -> str:
    """What has happened so far, in words."""
    parts = [t("{dealer} deals and turns up {card}.", dealer=PLAYERS[hand.dealer], card=hand.upcard)]
    before = hand.prefix(0)
    for seat, action in hand.actions:
        after = before.copy()
        after.apply(action)
        parts.append(tell_move(before, seat, action, after, voice=Voice.STORY, who=PLAYERS[seat], seen=False))
        before = after
    return " ".join(parts)


@exercise_kind("whose_turn", N_("Whose turn is it?"))
def whose_turn(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Who acts next in the first turn? Hand.to_act answers."""
    hand = _seeded_deal("whose_turn", seed, rules)
    for action in rng.choice(FIRST_TURN_STORIES):
        hand.apply(action)
    answer = PLAYERS[acting_seat(hand)]
    wrong = PLAYERS[1 - acting_seat(hand)]
    explanation = phase_words(hand, PLAYERS)
    if hand.phase is Phase.DISCARD:
        # Translators: {next} says what happens next at the table (a sentence).
        explanation = t("{next} Whoever takes the upcard discards next, then the turn passes.", next=explanation)
        reason = t("{player} did not take the upcard, and whoever takes it discards next.", player=wrong)
    elif hand.phase is Phase.DRAW:
        explanation = t("{next} Both passed, so the non-dealer starts by drawing from the stock.", next=explanation)
        reason = t("{player} is the dealer, and after both pass the non-dealer draws first.", player=wrong)
    elif hand.actions:
        reason = t("{player} has passed: the upcard is offered to the other player now.", player=wrong)
    else:
        reason = t("{player} is the dealer, and the upcard is offered to the non-dealer first.", player=wrong)
    # Translators: {story} tells what has happened so far (sentences).
    return dict(prompt=t("{story} Who acts now?", story=_story(hand)), answer_type="choice", options=PLAYERS,
                answer=answer,
                explanation=explanation, checker=choice_checker(answer, explanation, why_not=reason))


TURN_OPTIONS = (N_("Take the upcard or pass"), N_("Draw from the stock only"),
                N_("Draw from the stock or take the top discard"), N_("Discard a card (or knock)"))
"""The choices of :func:`turn_options`, in English (translated where they are shown)."""


def turn_options_answer(hand: Hand) -> str:
    """Which of :data:`TURN_OPTIONS` the legal actions make (in English)."""
    kinds = {a.kind for a in hand.legal_actions()}
    if kinds == {ActionKind.TAKE, ActionKind.PASS}:
        return TURN_OPTIONS[0]
    if kinds == {ActionKind.DRAW}:
        return TURN_OPTIONS[1]
    if kinds == {ActionKind.DRAW, ActionKind.TAKE}:
        return TURN_OPTIONS[2]
    return TURN_OPTIONS[3]


@exercise_kind("turn_options", N_("What may the player do?"))
def turn_options(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """What may the player to act do? Hand.legal_actions answers."""
    hand = _seeded_deal("turn_options", seed, rules)
    story = rng.choice(FIRST_TURN_STORIES + ((ActionKind.PASS, ActionKind.PASS, ActionKind.DRAW),))
    for action in story:
        hand.apply(action)
    if story and story[-1] is ActionKind.DRAW:
        throw_back(hand)
    options = translated(TURN_OPTIONS)
    index = TURN_OPTIONS.index(turn_options_answer(hand))
    answer = options[index]
    who = PLAYERS[acting_seat(hand)]
    held = len(hand.held(acting_seat(hand)))
    why = (t("In the first turn the upcard is offered: the non-dealer first, then the dealer."),
           t("Both players passed the upcard, so the non-dealer must draw from the stock."),
           t("This is a normal turn: draw from the stock, or take the top card of the discard pile."),
           t("The player has just taken a card and now holds {count}: one must be discarded.", count=held))[index]
    why_not = dict(zip(options, (
        t("the upcard is offered only at the start of the hand, until someone takes it or both players pass."),
        t("a player must draw from the stock only for the non-dealer's first draw, after both players passed the "
          "upcard."),
        t("the choice between the stock and the discard pile starts each turn that follows a discard, and nobody has "
          "discarded yet in this hand."),
        tn("{player} holds {n} card: a discard comes only after taking a card.",
           "{player} holds {n} cards: a discard comes only after taking a card.", held, player=who),
    ), strict=True))
    return dict(prompt=t("{story} What may {player} do now?", story=_story(hand), player=who), answer_type="choice",
                options=options, answer=answer, explanation=why,
                checker=choice_checker(answer, why, why_not=why_not))


def discard_checker(hand: Hand, *, stock_note: bool = False) -> tuple[int, list[Card], str, Checker]:
    """A checker for "click your best discard": legal, and leaving the least deadwood."""
    seat = acting_seat(hand)
    held = hand.held(seat)
    best, cards = best_discards(hand)
    best_arr = best_arrangement([c for c in held if c is not cards[0]])
    # Translators: {arrangement} is the hand arranged after that discard ("7♠ 7♥ 7♦, deadwood K♥ 2♠ = 12").
    explanation = tn("The best discard is {cards}, leaving {points} deadwood: {arrangement}.",
                     "The best discards are {cards}, leaving {points} deadwood: {arrangement}.", len(cards),
                     cards=tuple(cards), points=best, arrangement=words(best_arr))

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        why_not = hand.explain_illegal(f"discard {card.code()}")
        if why_not:
            # Translators: {reason} is why the move is illegal ("cannot discard 7♥: it was just taken ...").
            return Feedback(False, t("Not allowed: {reason}.", reason=why_not))
        points = min_deadwood([c for c in held if c is not card])
        if points == best:
            if stock_note and hand.last_draw and card is hand.last_draw[0]:
                return Feedback(True, t("Right: discarding {card} leaves {points} deadwood, the least you can. A card "
                                        "drawn from the stock may go straight back.", card=card, points=points))
            return Feedback(True, t("Right: discarding {card} leaves {points} deadwood, the least you can.", card=card,
                                    points=points))
        return Feedback(False, t("Discarding {card} leaves {points} deadwood; another discard leaves less.", card=card,
                                 points=points))
    return best, cards, explanation, check


def _melding_upcard(rng: random.Random, yours: Sequence[Card], theirs: Sequence[Card],
                    rules: Rules) -> Hand | None:
    """A hand dealt with an upcard that goes into a meld of ``yours`` (the non-dealer's)
    and gives no knock at once; None when the draw finds none."""
    used = set(yours) | set(theirs)
    for upcard in others(rng, used, 52 - len(used)):
        hand = deal(yours, theirs, upcard, rules=rules)
        if take_into_meld(hand) is not None and not take_goes_out(hand):
            return hand
    return None


@exercise_kind("upcard_discard", N_("Take the upcard, then discard"))
def upcard_discard(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """After taking an upcard that goes into a meld, click the discard that leaves the least
    deadwood (the upcard may not go back)."""
    def make(r: random.Random) -> Hand | None:
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        return _melding_upcard(r, yours, others(r, yours, 10), rules)
    offered = retry(rng, make, lambda x: True)
    upcard = offered.upcard
    kept = take_into_meld(offered)
    assert kept is not None  # _melding_upcard deals only an upcard that goes into a meld
    meld = next(m for m in kept.melds if upcard in m)
    hand = offered.copy()
    hand.apply("take")
    best, cards, explanation, check = discard_checker(hand)
    held = sort_by_suit(hand.held(acting_seat(hand)))
    if meld_kind(meld) == MeldKind.SET:
        # Translators: {explanation} names the best discard (a sentence); {meld} is the set's cards.
        explanation = t("{explanation} {card} goes into the set {meld}; you may not throw it back, as you just took "
                        "it.", explanation=explanation, card=upcard, meld=tuple(meld))
    else:
        explanation = t("{explanation} {card} goes into the run {meld}; you may not throw it back, as you just took "
                        "it.", explanation=explanation, card=upcard, meld=tuple(meld))
    return dict(prompt=t("You are the non-dealer. The upcard is {card}, and you take it: it fits your hand. Click the "
                         "card you discard to keep your deadwood as low as possible.", card=upcard),
                answer_type="cards", options=held, answer=(cards[0],), explanation=explanation,
                checker=check, pick=1, option_label=your_cards(len(held)),
                panels=(Panel(t("The upcard you took"), "cards", cards=(upcard,)),))


# -- lesson 4: a normal turn ------------------------------------------------------------

def _your_draw(yours: Sequence[Card], theirs: Sequence[Card], top: Card, rules: Rules) -> Hand:
    """You (the dealer, seat 0) to draw in a normal turn, with ``top`` on the discard pile:
    the other player passed, you passed, he drew ``top`` from the stock and threw it."""
    used = set(yours) | set(theirs) | {top}
    upcard = next(c for c in reversed(DECK) if c not in used)
    hand = deal(theirs, yours, upcard, stock=[top], rules=rules,
                actions=["pass", "pass", "draw", f"discard {top.code()}"])
    return hand


def _hands_and_a_card(rng: random.Random) -> tuple[list[Card], list[Card], Card]:
    """Your ten cards (one or two melds among them), the other player's ten, and one more card neither holds."""
    yours = hand_with_melds(rng, 10, rng.choice((1, 2)))
    theirs = others(rng, yours, 10)
    return yours, theirs, others(rng, set(yours) | set(theirs), 1)[0]


@exercise_kind("take_or_draw", N_("Take the discard or draw?"))
def take_or_draw(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Does the top discard go into a meld? Take it only then (deals.take_into_meld decides)."""
    want_take = rng.random() < 0.5

    def make(r: random.Random) -> Hand | None:
        yours = hand_with_melds(r, 10, r.choice((1, 2)))
        theirs = others(r, yours, 10)
        for top in others(r, set(yours) | set(theirs), 32):
            hand = _your_draw(yours, theirs, top, rules)
            if (take_into_meld(hand) is not None) == want_take and not take_goes_out(hand):
                return hand
        return None
    hand = retry(rng, make, lambda x: True)
    top = hand.top_discard
    assert top is not None  # _your_draw's hand has the other player's discard on the pile
    seat = acting_seat(hand)
    now = hand.deadwood(seat)
    kept = take_into_meld(hand)
    trial = hand.copy()
    trial.apply("take")
    after, discards = best_discards(trial)
    take, draw = t("Take {card} from the discard pile", card=top), t("Draw from the stock")
    answer = take if kept is not None else draw
    if kept is not None:
        meld = next(m for m in kept.melds if top in m)
        values = dict(now=now, card=top, meld=tuple(meld), discard=sound_discard(trial), points=kept.points,
                      arrangement=words(kept))
        if meld_kind(meld) == MeldKind.SET:
            # Translators: {arrangement} is the hand arranged after the discard ("7♠ 7♥ 7♦, deadwood K♥ 2♠ = 12").
            explanation = t("You have {now} deadwood now. {card} goes into the set {meld}: take it and discard "
                            "{discard}, and you have {points}: {arrangement}.", **values)
        else:
            explanation = t("You have {now} deadwood now. {card} goes into the run {meld}: take it and discard "
                            "{discard}, and you have {points}: {arrangement}.", **values)
        why_not = {draw: t("{card} fits your hand: look at the cards of its rank and of its suit.", card=top)}
    else:
        if after < now:
            explanation = t("{card} would go into no meld: after your best discard it would still be deadwood. Draw "
                            "from the stock instead: it may bring a card that melds, and your opponent does not learn "
                            "what you hold.", card=top)
        else:
            explanation = t("You have {now} deadwood now, and {card} fits none of your melds: taking it cannot lower "
                            "your deadwood. Draw from the stock instead: it may bring a better card, and your opponent "
                            "does not learn what you hold.", now=now, card=top)
        why_not = {take: t("{card} would go into no meld of yours: after your best discard it would still be "
                           "deadwood. Take a discard only when it makes or extends a meld.", card=top)}
    return dict(prompt=t("Your turn. The top of the discard pile is {card}. Take it or draw from the stock? (Take it "
                         "only if it goes into a meld.)", card=top),
                answer_type="choice", options=(take, draw), answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel(t("Your hand"), "hand", cards=hand.held(seat)),
                        Panel(t("Top of the discard pile"), "cards", cards=(top,))))


@exercise_kind("forbidden_discard", N_("The card that may not go back"))
def forbidden_discard(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Which card may not be discarded after taking from the pile? Hand.is_legal decides."""
    yours, theirs, top = _hands_and_a_card(rng)
    before = _your_draw(yours, theirs, top, rules)
    pile = before.discard_pile
    hand = before.copy()
    hand.apply("take")
    seat = acting_seat(hand)
    held = sort_by_suit(hand.held(seat))
    forbidden = tuple(c for c in held if not hand.is_legal(f"discard {c.code()}"))
    if forbidden != (before.top_discard,):  # the sentences below say so
        raise GinError(f"{show_cards(forbidden)} may not be discarded, not only the card just taken")
    explanation = t("You may not discard {card}: it was just taken from the discard pile. Any other card may go, "
                    "and next turn {card} may be discarded like any other.", card=forbidden[0])

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        why = hand.explain_illegal(f"discard {card.code()}")
        if why:
            # Translators: {reason} is why the move is illegal, after "you" ("cannot discard 7♥: it was just taken
            # from the discard pile"); write the sentence as your language puts it.
            return Feedback(True, t("Right: you {reason}.", reason=why))
        return Feedback(False, t("You may discard {card}: only the card you just took from the discard pile is "
                                 "forbidden this turn.", card=card))
    return dict(prompt=t("It is your turn. You took the top card of the discard pile (shown as it was before your "
                         "turn). Click the one card you may not discard now."),
                answer_type="cards", options=held, answer=forbidden, explanation=explanation, checker=check,
                pick=1, option_label=your_cards(len(held)),
                panels=(Panel(t("The discard pile before your turn (top on the right)"), "cards", cards=pile[-3:]),))


@exercise_kind("best_discard", N_("Your best discard"))
def best_discard(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """After drawing from the stock, click the discard that leaves the least deadwood."""
    yours, theirs, drawn = _hands_and_a_card(rng)
    hand = in_discard(yours, drawn, theirs, rules=rules)
    best, cards, explanation, check = discard_checker(hand, stock_note=True)
    held = sort_by_suit(hand.held(acting_seat(hand)))
    return dict(prompt=t("You drew {card} from the stock. Click the card you discard to keep your deadwood as low as "
                         "possible.", card=drawn),
                answer_type="cards", options=held, answer=(cards[0],),
                explanation=explanation, checker=check, pick=1, option_label=your_cards(len(held)),
                panels=(Panel(t("The card you drew"), "cards", cards=(drawn,)),))
