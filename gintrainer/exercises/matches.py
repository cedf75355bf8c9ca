"""Exercises of lessons 8 and 9: scoring a match, and the variants."""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import DECK, Card, show_cards, sort_by_suit
from ..errors import IllegalActionError
from ..match import Match
from ..melds import min_deadwood
from ..deals import greedy_move, in_discard, others
from ..rules import Rules
from ..scoring import HandScore, score_hand
from .core import NAMES, Feedback, Panel, choice_checker, exercise_kind, number_checker, retry
from .going_out import eleven_cards, knock_choice_position, knock_options, knock_score_position

# -- matches -----------------------------------------------------------------------------


@lru_cache(maxsize=64)
def played_match(seed: int, rules: Rules = Rules(), hands: int | None = None) -> Match:
    """A match between two plain players from its seed, to its end or after ``hands`` hands.
    (Cached: treat it as read-only.)"""
    match = Match(rules, seed=seed)
    while True:
        while not match.hand.is_over:
            match.apply(greedy_move(match.hand))
        if match.is_over or (hands is not None and len(match.hands) >= hands):
            return match
        match.next_hand()


def result_words(result: HandScore) -> str:
    """A hand's result in a few words: "Ann: knock, 12"."""
    if result.winner_seat is None:
        return "dead hand: no score" if result.kind == "dead" else "tie: no score"
    return f"{NAMES[result.winner_seat]}: {result.kind.replace('_', ' ')}, {result.points}"


def match_rows(match: Match, upto: int | None = None) -> tuple[tuple[str, ...], ...]:
    """A score sheet: each hand's dealer and result, and the running points (one game)."""
    rows = [("Hand", "Dealer", "Result", f"{NAMES[0]}'s points", f"{NAMES[1]}'s points")]
    totals = [0, 0]
    for number, hand in enumerate(match.hands[:upto], start=1):
        result = hand.result
        if result.winner_seat is not None:
            totals[result.winner_seat] += result.points
        rows.append((str(number), NAMES[hand.dealer], result_words(result), str(totals[0]), str(totals[1])))
    return tuple(rows)


def match_match(rng, rules: Rules = Rules()) -> tuple[int, Match]:
    seed = rng.randrange(10_000)
    return seed, played_match(seed, rules)


@exercise_kind("match_total", 8, "The final score")
def match_total(seed, rng):
    """A player's final total with the game, box and shutout bonuses: Match.totals answers."""
    _, match = match_match(rng)
    game = match.games[0]
    seat = rng.randrange(2)
    bonuses = game.bonuses
    points = game.points[seat]
    answer = match.totals[seat]
    boxes = bonuses.boxes[seat]
    wins = game.hands_won[seat]
    parts = [f"{points} points from hands"]
    if game.winner == seat:
        shutout = " (doubled: a shutout, the loser won no hand)" if bonuses.shutout else ""
        parts.append(f"{bonuses.game[seat]} game bonus{shutout}")
    parts.append(f"{boxes} for boxes ({wins} hand{'s' if wins != 1 else ''} won × {match.rules.box_bonus})")
    explanation = f"{NAMES[seat]}: " + " + ".join(parts) + f" = {answer}."
    return dict(prompt=f"This match is over: {NAMES[game.winner]} reached {match.rules.target}. What is "
                       f"{NAMES[seat]}'s final score with all the bonuses?",
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation),
                panels=(Panel("The score sheet", "rows", rows=match_rows(match)),))


