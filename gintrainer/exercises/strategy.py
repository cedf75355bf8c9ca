"""Exercises of lesson 10, strategy: whether a knock is undercut, the cards that
would meld with a hand (its pairs and near-runs), the discard that feeds the
opponent least after reading what he took from the pile, and the knocking layout
that leaves the defender the fewest lay-offs.

>>> from gintrainer.exercises import generate
>>> exercise = generate("meld_outs", 1)
>>> exercise.check(exercise.answer).correct, exercise.check(exercise.answer + 1).correct
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..engine.cards import DECK, Card, parse_cards, show_cards, sort_by_suit  # noqa: F401  (parse_cards: the doctest)
from ..engine.melds import Arrangement, all_best_arrangements, best_arrangement, min_deadwood
from ..engine.rules import Rules
from ..engine.scoring import ScoreKind, best_layoffs, score_hand
from ..material.deals import hand_with_melds, others
from ..words.language import N_, t, tn
from .core import (
    ExerciseFields,
    Feedback,
    Panel,
    choice_checker,
    exercise_kind,
    number_checker,
    retry,
    translated,
    words,
    your_cards,
)

YES_NO = (N_("Yes"), N_("No"))


# -- what the exercises ask of the engine -----------------------------------------------------


def meld_outs(cards: Iterable[Card], seen: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The cards not in ``cards`` nor ``seen`` that would join a meld with the hand's
    cards: with the card added, the least deadwood is less than before plus the
    card's value (the card is in a meld of a best arrangement of the eleven).

    >>> show_cards(meld_outs(parse_cards("5S 5H 9C 7D 8D")))
    '5♣ 5♦ 6♦ 9♦'
    """
    held = tuple(cards)
    out = set(held) | set(seen)
    now = min_deadwood(held)
    return tuple(card for card in DECK if card not in out and min_deadwood((*held, card)) < now + card.value)


HAND_RUN = 10
"""The longest run a hand melds: all ten cards of a hand (a longer one needs lay-offs or an eleventh card)."""


def feeds(card: Card, taken: Card) -> bool:
    """Whether ``card`` can sit in one meld of a hand with ``taken``: the same rank (a set
    holds both), or the same suit within :data:`HAND_RUN` cards from one to the other (a
    run holds both once the cards between come: 5♣ with 9♣ once 6♣ 7♣ 8♣ come).

    >>> feeds(*parse_cards("5C 9C")), feeds(*parse_cards("5C 5H")), feeds(*parse_cards("5C 9H"))
    (True, True, False)
    """
    return card is not taken and (card.rank == taken.rank
                                  or (card.suit == taken.suit and abs(card.rank - taken.rank) < HAND_RUN))


def never_melds(card: Card, taken: Card) -> bool:
    """Whether no meld can ever hold both cards, whatever else comes: a set is of one rank
    and a run of one suit, so two cards of different ranks and suits never share one."""
    return card.rank != taken.rank and card.suit != taken.suit


# -- the exercises ---------------------------------------------------------------------------


def _knock_position(rng: random.Random, rules: Rules) -> tuple[list[Card], list[Card]] | None:
    """A knocker's ten cards within the knock limit (not gin) and a defender's ten."""
    knocker = hand_with_melds(rng, 10, 2 if rules.knock_limit >= 5 else 3)
    if not 0 < min_deadwood(knocker) <= rules.knock_limit:
        return None
    defender = hand_with_melds(rng, 10, rng.choice((1, 2, 2, 3)), used=knocker)
    return knocker, defender


