"""Exercises of lessons 5 to 7: knocking and gin, laying off, scoring a hand."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence

from ..engine.cards import Card, CardsLike, sort_by_suit
from ..engine.hand import Action, ActionKind, Hand
from ..engine.melds import best_arrangement, min_deadwood
from ..engine.rules import Rules
from ..engine.scoring import HandScore, ScoreKind, best_layoffs, knocker_layouts, layoff_targets, score_hand
from ..engine.view import acting_seat, card_of
from ..material.deals import hand_with_melds, in_discard, knocked, others, random_meld
from ..words.errors import GinError
from ..words.language import N_, PLAYERS, t, tc, tn
from .core import (
    ExerciseFields,
    Feedback,
    Panel,
    choice_checker,
    deadwood_counts,
    exercise_kind,
    more_or_less,
    number_checker,
    retry,
    scored,
    throw_back,
    translated,
    words,
    your_cards,
)

# -- positions -------------------------------------------------------------------------


def exact_melds(rng: random.Random, sizes: Iterable[int], used: Iterable[Card] = ()) -> list[Card] | None:
    """Melds of exactly these sizes (runs for sizes over four), none sharing a card."""
    taken = set(used)
    cards: list[Card] = []
    for size in sizes:
        for _ in range(60):
            if size <= 4 and rng.random() < 0.4:
                rank = rng.randint(1, 13)
                suits = [s for s in "CDHS" if Card(rank, s) not in taken]
                if len(suits) < size:
                    continue
                meld = [Card(rank, s) for s in rng.sample(suits, size)]
            else:
                suit = rng.choice("CDHS")
                start = rng.randint(1, 14 - size)
                meld = [Card(r, suit) for r in range(start, start + size)]
                if any(c in taken for c in meld):
                    continue
            cards.extend(meld)
            taken.update(meld)
            break
        else:
            return None
    return cards


GOING_OUT_WITH_A_DISCARD = (ActionKind.KNOCK, ActionKind.GIN)
WAYS_OUT = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


def knock_options(hand: Hand) -> list[Action]:
    """The legal ways to go out with a discard (knock or gin) for the player to act."""
    return [a for a in hand.legal_actions() if a.kind in GOING_OUT_WITH_A_DISCARD]


def eleven_cards(rng: random.Random, shape: ActionKind | str | None, rules: Rules | None = None, *,
                 upcard: Card | None = None) -> Hand | None:
    """You (non-dealer) with 11 cards to discard from, dealt for a way out: ``shape`` is
    big gin (all 11 meld), gin (10 meld), a knock (low deadwood) or None (any hand), as
    an :class:`~gintrainer.engine.hand.ActionKind` or its text."""
    shape = None if shape is None else ActionKind.parse(shape)
    used = {upcard} if upcard is not None else set()
    cards: list[Card] | None
    if shape is ActionKind.BIG_GIN:
        cards = exact_melds(rng, rng.choice(((3, 4, 4), (3, 3, 5), (4, 4, 3))), used)
    elif shape is ActionKind.GIN:
        melded = exact_melds(rng, rng.choice(((3, 3, 4), (3, 4, 3), (4, 3, 3))), used)
        cards = None if melded is None else melded + others(rng, used | set(melded), 1)
    elif shape is ActionKind.KNOCK:
        cards = hand_with_melds(rng, 11, rng.choice((2, 3)), used=used, low_filler=True)
    else:
        cards = hand_with_melds(rng, 11, rng.choice((0, 1, 2)), used=used)
    if cards is None:
        return None
    rng.shuffle(cards)
    theirs = others(rng, set(cards) | used, 10)
    drawn = cards[-1]
    return in_discard(cards[:10], drawn, theirs, rules=rules, upcard=upcard)


def _rest_after(hand: Hand, card: Card) -> list[Card]:
    return [c for c in hand.held(acting_seat(hand)) if c is not card]


# -- lesson 5: knocking and gin ----------------------------------------------------------------


@exercise_kind("knock_card", N_("Knock with the right card"))
def knock_card(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click a card you can knock with; Hand.is_legal("knock ...") decides."""
    def accept(hand: Hand) -> list[Action] | bool:
        outs = knock_options(hand)
        return outs and len(outs) < len(hand.held(acting_seat(hand)))
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK, rules), accept)
    held = hand.held(acting_seat(hand))
    outs = knock_options(hand)
    best = min(outs, key=lambda a: min_deadwood(_rest_after(hand, card_of(a))))
    rest = best_arrangement(_rest_after(hand, card_of(best)))
    values = dict(card=best.card, arrangement=words(rest), cards=tuple(a.card for a in outs), limit=hand.knock_limit)
    if rest.points == 0:
        # Translators: {arrangement} is the hand arranged ("7♠ 7♥ 7♦ · 4♣ 5♣ 6♣, no deadwood").
        explanation = t("For example knock with {card}: the other ten cards are {arrangement}, that is gin. Cards you "
                        "can knock with: {cards}.", **values)
    else:
        explanation = t("For example knock with {card}: the other ten cards are {arrangement}, within the knock limit "
                        "of {limit}. Cards you can knock with: {cards}.", **values)

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        if (refused := refused_knock(hand, card, no_you)) is not None:
            return refused
        points = min_deadwood(_rest_after(hand, card))
        if points == 0:
            return Feedback(True, t("Right, and better: discarding {card} leaves no deadwood at all, which is gin.",
                                    card=card))
        gin = [a.card for a in outs if a.kind is ActionKind.GIN]
        if gin:
            return Feedback(True, t("Right: discarding {card} face down leaves {points} deadwood, within the limit of "
                                    "{limit}. Better still: discarding {gin} leaves no deadwood at all, which is gin.",
                                    card=card, points=points, limit=hand.knock_limit, gin=gin[0]))
        return Feedback(True, t("Right: discarding {card} face down leaves {points} deadwood, within the limit of "
                                "{limit}.", card=card, points=points, limit=hand.knock_limit))
    return dict(prompt=tn("You have drawn and hold {n} card. Click a card you can knock with: it goes face down, and "
                          "the ten cards left must have {limit} deadwood or less.",
                          "You have drawn and hold {n} cards. Click a card you can knock with: it goes face down, and "
                          "the ten cards left must have {limit} deadwood or less.", len(held), limit=hand.knock_limit),
                answer_type="cards", options=sort_by_suit(held), answer=(best.card,), explanation=explanation,
                checker=check, pick=1, option_label=your_cards(len(held)))