@exercise_kind("next_dealer", 8, "Who deals next?")
def next_dealer(seed, rng):
    """Who deals the next hand? The Match deals it."""
    loser_deals = rng.random() < 0.3
    rules = Rules(next_dealer="loser") if loser_deals else Rules()
    _, match = retry(rng, lambda r: match_match(r, rules), lambda m: len(m[1].hands) >= 2)
    upto = rng.randint(1, len(match.hands) - 1)
    last = match.hands[upto - 1].result
    answer = NAMES[match.hands[upto].dealer]
    rule = "the loser of a hand deals the next" if loser_deals else "the winner of a hand deals the next"
    if last.winner_seat is None:
        explanation = f"Hand {upto} scored nothing, so the same dealer, {answer}, deals again."
    else:
        explanation = f"{NAMES[last.winner_seat]} won hand {upto}, and under these rules {rule}: {answer}."
    return dict(prompt=f"Under these rules {rule}. Who deals hand {upto + 1}?",
                answer_type="choice", options=NAMES, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation),
                panels=(Panel("The score sheet so far", "rows", rows=match_rows(match, upto)),))


@exercise_kind("winning_knock", 8, "Knock to win the game")
def winning_knock(seed, rng):
    """Click a knock discard that takes you to the target: score_hand scores each knock."""
    def make(r):
        found = knock_choice_position(r)
        if found is None:
            return None
        wins = sorted({gain for gain, _ in found[2].values() if gain > 0})
        return None if len(wins) < 2 else (found, wins)
    (hand, defender, values), wins = retry(rng, make, lambda x: True)
    target = Rules().target
    needed = rng.choice(wins[1:])
    have = target - needed
    reach = tuple(c for c, (gain, _) in values.items() if gain >= needed)
    listing = "; ".join(f"{c}: {'+' if g >= 0 else '−'}{abs(g)}" for c, (g, _) in
                        sorted(values.items(), key=lambda kv: -kv[1][0]))
    explanation = (f"You need {needed} more points to reach {target}. Each knock scores: {listing}. "
                   f"Winning knocks: {show_cards(reach)}.")

    def check(picked):
        card = picked[0]
        why = hand.explain_illegal(f"knock {card.code()}")
        if why:
            return Feedback(False, f"You {why}. " + explanation)
        gain, words = values[card]
        if gain >= needed:
            return Feedback(True, f"Right: {words} {have} + {gain} = {have + gain}: the game is yours.")
        total = have + max(gain, 0)
        return Feedback(False, f"{words} That leaves you on {total}, short of {target}. " + explanation)
    return dict(prompt=f"You have {have} points; the game is to {target}. You may knock now and (for this exercise) "
                       "you can see your opponent's hand. Click a knock discard that wins the game with this hand.",
                answer_type="cards", options=sort_by_suit(hand.held(hand.to_act)), answer=reach[:1],
                explanation=explanation, checker=check, pick=1, option_label="Your 11 cards",
                panels=(Panel("Your opponent's hand", "hand", cards=defender),))


# -- lesson 9: variants ------------------------------------------------------------------------

RULE_SETS: tuple[tuple[str, Rules], ...] = (
    ("standard", Rules.preset("standard")),
    ("modern", Rules.preset("modern")),
    ("classic", Rules.preset("classic")),
    ("Oklahoma", Rules(oklahoma=True)),
    ("Oklahoma, spades double", Rules(oklahoma=True, oklahoma_spades_double=True)),
    ("straight gin", Rules(straight_gin=True)),
)
"""The rules compared side by side in lesson 9."""


@exercise_kind("oklahoma_limit", 9, "Oklahoma's knock limit")
def oklahoma_limit(seed, rng):
    """The knock limit an Oklahoma upcard sets: Rules.knock_limit_for answers."""
    upcard = rng.choice(DECK)
    rules = Rules(oklahoma=True)
    answer = rules.knock_limit_for(upcard)
    if upcard.rank == 1:
        explanation = f"An ace upcard means only gin may go out: the limit is {answer}."
    else:
        explanation = f"The limit is the upcard's value: {upcard} counts {upcard.value}."
    return dict(prompt=f"You play Oklahoma. The first upcard is {upcard}. What is the knock limit in this hand?",
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation),
                panels=(Panel("The upcard", "cards", cards=(upcard,)),))