@exercise_kind("undercut_risk", N_("Is the knock undercut?"))
def undercut_risk(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Ben knocks with these cards; Ann's hand is shown: does she undercut? score_hand answers."""
    want = seed % 2 == 0
    knocker, defender = retry(rng, lambda r: _knock_position(r, rules),
                              lambda pos: (score_hand(pos[0], pos[1], rules).kind == ScoreKind.UNDERCUT) == want)
    result = score_hand(knocker, defender, rules)
    yes, no = options = translated(YES_NO)
    cut = result.kind == ScoreKind.UNDERCUT
    answer = yes if cut else no
    laid = show_cards(layoff.card for layoff in result.layoffs) or t("nothing")
    verdict = t("not more than {ben}'s, so she undercuts him.") if cut else t("more than {ben}'s, so his knock stands.")
    # Translators: {laid} is the cards Ann lays off (or "nothing"), {verdict} one of the two sentences that follow.
    explanation = t("{ben} knocks with {knocker} deadwood. {ann} lays off {laid} and keeps {defender} deadwood: "
                    "{verdict}", knocker=result.knocker_deadwood, laid=laid, defender=result.defender_deadwood,
                    verdict=verdict)
    why_not = {yes: t("count what {ann} keeps after her melds and lay-offs, and compare it with {ben}'s count."),
               no: t("{ann}'s melds and lay-offs leave her no more deadwood than {ben}: look again.")}
    return dict(prompt=t("{ben} knocks with these cards (the knock limit is {limit}). Here is {ann}'s hand. After her "
                         "melds and lay-offs, does {ann} undercut {ben}?", limit=rules.knock_limit),
                answer_type="choice", options=options, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel(t("{ben}'s cards"), "hand", cards=sort_by_suit(knocker)),
                        Panel(t("{ann}'s cards"), "hand", cards=sort_by_suit(defender))))


def _outs_hand(rng: random.Random) -> list[Card] | None:
    """Ten cards with a pair or a near-run among the loose ones."""
    cards = hand_with_melds(rng, 10, rng.choice((1, 2)))
    return cards if meld_outs(cards) else None


@exercise_kind("meld_outs", N_("Cards that would meld"))
def meld_outs_exercise(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """How many unseen cards would join a meld with this hand? meld_outs counts them."""
    cards = retry(rng, _outs_hand, lambda c: 1 <= len(meld_outs(c)) <= 12)
    outs = meld_outs(cards)
    answer = len(outs)
    explanation = tn("Only {cards} would join a meld: {arrangement}.",
                     "These {n} cards would join a meld: {cards}. Your hand: {arrangement}.", answer,
                     cards=show_cards(outs), arrangement=words(best_arrangement(cards)))
    def why_not(number: int) -> str:
        if number < answer:
            return t("count more: each pair waits for the two other cards of its rank, each two cards of a suit "
                     "one or two apart for the cards that make them a run, and each meld for the cards that "
                     "extend it.")
        return t("too many: a card counts only if it joins a meld with cards you hold.")
    return dict(prompt=tn("You hold these {n} card. How many of the cards you cannot see would join a meld with "
                          "your cards?", "You hold these {n} cards. How many of the cards you cannot see would "
                          "join a meld with your cards?", len(cards)),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(your_cards(len(cards)), "hand", cards=sort_by_suit(cards)),))


def _feed_position(rng: random.Random) -> tuple[list[Card], tuple[Card, ...], tuple[Card, ...]] | None:
    """A hand whose loose cards include exactly one that feeds none of the cards the opponent took."""
    cards = hand_with_melds(rng, 10, 2)
    loose = best_arrangement(cards).deadwood
    if len(loose) < 3:
        return None
    taken = others(rng, cards, 2)
    choices = sorted(loose, key=lambda c: c.index)[:3]
    safe = [c for c in choices if all(never_melds(c, x) for x in taken)]
    fed = [c for c in choices if any(feeds(c, x) for x in taken)]
    return (cards, tuple(taken), tuple(choices)) if len(safe) == 1 and len(fed) == 2 else None


