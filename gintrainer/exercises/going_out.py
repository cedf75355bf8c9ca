"""Exercises of lessons 5 to 7: knocking and gin, laying off, scoring a hand."""

from __future__ import annotations

from ..cards import Card, show_cards, sort_by_suit
from ..deals import hand_with_melds, in_discard, knocked, others, random_meld
from ..errors import GinError
from ..hand import Action, ActionKind, Hand
from ..language import N_
from ..melds import best_arrangement, min_deadwood
from ..rules import Rules
from ..scoring import ScoreKind, best_layoffs, knocker_layouts, layoff_targets, score_hand
from ..view import acting_seat, card_of
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

# -- positions -------------------------------------------------------------------------


def exact_melds(rng, sizes, used=()) -> list[Card] | None:
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


def eleven_cards(rng, shape: ActionKind | str | None, rules: Rules | None = None, *, upcard=None) -> Hand | None:
    """You (non-dealer) with 11 cards to discard from, dealt for a way out: ``shape`` is
    big gin (all 11 meld), gin (10 meld), a knock (low deadwood) or None (any hand), as
    an :class:`~gintrainer.hand.ActionKind` or its text."""
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
def knock_card(seed, rng, rules):
    """Click a card you can knock with; Hand.is_legal("knock ...") decides."""
    def accept(hand):
        outs = knock_options(hand)
        return outs and len(outs) < len(hand.held(hand.to_act))
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK, rules), accept)
    held = hand.held(hand.to_act)
    outs = knock_options(hand)
    best = min(outs, key=lambda a: min_deadwood(_rest_after(hand, a.card)))
    rest = best_arrangement(_rest_after(hand, best.card))
    how = "that is gin" if rest.points == 0 else f"within the knock limit of {hand.knock_limit}"
    explanation = (f"For example knock with {best.card}: the other ten cards are {words(rest)}, {how}. "
                   f"Cards you can knock with: {show_cards(a.card for a in outs)}.")

    def check(picked):
        card = picked[0]
        why = hand.explain_illegal(f"knock {card.code()}")
        if why:
            return Feedback(False, f"No: you {why}.")
        points = min_deadwood(_rest_after(hand, card))
        if points == 0:
            return Feedback(True, f"Right, and better: discarding {card} leaves no deadwood at all, which is gin.")
        gin = [a.card for a in outs if a.kind is ActionKind.GIN]
        if gin:
            return Feedback(True, f"Right: discarding {card} face down leaves {points} deadwood, within the limit of "
                                  f"{hand.knock_limit}. Better still: discarding {gin[0]} leaves no deadwood at "
                                  "all, which is gin.")
        return Feedback(True, f"Right: discarding {card} face down leaves {points} deadwood, within the limit of "
                              f"{hand.knock_limit}.")
    return dict(prompt="You have drawn and hold 11 cards. Click a card you can knock with: it goes face down, "
                       f"and the ten cards left must have {hand.knock_limit} deadwood or less.",
                answer_type="cards", options=sort_by_suit(held), answer=(best.card,), explanation=explanation,
                checker=check, pick=1, option_label="Your 11 cards")


@exercise_kind("can_knock", N_("Can you knock?"))
def can_knock(seed, rng, rules):
    """Can you knock this turn? Hand.legal_actions answers."""
    want = rng.random() < 0.5
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK if want else r.choice((ActionKind.KNOCK, None)),
                                             rules),
                 lambda h: bool(knock_options(h)) == want)
    held = hand.held(hand.to_act)
    best_points = min(min_deadwood(_rest_after(hand, c)) for c in held)
    best_card = min(held, key=lambda c: (min_deadwood(_rest_after(hand, c)), -c.value))
    rest = best_arrangement(_rest_after(hand, best_card))
    answer = "Yes" if knock_options(hand) else "No"
    limit = hand.knock_limit
    if answer == "Yes":
        explanation = (f"Discard {best_card} face down and the rest is {words(rest)}, within the limit of "
                       f"{limit}.")
    else:
        explanation = (f"Even your best discard, {best_card}, leaves {best_points} deadwood, over the limit "
                       f"of {limit}: {words(rest)}. Discard and play on.")
    why_not = {"Yes": f"no discard leaves {limit} or less deadwood: try each card and count what the other ten "
                      "leave.",
               "No": f"one of your discards leaves {limit} or less deadwood: find the melds, then look at what "
                     "is left."}
    return dict(prompt=f"You hold these 11 cards after drawing. Can you knock (the knock limit is "
                       f"{limit})?",
                answer_type="choice", options=("Yes", "No"), answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=why_not),
                panels=(Panel("Your 11 cards", "cards", cards=sort_by_suit(held)),))