@exercise_kind("variant_knock", 9, "Going out under a variant")
def variant_knock(seed, rng):
    """Click a card you may go out with under Oklahoma or straight gin: Hand.is_legal decides."""
    straight = rng.random() < 0.35

    def make(r):
        rules = Rules(straight_gin=True) if straight else Rules(oklahoma=True)
        upcard = Card(r.randint(2, 9), r.choice("CDHS"))
        hand = eleven_cards(r, "gin" if straight else "knock", rules, upcard=upcard)
        if hand is None:
            return None
        held = hand.held(hand.to_act)
        standard = [c for c in held if min_deadwood([d for d in held if d is not c]) <= Rules().knock_limit]
        legal = [a.card for a in knock_options(hand)]
        return hand if legal and len(standard) > len(legal) else None
    hand = retry(rng, make, lambda h: True)
    legal = [a.card for a in knock_options(hand)]
    if straight:
        rule = "Straight gin: nobody may knock; you may only go out with gin."
    else:
        rule = (f"Oklahoma: the first upcard was {hand.upcard}, so the knock limit in this hand is "
                f"{hand.knock_limit}.")
    explanation = f"{rule} You may go out with {show_cards(legal)}."

    def check(picked):
        card = picked[0]
        why = hand.explain_illegal(f"knock {card.code()}")
        if why:
            return Feedback(False, f"No: you {why}. " + explanation)
        return Feedback(True, f"Right: discarding {card} leaves "
                              f"{min_deadwood([c for c in hand.held(hand.to_act) if c is not card])} "
                              f"deadwood. " + rule)
    return dict(prompt=rule + " Click a card you may go out with (discard face down).",
                answer_type="cards", options=sort_by_suit(hand.held(hand.to_act)), answer=tuple(legal[:1]),
                explanation=explanation, checker=check, pick=1, option_label="Your 11 cards")


@exercise_kind("variant_points", 9, "The same knock, other rules")
def variant_points(seed, rng):
    """The points of one knock under a preset or variant: score_hand with those rules."""
    def make(r):
        found = knock_score_position(r, r.choice(("knock", "undercut", "gin")))
        if found is None:
            return None
        knocker, defender, _ = found
        name, rules = r.choice(RULE_SETS)
        upcard = others(r, set(knocker) | set(defender), 1)[0]
        try:
            score = score_hand(knocker, defender, rules, upcard=upcard)
        except IllegalActionError:
            return None
        return knocker, defender, name, rules, upcard, score
    knocker, defender, name, rules, upcard, score = retry(rng, make, lambda x: True)
    explanation = score.explain()
    details = {
        "standard": "gin bonus 25, undercut bonus 10",
        "modern": f"gin bonus {rules.gin_bonus}, undercut bonus {rules.undercut_bonus}",
        "classic": f"gin bonus {rules.gin_bonus}, undercut bonus {rules.undercut_bonus}",
        "Oklahoma": f"the upcard {upcard} sets the knock limit to {rules.knock_limit_for(upcard)}",
        "Oklahoma, spades double": (f"the upcard {upcard} sets the knock limit to {rules.knock_limit_for(upcard)}; "
                                    "a spade upcard doubles the score"),
        "straight gin": "only gin may go out",
    }[name]
    who = "knocker" if score.winner == "knocker" else "defender"
    return dict(prompt=f"These are {name} rules ({details}). The first upcard was {upcard}. The {who} wins this "
                       "hand. How many points does he score?",
                answer_type="number", answer=score.points, explanation=explanation,
                checker=number_checker(score.points, explanation),
                panels=(Panel("The knocker's melds", "melds", melds=score.knocker_melds),
                        Panel(f"The knocker's deadwood: {score.knocker_deadwood}", "cards",
                              cards=score.knocker_deadwood_cards),
                        Panel("The defender's hand", "hand", cards=defender)))