@exercise_kind("safe_discard", N_("Do not feed the opponent"))
def safe_discard(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Ann took these cards from the pile: click the loose card of yours that can join no meld with them,
    whatever else comes (:func:`never_melds`); each of the others could join one in her hand (:func:`feeds`)."""
    cards, taken, choices = retry(rng, _feed_position, lambda pos: True)
    safe = next(c for c in choices if all(never_melds(c, x) for x in taken))
    explanation = t("{safe} can join no meld with {taken}, whatever else comes: it shares a rank or a suit with "
                    "neither.", safe=safe, taken=taken)

    def check(clicked: tuple[Card, ...]) -> Feedback:
        card = clicked[0]
        if card is safe:
            return Feedback(True, t("Right. {explanation}", explanation=explanation))
        fed = next(x for x in taken if feeds(card, x))
        return Feedback(False, t("{card} could join a meld with {taken}, which {ann} took: she wants cards like it.",
                                 card=card, taken=fed))
    return dict(prompt=t("{ann} took {taken} from the discard pile earlier in the hand. Click the loose card that is "
                         "the safest to throw.", taken=taken),
                answer_type="cards", options=choices, answer=(safe,), explanation=explanation, checker=check,
                pick=1, option_label=t("Your loose cards"),
                panels=(Panel(your_cards(len(cards)), "hand", cards=sort_by_suit(cards)),))


EITHER = N_("Either: {ann} keeps the same deadwood")
"""The third choice of :func:`layout_choice`, in English (translated where it is shown)."""


def _layout_position(rng: random.Random, rules: Rules) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """A knocker whose fourth card of a rank may close a set of four or extend a run of three
    (two least-deadwood layouts), and a defender who holds the card above the run half the time."""
    rank, suit = rng.randint(4, 12), rng.choice("CDHS")
    melds = [Card(rank, s) for s in "CDHS"] + [Card(r, suit) for r in range(rank - 3, rank)]
    above = Card(rank + 1, suit)
    pool = [c for c in DECK if c not in melds and c is not above and c.rank <= 5]
    loose = rng.sample(pool, 3)
    knocker = (*melds, *loose)
    if not 0 < min_deadwood(knocker) <= rules.knock_limit or len(all_best_arrangements(knocker)) != 2:
        return None
    rest = [c for c in DECK if c not in knocker and c is not above]
    defender = rng.sample(rest, 9) + [above] if rng.random() < 0.5 else rng.sample(rest, 10)
    return knocker, tuple(defender)


def layout_words(arrangement: Arrangement) -> str:
    """A layout's melds, one after another: "5♠ 6♠ 7♠ · 8♣ 8♦ 8♥ 8♠"."""
    return " · ".join(show_cards(meld) for meld in arrangement.melds)


@exercise_kind("layout_choice", N_("Lay out to block lay-offs"))
def layout_choice(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Ben knocks and may lay out his melds two ways: which leaves Ann the most deadwood after her best
    lay-offs (best_layoffs answers), or do both leave the same?"""
    differ = seed % 2 == 0

    def kept_by(pos: tuple[tuple[Card, ...], tuple[Card, ...]]) -> list[int]:
        return [best_layoffs(pos[1], layout.melds).points for layout in all_best_arrangements(pos[0])]
    knocker, defender = retry(rng, lambda r: _layout_position(r, rules),
                              lambda pos: (len(set(kept_by(pos))) == 2) == differ)
    first, second = rng.sample(all_best_arrangements(knocker), 2)
    kept = [best_layoffs(defender, layout.melds).points for layout in (first, second)]
    words_ = [layout_words(first), layout_words(second)]
    options = (*words_, t(EITHER))
    answer = options[2] if kept[0] == kept[1] else words_[kept.index(max(kept))]
    explanation = t("Laid out as {first}, {ann} keeps {first_kept} deadwood after her lay-offs; as {second}, she keeps "
                    "{second_kept}.", first=words_[0], first_kept=kept[0], second=words_[1], second_kept=kept[1])
    why_not = {option: t("work out {ann}'s best lay-offs against each layout and compare what she keeps.")
               for option in options}
    return dict(prompt=t("{ben} knocks with these cards and may lay out his melds in two ways. Here is {ann}'s hand. "
                         "Which layout leaves {ann} the most deadwood after her lay-offs?"),
                answer_type="choice", options=options, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel(t("{ben}'s cards"), "cards", cards=sort_by_suit(knocker)),
                        Panel(t("{ann}'s cards"), "hand", cards=sort_by_suit(defender))))


__all__ = ["EITHER", "HAND_RUN", "feeds", "layout_words", "meld_outs", "never_melds"]