GOING_OUT = ("Big gin", "Gin", "Knock", "None of these: discard and play on")


@exercise_kind("going_out", N_("Gin, big gin or knock?"))
def going_out(seed, rng, rules):
    """The best way out of 11 cards, under rules with or without big gin: Hand.legal_actions decides."""
    rules = rules.replace(big_gin=rng.random() < 0.5)
    shape = rng.choice((ActionKind.BIG_GIN, ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK, None))
    hand = retry(rng, lambda r: eleven_cards(r, shape, rules), lambda h: True)
    kinds = {a.kind for a in hand.legal_actions()}
    held = hand.held(hand.to_act)
    arrangement = best_arrangement(held)
    if ActionKind.BIG_GIN in kinds:
        answer = GOING_OUT[0]
        melds = " · ".join(show_cards(m) for m in arrangement.melds)
        explanation = (f"All 11 cards form melds ({melds}) and big gin is on: go out without discarding "
                       f"for a bonus of {rules.big_gin_bonus}.")
    elif ActionKind.GIN in kinds:
        card = next(a.card for a in hand.legal_actions() if a.kind is ActionKind.GIN)
        answer = GOING_OUT[1]
        extra = "" if rules.big_gin else (" (big gin is off, so even when all 11 meld you discard one)"
                                          if arrangement.points == 0 else "")
        explanation = (f"Discard {card} face down and the other ten cards all meld: "
                       f"{words(best_arrangement(_rest_after(hand, card)))}. That is gin, bonus "
                       f"{rules.gin_bonus}{extra}.")
    elif ActionKind.KNOCK in kinds:
        card = min((card_of(a) for a in hand.legal_actions() if a.kind is ActionKind.KNOCK),
                   key=lambda c: min_deadwood(_rest_after(hand, c)))
        answer = GOING_OUT[2]
        rest = best_arrangement(_rest_after(hand, card))
        explanation = (f"Discard {card} face down: {words(rest)}. Not gin, but within the knock limit of "
                       f"{hand.knock_limit}.")
    else:
        answer = GOING_OUT[3]
        best = min(min_deadwood(_rest_after(hand, c)) for c in held)
        explanation = f"Your best discard leaves {best} deadwood, over the knock limit of {hand.knock_limit}."
    return dict(prompt=f"You hold these 11 cards after drawing. Big gin is {'ON' if rules.big_gin else 'OFF'} in "
                       "these rules. What is the best way to go out?",
                answer_type="choice", options=GOING_OUT, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=_going_out_reasons(kinds, rules, hand)),
                panels=(Panel("Your 11 cards", "cards", cards=sort_by_suit(held)),))


def _going_out_reasons(kinds: set[ActionKind], rules: Rules, hand: Hand) -> dict[str, str]:
    """Why each way out is not the best one here (for the ones that are not)."""
    limit = hand.knock_limit
    can_go_out = bool(kinds & set(WAYS_OUT))
    return {
        GOING_OUT[0]: ("big gin is off in these rules." if not rules.big_gin else
                       "big gin needs all 11 cards in melds, and these do not all meld."),
        GOING_OUT[1]: ("gin is possible, but all 11 cards meld and big gin is on: that scores more." if
                       ActionKind.BIG_GIN in kinds else "no discard leaves the other ten cards all in melds."),
        GOING_OUT[2]: ("you can do better than a knock: there is a way out with no deadwood at all."
                       if kinds & {ActionKind.GIN, ActionKind.BIG_GIN}
                       else f"no discard leaves {limit} or less deadwood."),
        GOING_OUT[3]: "you can go out this turn: look for the melds again." if can_go_out else "",
    }


def best_knock(hand: Hand) -> Card:
    """The knock discard that leaves the least deadwood (the highest such card)."""
    outs = [card_of(a) for a in knock_options(hand)]
    return min(outs, key=lambda c: (min_deadwood(_rest_after(hand, c)), -c.value, -c.index))