@exercise_kind("hollywood_score", 9, "Hollywood's three games")
def hollywood_score(seed, rng):
    """A player's points in one Hollywood game after some hands: the Match keeps the three games."""
    rules = Rules(hollywood=True)
    match_seed = rng.randrange(10_000)
    upto = rng.randint(3, 6)
    match = played_match(match_seed, rules, upto)
    seat = rng.randrange(2)
    number = rng.randint(1, 3)
    game = match.games[number - 1]
    answer = game.points[seat]
    wins = [h.result.points for h in match.hands if h.result.winner_seat == seat]
    counted = wins[number - 1:]
    nth = ["first", "second", "third"][number - 1]
    if counted:
        sum_text = " + ".join(map(str, counted)) + f" = {answer}" if len(counted) > 1 else str(answer)
        explanation = (f"{NAMES[seat]} won hands scoring {', '.join(map(str, wins))}. Game {number} counts "
                       f"{NAMES[seat]}'s wins from the {nth} on: {sum_text}.")
    else:
        explanation = (f"{NAMES[seat]} won {len(wins)} hand{'s' if len(wins) != 1 else ''}; game {number} only "
                       f"starts counting with a player's {nth} win: {answer}.")
    if game.is_over:
        explanation += f" (Game {number} is over: it reached {rules.target}.)"
    return dict(prompt=f"Hollywood: three games are scored at once. A player's first won hand counts in game 1, "
                       f"his second in games 1 and 2, every later one in all three. What is {NAMES[seat]}'s score "
                       f"in game {number} (points from hands, no bonuses)?",
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation),
                panels=(Panel("The hands so far", "rows", rows=match_rows(match)[:1] + tuple(
                    (r[0], r[1], r[2]) + ("", "") for r in match_rows(match)[1:])),))


def best_way_out(cards11, defender, rules: Rules, upcard) -> tuple[str, HandScore | None]:
    """How the player with these 11 cards scores best under these rules: big gin,
    or the best knock or gin discard; or why he cannot go out."""
    cards11 = tuple(cards11)
    hand = in_discard(cards11[:10], cards11[10], defender, upcard=upcard, rules=rules)
    kinds = {a.kind for a in hand.legal_actions()}
    if "big-gin" in kinds:
        return "big gin", score_hand(cards11, defender, rules, upcard=upcard)
    best = None
    for action in knock_options(hand):
        rest = [c for c in cards11 if c is not action.card]
        score = score_hand(rest, defender, rules, upcard=upcard)
        gain = score.points if score.winner == "knocker" else -score.points
        if best is None or gain > best[0]:
            best = (gain, f"{action.kind} with {action.card}", score)
    if best is None:
        card = min(cards11, key=lambda c: min_deadwood([d for d in cards11 if d is not c]))
        return hand.explain_illegal(f"knock {card.code()}"), None
    return best[1], best[2]


def comparison_position(seed: int):
    """An 11-card hand, the opponent's ten and the first upcard, for the side-by-side table."""
    rng = random.Random(f"compare:{seed}")

    def make(r):
        upcard = Card(r.randint(2, 10), r.choice("SSCDH"))
        hand = eleven_cards(r, r.choice(("big_gin", "gin", "knock")), upcard=upcard)
        if hand is None or not knock_options(hand):
            return None
        return hand.held(hand.to_act), hand.held(1 - hand.to_act), upcard
    return retry(rng, make, lambda x: True)


def compare_rules(seed: int) -> tuple[tuple, tuple[tuple[str, ...], ...]]:
    """The same hand under each of :data:`RULE_SETS`: ``(position, rows)``, the
    first row the header."""
    cards11, defender, upcard = comparison_position(seed)
    rows = [("Rules", "Knock limit", "Best way out", "Score")]
    for name, rules in RULE_SETS:
        how, score = best_way_out(cards11, defender, rules, upcard)
        limit = str(rules.knock_limit_for(upcard))
        rows.append((name, limit, how, score.explain() if score else "no score this turn: play on"))
    return (cards11, defender, upcard), tuple(rows)