def no_you(reason: str) -> str:
    """"No: you cannot knock 7♥: ..." for an illegal way out's reason."""
    # Translators: {reason} is why the move is illegal, after "you" ("cannot knock 7♥: the rest leaves 12
    # deadwood, over the knock limit of 10"); write the sentence as your language puts it.
    return t("No: you {reason}.", reason=reason)


def you_cannot(reason: str) -> str:
    """"You cannot knock 7♥: ..." for an illegal knock's reason."""
    # Translators: {reason} is why the move is illegal, after "You" ("cannot knock 7♥: the rest leaves 12
    # deadwood, over the knock limit of 10"); write the sentence as your language puts it.
    return t("You {reason}.", reason=reason)


def refused_knock(hand: Hand, card: Card, say: Callable[[str], str] = you_cannot) -> Feedback | None:
    """The feedback on a knock with ``card`` that the rules refuse, its reason said by ``say``; None for a legal
    knock."""
    why = hand.explain_illegal(f"knock {card.code()}")
    return Feedback(False, say(why)) if why else None


@exercise_kind("can_knock", N_("Can you knock?"))
def can_knock(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Can you knock this turn? Hand.legal_actions answers."""
    want = rng.random() < 0.5
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK if want else r.choice((ActionKind.KNOCK, None)),
                                             rules),
                 lambda h: bool(knock_options(h)) == want)
    held = hand.held(acting_seat(hand))
    best_points = min(min_deadwood(_rest_after(hand, c)) for c in held)
    best_card = min(held, key=lambda c: (min_deadwood(_rest_after(hand, c)), -c.value))
    rest = best_arrangement(_rest_after(hand, best_card))
    yes, no = options = translated(YES_NO)
    answer = yes if knock_options(hand) else no
    limit = hand.knock_limit
    if answer == yes:
        explanation = t("Discard {card} face down and the rest is {arrangement}, within the limit of {limit}.",
                        card=best_card, arrangement=words(rest), limit=limit)
    else:
        explanation = t("Even your best discard, {card}, leaves {points} deadwood, over the limit of {limit}: "
                        "{arrangement}. Discard and play on.", card=best_card, points=best_points, limit=limit,
                        arrangement=words(rest))
    why_not = {yes: t("no discard leaves {limit} or less deadwood: try each card and count what the other ten leave.",
                      limit=limit),
               no: t("one of your discards leaves {limit} or less deadwood: find the melds, then look at what is "
                     "left.", limit=limit)}
    return dict(prompt=tn("You hold these {n} card after drawing. Can you knock (the knock limit is {limit})?",
                          "You hold these {n} cards after drawing. Can you knock (the knock limit is {limit})?",
                          len(held), limit=limit),
                answer_type="choice", options=options, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel(your_cards(len(held)), "cards", cards=sort_by_suit(held)),))


YES_NO = (N_("Yes"), N_("No"))
GOING_OUT = (N_("Big gin"), N_("Gin"), N_("Knock"), N_("None of these: discard and play on"))
"""The choices of :func:`going_out`, in English (translated where they are shown)."""


@exercise_kind("going_out", N_("Gin, big gin or knock?"))
def going_out(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """The best way out of 11 cards, under rules with or without big gin: Hand.legal_actions decides."""
    rules = rules.replace(big_gin=rng.random() < 0.5)
    shape = rng.choice((ActionKind.BIG_GIN, ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK, None))
    hand = retry(rng, lambda r: eleven_cards(r, shape, rules), lambda h: True)
    kinds = {a.kind for a in hand.legal_actions()}
    held = hand.held(acting_seat(hand))
    count = len(held)
    arrangement = best_arrangement(held)
    options = translated(GOING_OUT)
    if ActionKind.BIG_GIN in kinds:
        answer = options[0]
        explanation = tn("All {n} card form melds ({melds}) and big gin is on: go out without discarding for a bonus "
                         "of {bonus}.",
                         "All {n} cards form melds ({melds}) and big gin is on: go out without discarding for a bonus "
                         "of {bonus}.", count, melds=tuple(arrangement.melds), bonus=rules.big_gin_bonus)
    elif ActionKind.GIN in kinds:
        card = next(card_of(a) for a in hand.legal_actions() if a.kind is ActionKind.GIN)
        answer = options[1]
        values = dict(card=card, arrangement=words(best_arrangement(_rest_after(hand, card))), bonus=rules.gin_bonus)
        if not rules.big_gin and arrangement.points == 0:
            explanation = t("Discard {card} face down and the other ten cards all meld: {arrangement}. That is gin, "
                            "bonus {bonus} (big gin is off, so even when all {count} meld you discard one).",
                            count=count, **values)
        else:
            explanation = t("Discard {card} face down and the other ten cards all meld: {arrangement}. That is gin, "
                            "bonus {bonus}.", **values)
    elif ActionKind.KNOCK in kinds:
        card = min((card_of(a) for a in hand.legal_actions() if a.kind is ActionKind.KNOCK),
                   key=lambda c: min_deadwood(_rest_after(hand, c)))
        answer = options[2]
        rest = best_arrangement(_rest_after(hand, card))
        explanation = t("Discard {card} face down: {arrangement}. Not gin, but within the knock limit of {limit}.",
                        card=card, arrangement=words(rest), limit=hand.knock_limit)
    else:
        answer = options[3]
        best = min(min_deadwood(_rest_after(hand, c)) for c in held)
        explanation = t("Your best discard leaves {points} deadwood, over the knock limit of {limit}.", points=best,
                        limit=hand.knock_limit)
    if rules.big_gin:
        prompt = tn("You hold these {n} card after drawing. Big gin is ON in these rules. What is the best way to go "
                    "out?",
                    "You hold these {n} cards after drawing. Big gin is ON in these rules. What is the best way to go "
                    "out?", count)
    else:
        prompt = tn("You hold these {n} card after drawing. Big gin is OFF in these rules. What is the best way to go "
                    "out?",
                    "You hold these {n} cards after drawing. Big gin is OFF in these rules. What is the best way to "
                    "go out?", count)
    return dict(prompt=prompt, answer_type="choice", options=options, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation,
                                       why_not=dict(zip(options, _going_out_reasons(kinds, rules, hand), strict=True))),
                panels=(Panel(your_cards(count), "cards", cards=sort_by_suit(held)),))


def _going_out_reasons(kinds: set[ActionKind], rules: Rules, hand: Hand) -> tuple[str, str, str, str]:
    """Why each way out of :data:`GOING_OUT` is not the best one here (for the ones that are not)."""
    limit = hand.knock_limit
    count = len(hand.held(acting_seat(hand)))
    can_go_out = bool(kinds & set(WAYS_OUT))
    return (
        (t("big gin is off in these rules.") if not rules.big_gin else
         tn("big gin needs all {n} card in melds, and these do not all meld.",
            "big gin needs all {n} cards in melds, and these do not all meld.", count)),
        (tn("gin is possible, but all {n} card meld and big gin is on: that scores more.",
            "gin is possible, but all {n} cards meld and big gin is on: that scores more.", count)
         if ActionKind.BIG_GIN in kinds else t("no discard leaves the other ten cards all in melds.")),
        (t("you can do better than a knock: there is a way out with no deadwood at all.")
         if kinds & {ActionKind.GIN, ActionKind.BIG_GIN} else t("no discard leaves {limit} or less deadwood.",
                                                                limit=limit)),
        t("you can go out this turn: look for the melds again.") if can_go_out else "",
    )


def best_knock(hand: Hand) -> Card:
    """The knock discard that leaves the least deadwood (the highest such card)."""
    outs = [card_of(a) for a in knock_options(hand)]
    return min(outs, key=lambda c: (min_deadwood(_rest_after(hand, c)), -c.value, -c.index))


@exercise_kind("knock_deadwood", N_("Your count after knocking"))
def knock_deadwood(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """After the knock that leaves the least deadwood, what is your count? The Hand counts
    it. Positions where gin is possible are left out: there you would go gin."""
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK, rules),
                 lambda h: knock_options(h) and all(a.kind is ActionKind.KNOCK for a in knock_options(h)))
    card = best_knock(hand)
    seat = acting_seat(hand)
    after = hand.copy()
    after.apply(f"knock {card.code()}")
    answer = after.deadwood(seat)
    rest = best_arrangement(after.held(seat))
    explanation = t("Without {card} your ten cards arrange as {arrangement}.", card=card, arrangement=words(rest))
    every_card = sum(c.value for c in rest.cards)

    def why_not(number: int) -> str:
        if number == answer + card.value:
            return t("that counts {card}, which you discarded face down: it is not part of your hand any more.",
                     card=card)
        if number == every_card:
            return t("that counts your melded cards too: only cards in no meld are deadwood.")
        return more_or_less(number, answer, too_low=t("no arrangement of your ten cards leaves so little."),
                            too_high=t("your ten cards can be arranged to leave less: look for the melds again."))
    held = sort_by_suit(hand.held(seat))
    return dict(prompt=t("You knock, discarding {card} face down: of your knocks it leaves the least deadwood (no "
                         "discard gives gin here). What is your deadwood count now?", card=card),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(your_cards(len(held)), "cards", cards=held),))


# -- lesson 6: laying off ------------------------------------------------------------------------


def layoff_fits(melds: Iterable[Sequence[Card]], used: Collection[Card]) -> list[Card]:
    """Cards that would go on these melds: fourth cards of sets, run ends, a second card on a run end."""
    fits = []
    for meld in melds:
        if len({c.rank for c in meld}) == 1:
            fits += [Card(meld[0].rank, s) for s in "CDHS" if Card(meld[0].rank, s) not in meld]
        else:
            suit, ranks = meld[0].suit, sorted(c.rank for c in meld)
            fits += [Card(r, suit) for r in (ranks[0] - 1, ranks[-1] + 1, ranks[-1] + 2) if 1 <= r <= 13]
    return list(dict.fromkeys(c for c in fits if c not in used))


def layoff_position(rng: random.Random, *, gin: bool = False, rules: Rules | None = None) -> Hand | None:
    """A knock (or gin) by the non-dealer, the dealer to lay off: his hand holds
    some cards that fit the knocker's melds."""
    if gin:
        knocker = exact_melds(rng, rng.choice(((3, 3, 4), (3, 4, 3), (4, 3, 3))))
    else:
        knocker = hand_with_melds(rng, 10, rng.choice((2, 3)), low_filler=True)
    rules = Rules() if rules is None else rules
    if knocker is None or min_deadwood(knocker) > rules.knock_limit or (min_deadwood(knocker) == 0) != gin:
        return None
    arrangement = best_arrangement(knocker)
    used = set(knocker)
    fits = layoff_fits(arrangement.melds, used)
    rng.shuffle(fits)
    defender = fits[:rng.randint(1, 3)]
    if rng.random() < 0.4:
        meld = random_meld(rng, used | set(defender))
        if meld and len(defender) + len(meld) <= 10:
            defender += list(meld)
    defender += others(rng, used | set(defender), 10 - len(defender))
    knock_card = others(rng, used | set(defender), 1)[0]
    rng.shuffle(knocker)
    return knocked(knocker, knock_card, defender, rules=rules)


def defender_cards(hand: Hand) -> tuple[Card, ...]:
    if hand.knocker is None:
        raise GinError("nobody has knocked: there is no defender")
    return hand.held(1 - hand.knocker)


def can_lay_off_all(hand: Hand, cards: Iterable[Card]) -> bool:
    """Whether the defender can lay off all these cards, in some order, on the knocker's melds."""
    cards = list(cards)
    if not cards:
        return True
    for card in cards:
        for target in range(len(hand.table_melds)):
            action = f"layoff {card.code()} on {target + 1}"
            if hand.is_legal(action):
                after = hand.copy()
                after.apply(action)
                if can_lay_off_all(after, [c for c in cards if c is not card]):
                    return True
    return False


def best_reply(hand: Hand) -> HandScore:
    """The defender's best melds and lay-offs, played by the engine (``auto``)."""
    after = hand.copy()
    after.apply("auto")
    return scored(after)


def _melds_panel(hand: Hand) -> Panel:
    return Panel(t("The knocker's melds on the table"), "melds", melds=hand.table_melds)


@exercise_kind("layoff_cards", N_("Lay off your cards"))
def layoff_cards(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click the cards to lay off for the least deadwood; legality by Hand, the best by the engine's reply."""
    hand = retry(rng, lambda r: layoff_position(r, rules=rules), lambda h: bool(best_reply(h).layoffs))
    result = best_reply(hand)
    best = result.defender_deadwood
    laid = tuple(layoff.card for layoff in result.layoffs)
    cards = sort_by_suit(defender_cards(hand))
    explanation = t("Lay off {cards}: your other cards then arrange as {arrangement}.", cards=laid,
                    arrangement=words(best_arrangement([c for c in cards if c not in laid])))

    def check(picked: tuple[Card, ...]) -> Feedback:
        if not can_lay_off_all(hand, picked):
            bad = [c for c in picked if can_lay_off_all(hand, [d for d in picked if d is not c])]
            if bad:
                return Feedback(False, t("{card} cannot be laid off: a lay-off makes a set of three into four or "
                                         "extends a run at either end (a card may extend a run that another lay-off "
                                         "extended).", card=bad[0]))
            return Feedback(False, t("{cards} cannot all be laid off: a lay-off makes a set of three into four or "
                                     "extends a run at either end (a card may extend a run that another lay-off "
                                     "extended).", cards=tuple(picked)))
        left = [c for c in cards if c not in picked]
        points = min_deadwood(left)
        values = dict(cards=tuple(picked), points=points, arrangement=words(best_arrangement(left)))
        if points == best:
            return Feedback(True, t("Right: laying off {cards} leaves {points} deadwood ({arrangement}), the least "
                                    "you can.", **values))
        return Feedback(False, t("Laying off {cards} leaves {points} deadwood ({arrangement}); another choice leaves "
                                 "less.", **values))
    return dict(prompt=t("Your opponent knocked and laid out these melds. Click every card of yours that you lay off "
                         "on them to leave yourself the least deadwood."),
                answer_type="cards", options=cards, answer=laid, explanation=explanation, checker=check,
                option_label=t("Your hand"), panels=(_melds_panel(hand),))


@exercise_kind("layoff_where", N_("Where does it go?"))
def layoff_where(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Can one card be laid off, and on which meld? Hand.is_legal("layoff ... on n") decides."""
    gin = rng.random() < 0.3

    def pick(r: random.Random) -> tuple[Hand, Card] | None:
        hand = layoff_position(r, gin=gin, rules=rules)
        if hand is None:
            return None
        melds = hand.table_melds
        cards = list(defender_cards(hand))
        r.shuffle(cards)
        fitting = [c for c in cards if len(layoff_targets(c, melds)) == 1]
        card = fitting[0] if fitting and (gin or r.random() < 0.65) else cards[0]
        return hand, card
    hand, card = retry(rng, pick, lambda x: True)
    melds = hand.table_melds
    nowhere = t("Nowhere")
    # Translators: a choice: the card goes on the knocker's meld with this number.
    options = tuple(t("On meld {number}", number=i + 1) for i in range(len(melds))) + (nowhere,)
    legal = [i for i in range(len(melds)) if hand.is_legal(f"layoff {card.code()} on {i + 1}")]
    answer = options[legal[0]] if legal else nowhere
    gin = hand.out_kind == ScoreKind.GIN
    if legal:
        explanation = t("{card} goes on meld {number} ({meld}).", card=card, number=legal[0] + 1,
                        meld=tuple(melds[legal[0]]))
    elif gin:  # what Hand.explain_illegal says of a lay-off against gin
        explanation = t("{card} cannot be laid off: there is no laying off against gin.", card=card)
    else:
        explanation = t("{card} cannot be laid off: it fits none of the knocker's melds.", card=card)

    def check(choice: str) -> Feedback:
        if choice == nowhere:
            if not legal:
                return Feedback(True, t("Right. {explanation}", explanation=explanation))
            return Feedback(False, t("Not “{choice}”: {card} can be laid off. Look at the ends of each run and at "
                                     "each set of three.", choice=choice, card=card))
        index = options.index(choice)
        why = hand.explain_illegal(f"layoff {card.code()} on {index + 1}")
        if why is None:
            return Feedback(True, t("Right. {explanation}", explanation=explanation))
        # Translators: {reason} is why the lay-off is illegal, after "you" ("cannot lay off 7♥ on meld 2 ...");
        # write the sentence as your language puts it.
        return Feedback(False, t("Not “{choice}”: you {reason}.", choice=choice, reason=why))
    if gin:
        prompt = t("Your opponent went gin with these melds. Can you lay off your {card}, and where?", card=card)
    else:
        prompt = t("Your opponent knocked with these melds. Can you lay off your {card}, and where?", card=card)
    return dict(prompt=prompt, answer_type="choice", options=options, answer=answer, explanation=explanation,
                checker=check, panels=(_melds_panel(hand), Panel(t("Your card"), "cards", cards=(card,))))


@exercise_kind("deadwood_after_layoffs", N_("Your count after laying off"))
def deadwood_after_layoffs(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Your deadwood after your best melds and lay-offs: the engine's reply counts it."""
    hand = retry(rng, lambda r: layoff_position(r, rules=rules), lambda h: True)
    result = best_reply(hand)
    answer = deadwood_counts(result)[1]
    laid = tuple(layoff.card for layoff in result.layoffs)
    # Translators: {melds} and {left} stand after a colon: the melds (or "none") and the cards left (or "nothing").
    values = dict(cards=laid, melds=tuple(result.defender_melds) or tc("no melds", "none"),
                  left=tuple(result.defender_deadwood_cards) or tc("no cards left", "nothing"), points=answer)
    if laid:
        explanation = t("Lay off {cards}; your own melds: {melds}; left: {left} = {points}.", **values)
    else:
        explanation = t("Lay off nothing; your own melds: {melds}; left: {left} = {points}.", **values)
    no_layoffs = min_deadwood(defender_cards(hand))

    def why_not(number: int) -> str:
        if number == no_layoffs and result.layoffs:
            return t("that is your count without any lay-offs: some of your cards fit the knocker's melds.")
        return more_or_less(number, answer,
                            too_low=t("that is less than your cards can get down to: only cards that complete a set "
                                      "or extend a run can be laid off."),
                            too_high=t("you can get lower: lay out your own melds and lay off every card that fits."))
    return dict(prompt=t("Your opponent knocked with these melds. Lay out your own melds and lay off what you can. How "
                         "much deadwood do you have left at best?"),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(_melds_panel(hand), Panel(t("Your hand"), "cards", cards=sort_by_suit(defender_cards(hand)))))


# -- lesson 7: scoring a hand -----------------------------------------------------------------------

OUTCOMES = (N_("Knock: the knocker scores"), N_("Undercut: the defender scores"), N_("Gin: the knocker scores"),
            N_("Dead hand: nobody scores"))
"""The choices of :func:`hand_outcome`, in English (translated where they are shown)."""
_OUTCOME_OF = {ScoreKind.KNOCK: OUTCOMES[0], ScoreKind.UNDERCUT: OUTCOMES[1], ScoreKind.GIN: OUTCOMES[2],
               ScoreKind.DEAD: OUTCOMES[3]}


def knock_score_position(rng: random.Random, kind: ScoreKind | str | None = None, rules: Rules | None = None, *,
                         defender_melds: bool = False) -> tuple[list[Card], list[Card], HandScore] | None:
    """A knocker's ten cards and a defender's ten, scored by the engine; ``kind``
    asks for a knock, an undercut or gin, and ``defender_melds`` for gin against
    a defender whose ten cards all meld too."""
    wanted = None if kind is None else ScoreKind.parse(kind)
    if wanted == ScoreKind.GIN:
        knocker = exact_melds(rng, (3, 3, 4))
    else:
        knocker = hand_with_melds(rng, 10, rng.choice((2, 3)), low_filler=True)
    rules = Rules() if rules is None else rules
    if knocker is None or min_deadwood(knocker) > rules.knock_limit:
        return None
    low = wanted == ScoreKind.UNDERCUT
    if defender_melds:
        defender = exact_melds(rng, rng.choice(((3, 3, 4), (4, 3, 3), (3, 4, 3))), used=knocker)
    else:
        defender = hand_with_melds(rng, 10, 3 if low else rng.choice((0, 1, 2)), used=knocker, low_filler=low)
    if defender is None:
        return None
    score = score_hand(knocker, defender, rules)
    if wanted is not None and score.kind != wanted:
        return None
    return knocker, defender, score


def dead_hand(rng: random.Random, rules: Rules | None = None) -> Hand:
    """A hand played out by drawing from the stock and throwing the card back until it is dead."""
    hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
    hand.apply("pass")
    hand.apply("pass")
    while not hand.is_over:
        hand.apply("draw")
        throw_back(hand)
    return hand


def score_panels(knocker: Sequence[Card], defender: Sequence[Card], score: HandScore) -> tuple[Panel, ...]:
    """A scored knock on show: the knocker's melds and deadwood, and the defender's hand."""
    return (Panel(t("The knocker's melds"), "melds", melds=score.knocker_melds),
            Panel(t("The knocker's deadwood: {points}", points=score.knocker_deadwood), "cards",
                  cards=score.knocker_deadwood_cards),
            Panel(t("The defender's hand"), "hand", cards=tuple(defender)))


def outcome_reasons(kind: ScoreKind | str) -> dict[str, str]:
    """Why each outcome other than ``kind`` (a knock, an undercut, gin or a dead hand) is wrong,
    keyed by the outcomes in the current language."""
    kind = ScoreKind.parse(kind)
    nobody_out = t("nobody knocked: the hand ended with an ordinary discard.")
    not_lower = t("compare the deadwood after the defender's lay-offs: the knocker's is not lower.")
    lower = t("compare the deadwood after the defender's lay-offs: the knocker's is lower.")
    not_gin = t("the knocker has deadwood left, so this is not gin.")
    reasons = {
        OUTCOMES[0]: {ScoreKind.UNDERCUT: not_lower, ScoreKind.DEAD: nobody_out,
                      ScoreKind.GIN: t("the knocker has no deadwood at all: that is more than an ordinary knock.")},
        OUTCOMES[1]: {ScoreKind.KNOCK: lower, ScoreKind.DEAD: nobody_out,
                      ScoreKind.GIN: t("gin cannot be undercut, even by a defender with no deadwood.")},
        OUTCOMES[2]: {ScoreKind.KNOCK: not_gin, ScoreKind.UNDERCUT: not_gin, ScoreKind.DEAD: nobody_out},
    }
    out = {t(outcome): why.get(kind, "") for outcome, why in reasons.items()}
    out[t(OUTCOMES[3])] = "" if kind == ScoreKind.DEAD else t("someone knocked, so the hand is scored.")
    return out


def explained(score: HandScore) -> str:
    """A scored hand in words, with the note that gin is never undercut where it matters."""
    if score.kind == ScoreKind.GIN and score.defender_deadwood == 0:
        # Translators: {result} is the hand's result in words (sentences).
        return t("{result} Gin cannot be undercut, even when the defender has no deadwood either.",
                 result=score.explain())
    return score.explain()


@exercise_kind("hand_outcome", N_("Who scores?"))
def hand_outcome(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Knock, undercut, gin or dead hand? score_hand (or the played Hand) decides."""
    # (the result asked for, whether the defender's cards all meld), drawn in this order
    kind, all_melds = rng.choice(((ScoreKind.KNOCK, False), (ScoreKind.UNDERCUT, False), (ScoreKind.GIN, False),
                                  (ScoreKind.DEAD, False), (ScoreKind.KNOCK, False), (ScoreKind.GIN, True)))
    if kind == ScoreKind.DEAD:
        hand = dead_hand(rng, rules)
        last_seat, last = hand.actions[-1]
        answer = t(_OUTCOME_OF[scored(hand).kind])
        explanation = scored(hand).explain()
        if not hand.is_legal("take"):
            explanation = t("{result} {player} may not take {card}: the hand is over.", result=explanation,
                            player=PLAYERS[1 - last_seat], card=last.card)
        return dict(prompt=tn("The stock is down to {n} card. The player to move drew from the stock and discarded "
                              "{card} without knocking. What happens?",
                              "The stock is down to {n} cards. The player to move drew from the stock and discarded "
                              "{card} without knocking. What happens?", hand.stock_count, card=last.card),
                    answer_type="choice", options=translated(OUTCOMES), answer=answer, explanation=explanation,
                    checker=choice_checker(answer, explanation, why_not=outcome_reasons(ScoreKind.DEAD)),
                    panels=(Panel(t("The table"), "table", hand=hand, face_down=(0, 1), outcome=False),))
    knocker, defender, score = retry(rng, lambda r: knock_score_position(r, kind, rules, defender_melds=all_melds),
                                     lambda x: True)
    answer = t(_OUTCOME_OF[score.kind])
    explanation = explained(score)
    return dict(prompt=t("The knocker has laid out. The defender will lay out his melds and lay off what he can. Who "
                         "scores this hand?"),
                answer_type="choice", options=translated(OUTCOMES), answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=outcome_reasons(score.kind)),
                panels=score_panels(knocker, defender, score))


def out_rule(score: HandScore, rules: str | None = None) -> str:
    """How a gin or big gin scores, in words (under the rules named ``rules``, when given): its bonus plus all
    of the defender's deadwood, nothing laid off."""
    values = dict(bonus=score.bonus, rules=rules, times=score.multiplier)
    if score.kind == ScoreKind.BIG_GIN:
        return t("this is big gin: the knocker scores the big gin bonus of {bonus} plus all of the defender's "
                 "deadwood; nothing may be laid off against big gin.", **values)
    if score.kind != ScoreKind.GIN:
        raise GinError(f"a {score.kind} is not gin")
    if rules is None:
        return t("this is gin: the knocker scores the gin bonus of {bonus} plus all of the defender's deadwood; "
                 "nothing may be laid off against gin.", **values)
    if score.multiplier != 1:
        # Translators: {rules} is the name of a set of rules ("classic", "Oklahoma, spades double").
        return t("this is gin under {rules} rules: the knocker scores the gin bonus of {bonus} plus all of the "
                 "defender's deadwood, × {times} for the spade upcard; nothing may be laid off against gin.",
                 **values)
    # Translators: {rules} is the name of a set of rules ("classic", "Oklahoma").
    return t("this is gin under {rules} rules: the knocker scores the gin bonus of {bonus} plus all of the "
             "defender's deadwood; nothing may be laid off against gin.", **values)


def points_reason(number: int, score: HandScore, *, defender_before: int, rules: str | None = None) -> str:
    """Why a number is not the points of a scored hand: the usual slips, named; else the rule for its result
    (under the rules named ``rules``, when given)."""
    (k, d), bonus, times = deadwood_counts(score), score.bonus, score.multiplier
    if times > 1 and number * times == score.points:
        return t("the score of this hand is multiplied by {times}.", times=times)
    if score.kind == ScoreKind.UNDERCUT and number == (k - d) * times:
        return t("the defender also gets the undercut bonus of {bonus}.", bonus=bonus)
    if score.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN) and number == d * times:
        return t("the knocker also gets the bonus of {bonus}.", bonus=bonus)
    if score.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN) and number == bonus * times and d:
        return t("the bonus is added to the defender's whole deadwood.")
    if score.kind == ScoreKind.KNOCK and number == (defender_before - k) * times and defender_before != d:
        return t("count the defender's deadwood after his lay-offs, not before.")
    if score.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN):
        return out_rule(score, rules)
    return t("look again at both counts: the defender's after his best melds and lay-offs, the knocker's as laid "
             "out; then apply the rule for this result.")


@exercise_kind("hand_points", N_("How many points?"))
def hand_points(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """The points of a knock, undercut or gin: score_hand counts them."""
    kind = rng.choice(("knock", "undercut", "gin", "knock"))
    knocker, defender, score = retry(rng, lambda r: knock_score_position(r, kind, rules), lambda x: True)
    explanation = explained(score)
    before = min_deadwood(defender)
    if score.winner == "knocker":
        prompt = t("The knocker has laid out. After the defender's best melds and lay-offs, the knocker wins this "
                   "hand. How many points does he score?")
    else:
        prompt = t("The knocker has laid out. After the defender's best melds and lay-offs, the defender wins this "
                   "hand. How many points does he score?")
    return dict(prompt=prompt, answer_type="number", answer=score.points, explanation=explanation,
                checker=number_checker(score.points, explanation,
                                       lambda n: points_reason(n, score, defender_before=before)),
                panels=score_panels(knocker, defender, score))


def knock_story(card: Card, knocker_ten: CardsLike, defender: CardsLike, rules: Rules,
                upcard: Card | None = None) -> tuple[int, str]:
    """A knock with ``card`` against a hand in view, scored by the engine: the knocker's
    gain (negative when undercut) and the story in words: the layout, the lay-offs and
    the score, and, when the knocker's choice of layout matters, the layout it beats."""
    score = score_hand(knocker_ten, defender, rules, upcard=upcard)
    melds = tuple(score.knocker_melds)
    laid = tuple(layoff.card for layoff in score.layoffs)
    values = dict(card=card, melds=melds, result=score.explain())
    if score.kind == ScoreKind.GIN:
        # Translators: {result} is the hand's result in words (sentences).
        text = t("Knocking with {card} is gin: you lay out {melds}. {result}", **values)
    elif laid:
        text = t("Knocking with {card}: you lay out {melds} and keep {deadwood} as deadwood; your opponent lays off "
                 "{laid}. {result}", deadwood=tuple(score.knocker_deadwood_cards), laid=laid, **values)
    else:
        text = t("Knocking with {card}: you lay out {melds} and keep {deadwood} as deadwood; your opponent can lay "
                 "off nothing. {result}", deadwood=tuple(score.knocker_deadwood_cards), **values)
    layouts = knocker_layouts(knocker_ten, defender)
    if score.defender_deadwood is None:
        raise GinError("a scored knock counts the defender's deadwood")
    if score.kind != ScoreKind.GIN and len(layouts) > 1:
        other = layouts[1]
        reply = best_layoffs(defender, other.melds)
        if reply.points < score.defender_deadwood:
            # Translators: {story} is the knock told so far (sentences); {other} is another layout of the melds.
            text = t("{story} Lay out {melds}, not {other} (the same deadwood): against that your opponent would lay "
                     "off {laid} and keep only {points}.", story=text, melds=melds, other=tuple(other.melds),
                     laid=tuple(layoff.card for layoff in reply.layoffs), points=reply.points)
    gain = score.points if score.winner == "knocker" else -score.points
    return gain, text


def knock_values(hand: Hand, defender: CardsLike) -> dict[Card, tuple[int, str]]:
    """For each legal knock discard: the knocker's gain (negative when undercut) and
    :func:`knock_story`."""
    cards = [card_of(action) for action in knock_options(hand)]
    return {card: knock_story(card, _rest_after(hand, card), defender, hand.rules, hand.upcard) for card in cards}


def knock_choice_position(rng: random.Random, rules: Rules | None = None,
                          ) -> tuple[Hand, tuple[Card, ...], dict[Card, tuple[int, str]]] | None:
    hand = eleven_cards(rng, ActionKind.KNOCK, rules)
    if hand is None:
        return None
    defender = hand.held(1 - acting_seat(hand))
    values = knock_values(hand, defender)
    if len({gain for gain, _ in values.values()}) < 2:
        return None
    return hand, defender, values


@exercise_kind("best_knock_discard", N_("The knock that scores most"))
def best_knock_discard(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click the knock discard that scores most against a hand you can see: score_hand for each."""
    hand, defender, values = retry(rng, lambda r: knock_choice_position(r, rules), lambda x: True)
    best = max(gain for gain, _ in values.values())
    answers = tuple(c for c, (gain, _) in values.items() if gain == best)
    explanation = " ".join(story for _, (_, story) in sorted(values.items(), key=lambda kv: -kv[1][0]))

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        if (refused := refused_knock(hand, card)) is not None:
            return refused
        gain, story = values[card]
        if gain == best:
            return Feedback(True, t("Right. {explanation}", explanation=story))
        # Translators: {story} is the knock told in words (sentences).
        return Feedback(False, t("{story} Another knock scores more.", story=story))
    held = sort_by_suit(hand.held(acting_seat(hand)))
    return dict(prompt=t("You may knock this turn, and (for this exercise) you can see your opponent's hand. Click the "
                         "knock discard that scores the most for you; your melds are then laid out the way that leaves "
                         "your opponent the fewest lay-offs. Watch out for undercuts!"),
                answer_type="cards", options=held, answer=answers[:1],
                explanation=explanation, checker=check, pick=1, option_label=your_cards(len(held)),
                panels=(Panel(t("Your opponent's hand"), "hand", cards=defender),))