@exercise_kind("knock_deadwood", N_("Your count after knocking"))
def knock_deadwood(seed, rng, rules):
    """After the knock that leaves the least deadwood, what is your count? The Hand counts
    it. Positions where gin is possible are left out: there you would go gin."""
    hand = retry(rng, lambda r: eleven_cards(r, ActionKind.KNOCK, rules),
                 lambda h: knock_options(h) and all(a.kind is ActionKind.KNOCK for a in knock_options(h)))
    card = best_knock(hand)
    seat = hand.to_act
    after = hand.copy()
    after.apply(f"knock {card.code()}")
    answer = after.deadwood(seat)
    rest = best_arrangement(after.held(seat))
    explanation = f"Without {card} your ten cards arrange as {words(rest)}."
    every_card = sum(c.value for c in rest.cards)

    def why_not(number):
        if number == answer + card.value:
            return f"that counts {card}, which you discarded face down: it is not part of your hand any more."
        if number == every_card:
            return "that counts your melded cards too: only cards in no meld are deadwood."
        return more_or_less(number, answer, too_low="no arrangement of your ten cards leaves so little.",
                            too_high="your ten cards can be arranged to leave less: look for the melds again.")
    return dict(prompt=f"You knock, discarding {card} face down: of your knocks it leaves the least deadwood "
                       "(no discard gives gin here). What is your deadwood count now?",
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel("Your 11 cards", "cards", cards=sort_by_suit(hand.held(seat))),))


# -- lesson 6: laying off ------------------------------------------------------------------------


def layoff_fits(melds, used) -> list[Card]:
    """Cards that would go on these melds: fourth cards of sets, run ends, a second card on a run end."""
    fits = []
    for meld in melds:
        if len({c.rank for c in meld}) == 1:
            fits += [Card(meld[0].rank, s) for s in "CDHS" if Card(meld[0].rank, s) not in meld]
        else:
            suit, ranks = meld[0].suit, sorted(c.rank for c in meld)
            fits += [Card(r, suit) for r in (ranks[0] - 1, ranks[-1] + 1, ranks[-1] + 2) if 1 <= r <= 13]
    return list(dict.fromkeys(c for c in fits if c not in used))


def layoff_position(rng, *, gin: bool = False, rules: Rules | None = None) -> Hand | None:
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


def can_lay_off_all(hand: Hand, cards) -> bool:
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


def best_reply(hand: Hand):
    """The defender's best melds and lay-offs, played by the engine (``auto``)."""
    after = hand.copy()
    after.apply("auto")
    return after.result


def _melds_panel(hand: Hand) -> Panel:
    return Panel("The knocker's melds on the table", "melds", melds=hand.table_melds)


@exercise_kind("layoff_cards", N_("Lay off your cards"))
def layoff_cards(seed, rng, rules):
    """Click the cards to lay off for the least deadwood; legality by Hand, the best by the engine's reply."""
    hand = retry(rng, lambda r: layoff_position(r, rules=rules), lambda h: bool(best_reply(h).layoffs))
    result = best_reply(hand)
    best = result.defender_deadwood
    laid = tuple(layoff.card for layoff in result.layoffs)
    cards = sort_by_suit(defender_cards(hand))
    explanation = (f"Lay off {show_cards(laid)}: your other cards then arrange as "
                   f"{words(best_arrangement([c for c in cards if c not in laid]))}.")

    def check(picked):
        if not can_lay_off_all(hand, picked):
            bad = [c for c in picked if can_lay_off_all(hand, [d for d in picked if d is not c])]
            what = f"{bad[0]} cannot be laid off" if bad else f"{show_cards(picked)} cannot all be laid off"
            return Feedback(False, f"{what}: a lay-off makes a set of three into four or extends a run at either "
                                   "end (a card may extend a run that another lay-off extended).")
        left = [c for c in cards if c not in picked]
        points = min_deadwood(left)
        if points == best:
            return Feedback(True, f"Right: laying off {show_cards(picked)} leaves {points} deadwood "
                                  f"({words(best_arrangement(left))}), the least you can.")
        return Feedback(False, f"Laying off {show_cards(picked)} leaves {points} deadwood "
                               f"({words(best_arrangement(left))}); another choice leaves less.")
    return dict(prompt="Your opponent knocked and laid out these melds. Click every card of yours that you lay "
                       "off on them to leave yourself the least deadwood.",
                answer_type="cards", options=cards, answer=laid, explanation=explanation, checker=check,
                option_label="Your hand", panels=(_melds_panel(hand),))


@exercise_kind("layoff_where", N_("Where does it go?"))
def layoff_where(seed, rng, rules):
    """Can one card be laid off, and on which meld? Hand.is_legal("layoff ... on n") decides."""
    gin = rng.random() < 0.3

    def pick(r):
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
    options = tuple(f"On meld {i + 1}" for i in range(len(melds))) + ("Nowhere",)
    legal = [i for i in range(len(melds)) if hand.is_legal(f"layoff {card.code()} on {i + 1}")]
    answer = options[legal[0]] if legal else "Nowhere"
    if legal:
        explanation = f"{card} goes on meld {legal[0] + 1} ({show_cards(melds[legal[0]])})."
    else:
        reason = hand.explain_illegal(f"layoff {card.code()}")
        explanation = f"{card} cannot be laid off: {reason.removeprefix('cannot lay off ' + str(card) + ': ')}."

    def check(choice):
        if choice == "Nowhere":
            if not legal:
                return Feedback(True, "Right. " + explanation)
            return Feedback(False, f"Not “Nowhere”: {card} can be laid off. Look at the ends of each run and "
                                   "at each set of three.")
        index = options.index(choice)
        why = hand.explain_illegal(f"layoff {card.code()} on {index + 1}")
        if why is None:
            return Feedback(True, "Right. " + explanation)
        return Feedback(False, f"Not “{choice}”: you {why}.")
    went = "went gin" if hand.out_kind == ScoreKind.GIN else "knocked"
    return dict(prompt=f"Your opponent {went} with these melds. Can you lay off your {card}, and where?",
                answer_type="choice", options=options, answer=answer, explanation=explanation, checker=check,
                panels=(_melds_panel(hand), Panel("Your card", "cards", cards=(card,))))


@exercise_kind("deadwood_after_layoffs", N_("Your count after laying off"))
def deadwood_after_layoffs(seed, rng, rules):
    """Your deadwood after your best melds and lay-offs: the engine's reply counts it."""
    hand = retry(rng, lambda r: layoff_position(r, rules=rules), lambda h: True)
    result = best_reply(hand)
    answer = result.defender_deadwood
    laid = show_cards(layoff.card for layoff in result.layoffs) or "nothing"
    melds = " · ".join(show_cards(m) for m in result.defender_melds) or "none"
    explanation = (f"Lay off {laid}; your own melds: {melds}; left: "
                   f"{show_cards(result.defender_deadwood_cards) or 'nothing'} = {answer}.")
    no_layoffs = min_deadwood(defender_cards(hand))

    def why_not(number):
        if number == no_layoffs and result.layoffs:
            return "that is your count without any lay-offs: some of your cards fit the knocker's melds."
        return more_or_less(number, answer,
                            too_low="that is less than your cards can get down to: only cards that complete a set "
                                 "or extend a run can be laid off.",
                            too_high="you can get lower: lay out your own melds and lay off every card that fits.")
    return dict(prompt="Your opponent knocked with these melds. Lay out your own melds and lay off what you can. "
                       "How much deadwood do you have left at best?",
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(_melds_panel(hand), Panel("Your hand", "cards", cards=sort_by_suit(defender_cards(hand)))))


# -- lesson 7: scoring a hand -----------------------------------------------------------------------

OUTCOMES = ("Knock: the knocker scores", "Undercut: the defender scores", "Gin: the knocker scores",
            "Dead hand: nobody scores")
_OUTCOME_OF = {ScoreKind.KNOCK: OUTCOMES[0], ScoreKind.UNDERCUT: OUTCOMES[1], ScoreKind.GIN: OUTCOMES[2],
               ScoreKind.DEAD: OUTCOMES[3]}


def knock_score_position(rng, kind: ScoreKind | str | None = None, rules: Rules | None = None, *,
                         defender_melds: bool = False):
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


def dead_hand(rng, rules: Rules | None = None) -> Hand:
    """A hand played out by drawing from the stock and throwing the card back until it is dead."""
    hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
    hand.apply("pass")
    hand.apply("pass")
    while not hand.is_over:
        hand.apply("draw")
        throw_back(hand)
    return hand


def _score_panels(knocker, defender, score) -> tuple[Panel, ...]:
    return (Panel("The knocker's melds", "melds", melds=score.knocker_melds),
            Panel(f"The knocker's deadwood: {score.knocker_deadwood}", "cards", cards=score.knocker_deadwood_cards),
            Panel("The defender's hand", "hand", cards=defender))


def outcome_reasons(kind: ScoreKind | str) -> dict[str, str]:
    """Why each outcome other than ``kind`` (a knock, an undercut, gin or a dead hand) is wrong."""
    kind = ScoreKind.parse(kind)
    nobody_out = "nobody knocked: the hand ended with an ordinary discard."
    not_lower = "compare the deadwood after the defender's lay-offs: the knocker's is not lower."
    lower = "compare the deadwood after the defender's lay-offs: the knocker's is lower."
    not_gin = "the knocker has deadwood left, so this is not gin."
    reasons = {
        OUTCOMES[0]: {ScoreKind.UNDERCUT: not_lower, ScoreKind.DEAD: nobody_out,
                      ScoreKind.GIN: "the knocker has no deadwood at all: that is more than an ordinary knock."},
        OUTCOMES[1]: {ScoreKind.KNOCK: lower, ScoreKind.DEAD: nobody_out,
                      ScoreKind.GIN: "gin cannot be undercut, even by a defender with no deadwood."},
        OUTCOMES[2]: {ScoreKind.KNOCK: not_gin, ScoreKind.UNDERCUT: not_gin, ScoreKind.DEAD: nobody_out},
    }
    out = {outcome: why.get(kind, "") for outcome, why in reasons.items()}
    out[OUTCOMES[3]] = "" if kind == ScoreKind.DEAD else "someone knocked, so the hand is scored."
    return out


def _gin_note(score) -> str:
    if score.kind == ScoreKind.GIN and score.defender_deadwood == 0:
        return " Gin cannot be undercut, even when the defender has no deadwood either."
    return ""


@exercise_kind("hand_outcome", N_("Who scores?"))
def hand_outcome(seed, rng, rules):
    """Knock, undercut, gin or dead hand? score_hand (or the played Hand) decides."""
    # (the result asked for, whether the defender's cards all meld), drawn in this order
    kind, all_melds = rng.choice(((ScoreKind.KNOCK, False), (ScoreKind.UNDERCUT, False), (ScoreKind.GIN, False),
                                  (ScoreKind.DEAD, False), (ScoreKind.KNOCK, False), (ScoreKind.GIN, True)))
    if kind == ScoreKind.DEAD:
        hand = dead_hand(rng, rules)
        last_seat, last = hand.actions[-1]
        answer = _OUTCOME_OF[hand.result.kind]
        explanation = hand.result.explain()
        if not hand.is_legal("take"):
            explanation += f" {NAMES[1 - last_seat]} may not take {last.card}: the hand is over."
        return dict(prompt=f"The stock is down to {hand.stock_count} cards. The player to move drew from the "
                           f"stock and discarded {last.card} without knocking. What happens?",
                    answer_type="choice", options=OUTCOMES, answer=answer, explanation=explanation,
                    checker=choice_checker(answer, explanation, why_not=outcome_reasons(ScoreKind.DEAD)),
                    panels=(Panel("The table", "table", hand=hand, face_down=(0, 1)),))
    knocker, defender, score = retry(rng, lambda r: knock_score_position(r, kind, rules, defender_melds=all_melds),
                                     lambda x: True)
    answer = _OUTCOME_OF[score.kind]
    explanation = score.explain() + _gin_note(score)
    return dict(prompt="The knocker has laid out. The defender will lay out his melds and lay off what he can. "
                       "Who scores this hand?",
                answer_type="choice", options=OUTCOMES, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=outcome_reasons(score.kind)),
                panels=_score_panels(knocker, defender, score))


def points_reason(number: int, score, *, defender_before: int) -> str:
    """Why a number is not the points of a scored hand: the usual slips, named."""
    k, d, bonus, times = score.knocker_deadwood, score.defender_deadwood, score.bonus, score.multiplier
    if times > 1 and number * times == score.points:
        return f"the score of this hand is multiplied by {times}."
    if score.kind == ScoreKind.UNDERCUT and number == (k - d) * times:
        return f"the defender also gets the undercut bonus of {bonus}."
    if score.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN) and number == d * times:
        return f"the knocker also gets the bonus of {bonus}."
    if score.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN) and number == bonus * times and d:
        return "the bonus is added to the defender's whole deadwood."
    if score.kind == ScoreKind.KNOCK and number == (defender_before - k) * times and defender_before != d:
        return "count the defender's deadwood after his lay-offs, not before."
    return ("look again at both counts: the defender's after his best melds and lay-offs, the knocker's as "
            "laid out; then apply the rule for this result.")


@exercise_kind("hand_points", N_("How many points?"))
def hand_points(seed, rng, rules):
    """The points of a knock, undercut or gin: score_hand counts them."""
    kind = rng.choice(("knock", "undercut", "gin", "knock"))
    knocker, defender, score = retry(rng, lambda r: knock_score_position(r, kind, rules), lambda x: True)
    explanation = score.explain() + _gin_note(score)
    who = "knocker" if score.winner == "knocker" else "defender"
    before = min_deadwood(defender)
    return dict(prompt=f"The knocker has laid out. After the defender's best melds and lay-offs, the {who} wins "
                       "this hand. How many points does he score?",
                answer_type="number", answer=score.points, explanation=explanation,
                checker=number_checker(score.points, explanation,
                                       lambda n: points_reason(n, score, defender_before=before)),
                panels=_score_panels(knocker, defender, score))


def knock_story(card: Card, knocker_ten, defender, rules: Rules, upcard=None) -> tuple[int, str]:
    """A knock with ``card`` against a hand in view, scored by the engine: the knocker's
    gain (negative when undercut) and the story in words: the layout, the lay-offs and
    the score, and, when the knocker's choice of layout matters, the layout it beats."""
    score = score_hand(knocker_ten, defender, rules, upcard=upcard)
    melds = " · ".join(show_cards(m) for m in score.knocker_melds)
    laid = show_cards(layoff.card for layoff in score.layoffs)
    if score.kind == ScoreKind.GIN:
        text = f"Knocking with {card} is gin: you lay out {melds}. {score.explain()}"
    elif laid:
        text = (f"Knocking with {card}: you lay out {melds} and keep {show_cards(score.knocker_deadwood_cards)} "
                f"as deadwood; your opponent lays off {laid}. {score.explain()}")
    else:
        text = (f"Knocking with {card}: you lay out {melds} and keep {show_cards(score.knocker_deadwood_cards)} "
                f"as deadwood; your opponent can lay off nothing. {score.explain()}")
    layouts = knocker_layouts(knocker_ten, defender)
    if score.defender_deadwood is None:
        raise GinError("a scored knock counts the defender's deadwood")
    if score.kind != ScoreKind.GIN and len(layouts) > 1:
        other = layouts[1]
        reply = best_layoffs(defender, other.melds)
        if reply.points < score.defender_deadwood:
            others_laid = show_cards(layoff.card for layoff in reply.layoffs)
            text += (f" Lay out {melds}, not {' · '.join(show_cards(m) for m in other.melds)} (the same "
                     f"deadwood): against that your opponent would lay off {others_laid} "
                     f"and keep only {reply.points}.")
    gain = score.points if score.winner == "knocker" else -score.points
    return gain, text


def knock_values(hand: Hand, defender) -> dict[Card, tuple[int, str]]:
    """For each legal knock discard: the knocker's gain (negative when undercut) and
    :func:`knock_story`."""
    cards = [card_of(action) for action in knock_options(hand)]
    return {card: knock_story(card, _rest_after(hand, card), defender, hand.rules, hand.upcard) for card in cards}


def knock_choice_position(rng, rules: Rules | None = None):
    hand = eleven_cards(rng, ActionKind.KNOCK, rules)
    if hand is None:
        return None
    defender = hand.held(1 - acting_seat(hand))
    values = knock_values(hand, defender)
    if len({gain for gain, _ in values.values()}) < 2:
        return None
    return hand, defender, values


@exercise_kind("best_knock_discard", N_("The knock that scores most"))
def best_knock_discard(seed, rng, rules):
    """Click the knock discard that scores most against a hand you can see: score_hand for each."""
    hand, defender, values = retry(rng, lambda r: knock_choice_position(r, rules), lambda x: True)
    best = max(gain for gain, _ in values.values())
    answers = tuple(c for c, (gain, _) in values.items() if gain == best)
    explanation = " ".join(story for _, (_, story) in sorted(values.items(), key=lambda kv: -kv[1][0]))

    def check(picked):
        card = picked[0]
        why = hand.explain_illegal(f"knock {card.code()}")
        if why:
            return Feedback(False, f"You {why}.")
        gain, story = values[card]
        if gain == best:
            return Feedback(True, f"Right. {story}")
        return Feedback(False, f"{story} Another knock scores more.")
    return dict(prompt="You may knock this turn, and (for this exercise) you can see your opponent's hand. "
                       "Click the knock discard that scores the most for you; your melds are then laid out the "
                       "way that leaves your opponent the fewest lay-offs. Watch out for undercuts!",
                answer_type="cards", options=sort_by_suit(hand.held(hand.to_act)), answer=answers[:1],
                explanation=explanation, checker=check, pick=1, option_label="Your 11 cards",
                panels=(Panel("Your opponent's hand", "hand", cards=defender),))
