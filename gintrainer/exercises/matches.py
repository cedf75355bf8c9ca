"""Exercises of lessons 8 and 9: scoring a match, and the variants."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..engine.cards import DECK, Card, sort_by_suit
from ..engine.hand import ActionKind, Hand
from ..engine.match import Match, MatchRecord
from ..engine.melds import min_deadwood
from ..engine.players import decide, sound_player
from ..engine.rules import PRESETS, Rules, preset_title
from ..engine.scoring import HandScore, score_hand
from ..engine.view import acting_seat
from ..material.deals import in_discard, others
from ..material.drawing import score_rows
from ..words.errors import GinError, IllegalActionError
from ..words.language import N_, PLAYERS, list_words, t, tc, tn
from .core import (
    ExerciseFields,
    Feedback,
    Panel,
    choice_checker,
    exercise_kind,
    number_checker,
    retry,
    scored,
    your_cards,
)
from .going_out import (
    eleven_cards,
    knock_choice_position,
    knock_options,
    knock_score_position,
    no_you,
    points_reason,
    refused_knock,
    score_panels,
)

# -- matches -----------------------------------------------------------------------------


def played_match(seed: int, rules: Rules = Rules(), hands: int | None = None) -> Match:
    """A match between two plain players (:func:`~gintrainer.engine.players.sound_player`)
    from its seed, to its end or after ``hands`` hands (at least one). Each call
    returns a new :class:`Match`, which the caller may play on or change."""
    record = _played_record(seed, rules)
    if hands is not None:
        shorter: MatchRecord = {**record, "hands": record["hands"][:max(1, hands)]}
        return Match.from_dict(shorter)
    return Match.from_dict(record)


@lru_cache(maxsize=64)
def _played_record(seed: int, rules: Rules) -> MatchRecord:
    """The record of a whole played match (kept here, never handed out: a match
    played to its end holds every shorter one, hand for hand)."""
    player = sound_player()
    match = Match(rules, seed=seed)
    while True:
        while not match.hand.is_over:
            match.apply(decide(player, match.hand))
        if match.is_over:
            return match.to_dict()
        match.next_hand()


def match_rows(match: Match, upto: int | None = None) -> tuple[tuple[str, ...], ...]:
    """A score sheet: each hand's dealer and result, and the running points (one game)."""
    return score_rows(match.hands[:upto], PLAYERS)


def match_match(rng: random.Random, rules: Rules = Rules()) -> tuple[int, Match]:
    seed = rng.randrange(10_000)
    return seed, played_match(seed, rules)


@exercise_kind("match_total", N_("The final score"))
def match_total(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """A player's final total with the game, box and shutout bonuses: Match.totals answers."""
    _, match = match_match(rng, rules)
    game = match.games[0]
    seat = rng.randrange(2)
    bonuses = game.bonuses
    assert bonuses is not None and game.winner is not None  # the match is over: its game is won and scored
    points = game.points[seat]
    answer = match.totals[seat]
    boxes = bonuses.boxes[seat]
    wins = game.hands_won[seat]
    rules = match.rules
    values = dict(player=PLAYERS[seat], points=points, game=bonuses.game[seat], boxes=boxes, box=rules.box_bonus,
                  total=answer)
    if game.winner == seat and bonuses.shutout:
        explanation = tn("{player}: {points} points from hands + {game} game bonus (doubled: a shutout, the loser won "
                         "no hand) + {boxes} for boxes ({n} hand won × {box}) = {total}.",
                         "{player}: {points} points from hands + {game} game bonus (doubled: a shutout, the loser won "
                         "no hand) + {boxes} for boxes ({n} hands won × {box}) = {total}.", wins, **values)
    elif game.winner == seat:
        explanation = tn("{player}: {points} points from hands + {game} game bonus + {boxes} for boxes ({n} hand won "
                         "× {box}) = {total}.",
                         "{player}: {points} points from hands + {game} game bonus + {boxes} for boxes ({n} hands won "
                         "× {box}) = {total}.", wins, **values)
    else:
        explanation = tn("{player}: {points} points from hands + {boxes} for boxes ({n} hand won × {box}) = {total}.",
                         "{player}: {points} points from hands + {boxes} for boxes ({n} hands won × {box}) = {total}.",
                         wins, **values)

    def why_not(number: int) -> str:
        if number == points:
            return t("that is the points from hands only: the bonuses come on top.")
        if game.winner == seat and number == points + bonuses.game[seat]:
            return t("add the box bonuses too: {box} for every hand this player won.", box=rules.box_bonus)
        if number == points + boxes and game.winner == seat:
            return t("add the game bonus too: this player won the match.")
        if bonuses.shutout and game.winner == seat and number == answer - bonuses.game[seat] // 2:
            return t("the loser won no hand: a shutout doubles the game bonus.")
        return t("add the points from hands, the game bonus if this player won the match, and {box} for every hand "
                 "this player won.", box=rules.box_bonus)
    return dict(prompt=t("This match is over: {winner} reached {target}. What is {player}'s final score with all the "
                         "bonuses?", winner=PLAYERS[game.winner], target=rules.target, player=PLAYERS[seat]),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(t("The score sheet"), "rows", rows=match_rows(match)),))


@exercise_kind("next_dealer", N_("Who deals next?"))
def next_dealer(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Who deals the next hand? The Match deals it."""
    loser_deals = rng.random() < 0.3
    rules = rules.replace(next_dealer="loser" if loser_deals else "winner")
    _, match = retry(rng, lambda r: match_match(r, rules), lambda m: len(m[1].hands) >= 2)
    upto = rng.randint(1, len(match.hands) - 1)
    last = scored(match.hands[upto - 1])
    answer = PLAYERS[match.hands[upto].dealer]
    wrong = PLAYERS[1 - match.hands[upto].dealer]
    if last.winner_seat is None:
        explanation = t("Hand {number} scored nothing, so the same dealer, {dealer}, deals again.", number=upto,
                        dealer=answer)
        reason = t("hand {number} scored nothing, so the dealer does not change.", number=upto)
    elif loser_deals:
        explanation = t("{winner} won hand {number}, and under these rules the loser of a hand deals the next: "
                        "{dealer}.", winner=PLAYERS[last.winner_seat], number=upto, dealer=answer)
        reason = t("{player} won hand {number}, and under these rules the loser of a hand deals the next.",
                   player=wrong, number=upto)
    else:
        explanation = t("{winner} won hand {number}, and under these rules the winner of a hand deals the next: "
                        "{dealer}.", winner=PLAYERS[last.winner_seat], number=upto, dealer=answer)
        reason = t("{player} did not win hand {number}, and under these rules the winner of a hand deals the next.",
                   player=wrong, number=upto)
    if loser_deals:
        prompt = t("Under these rules the loser of a hand deals the next. Who deals hand {number}?", number=upto + 1)
    else:
        prompt = t("Under these rules the winner of a hand deals the next. Who deals hand {number}?", number=upto + 1)
    return dict(prompt=prompt, answer_type="choice", options=PLAYERS, answer=answer, explanation=explanation,
                checker=choice_checker(answer, explanation, why_not=reason),
                panels=(Panel(t("The score sheet so far"), "rows", rows=match_rows(match, upto)),))


@exercise_kind("winning_knock", N_("Knock to win the game"))
def winning_knock(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click a knock discard that takes you to the target: score_hand scores each knock."""
    def make(r: random.Random) -> tuple[tuple[Hand, tuple[Card, ...], dict[Card, tuple[int, str]]], list[int]] | None:
        found = knock_choice_position(r, rules)
        if found is None:
            return None
        wins = sorted({gain for gain, _ in found[2].values() if gain > 0})
        return None if len(wins) < 2 else (found, wins)
    (hand, defender, values), wins = retry(rng, make, lambda x: True)
    target = rules.target
    needed = rng.choice(wins[1:])
    have = target - needed
    reach = tuple(c for c, (gain, _) in values.items() if gain >= needed)
    stories = " ".join(story for _, (_, story) in sorted(values.items(), key=lambda kv: -kv[1][0]))
    # Translators: {stories} tells each knock in words (sentences).
    explanation = t("You need {needed} more points to reach {target}. {stories} Winning knocks: {cards}.",
                    needed=needed, target=target, stories=stories, cards=reach)

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        if (refused := refused_knock(hand, card)) is not None:
            return refused
        gain, story = values[card]
        if gain >= needed:
            # Translators: {story} tells the knock in words (sentences).
            return Feedback(True, t("Right. {story} {have} + {gain} = {total}: the game is yours.", story=story,
                                    have=have, gain=gain, total=have + gain))
        return Feedback(False, t("{story} That leaves you on {total}, short of {target}.", story=story,
                                 total=have + max(gain, 0), target=target))
    held = sort_by_suit(hand.held(acting_seat(hand)))
    return dict(prompt=t("You have {have} points; the game is to {target}. You may knock now and (for this exercise) "
                         "you can see your opponent's hand; your melds are then laid out the way that leaves your "
                         "opponent the fewest lay-offs. Click a knock discard that wins the game with this hand.",
                         have=have, target=target),
                answer_type="cards", options=held, answer=reach[:1],
                explanation=explanation, checker=check, pick=1, option_label=your_cards(len(held)),
                panels=(Panel(t("Your opponent's hand"), "hand", cards=defender),))


# -- lesson 9: variants ------------------------------------------------------------------------

VARIANTS: tuple[tuple[str, Rules], ...] = (
    ("Oklahoma", Rules(oklahoma=True)),
    ("Oklahoma, spades double", Rules(oklahoma=True, oklahoma_spades_double=True)),
    ("straight gin", Rules(straight_gin=True)),
)
"""The variants lesson 9 compares beside the presets, by name (in English: :func:`rules_name` writes it)."""


def rule_sets() -> tuple[tuple[str, Rules], ...]:
    """The rules compared side by side in lesson 9, by name: every preset of
    :data:`~gintrainer.engine.rules.PRESETS`, in its order, then the :data:`VARIANTS`."""
    return (*PRESETS.items(), *VARIANTS)


def rules_name(name: str) -> str:
    """The name of one of :func:`rule_sets` in the current language (a preset's own title
    when this table has no name for it)."""
    names = {"standard": tc("rules", "standard"), "modern": tc("rules", "modern"), "classic": tc("rules", "classic"),
             "Oklahoma": tc("rules", "Oklahoma"), "Oklahoma, spades double": tc("rules", "Oklahoma, spades double"),
             "straight gin": tc("rules", "straight gin")}
    if name in names:
        return names[name]
    if name in PRESETS:
        return preset_title(name)
    raise GinError(f"no rule set is called {name!r}")


@exercise_kind("oklahoma_limit", N_("Oklahoma's knock limit"))
def oklahoma_limit(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """The knock limit an Oklahoma upcard sets: Rules.knock_limit_for answers."""
    upcard = rng.choice(DECK)
    rules = rules.replace(oklahoma=True)
    answer = rules.knock_limit_for(upcard)
    if upcard.rank == 1:
        explanation = t("An ace upcard means only gin may go out: the limit is {limit}.", limit=answer)
    else:
        explanation = t("The limit is the upcard's value: {card} counts {value}.", card=upcard, value=upcard.value)

    def why_not(number: int) -> str:
        if upcard.rank == 1:
            return t("an ace upcard is the exception: it means only gin may go out.")
        return t("in Oklahoma the knock limit is the first upcard's value as deadwood (ace 1, two to ten their "
                 "number, J Q K 10).")
    return dict(prompt=t("You play Oklahoma. The first upcard is {card}. What is the knock limit in this hand?",
                         card=upcard),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(t("The upcard"), "cards", cards=(upcard,)),))


@exercise_kind("variant_knock", N_("Going out under a variant"))
def variant_knock(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """Click a card you may go out with under Oklahoma or straight gin: Hand.is_legal decides."""
    straight = rng.random() < 0.35

    def make(r: random.Random) -> Hand | None:
        variant = rules.replace(straight_gin=True) if straight else rules.replace(oklahoma=True)
        upcard = Card(r.randint(2, 9), r.choice("CDHS"))
        hand = eleven_cards(r, ActionKind.GIN if straight else ActionKind.KNOCK, variant, upcard=upcard)
        if hand is None:
            return None
        held = hand.held(acting_seat(hand))
        standard = [c for c in held if min_deadwood([d for d in held if d is not c]) <= rules.knock_limit]
        legal = [a.card for a in knock_options(hand)]
        return hand if legal and len(standard) > len(legal) else None
    hand = retry(rng, make, lambda h: True)
    legal = [a.card for a in knock_options(hand)]
    if straight:
        rule = t("Straight gin: nobody may knock; you may only go out with gin.")
    else:
        rule = t("Oklahoma: the first upcard was {card}, so the knock limit in this hand is {limit}.",
                 card=hand.upcard, limit=hand.knock_limit)
    # Translators: {rule} is the variant's rule in a sentence ("Straight gin: nobody may knock; ...").
    explanation = t("{rule} You may go out with {cards}.", rule=rule, cards=tuple(legal))

    def check(picked: tuple[Card, ...]) -> Feedback:
        card = picked[0]
        if (refused := refused_knock(hand, card, no_you)) is not None:
            return refused
        return Feedback(True, t("Right: discarding {card} leaves {points} deadwood. {rule}", card=card,
                                points=min_deadwood([c for c in hand.held(acting_seat(hand)) if c is not card]),
                                rule=rule))
    held = sort_by_suit(hand.held(acting_seat(hand)))
    return dict(prompt=t("{rule} Click a card you may go out with (discard face down).", rule=rule),
                answer_type="cards", options=held, answer=tuple(legal[:1]),
                explanation=explanation, checker=check, pick=1, option_label=your_cards(len(held)))


@exercise_kind("variant_points", N_("The same knock, other rules"))
def variant_points(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """The points of one knock under a preset or variant: score_hand with those rules."""
    def make(r: random.Random) -> tuple[list[Card], list[Card], str, Rules, Card, HandScore] | None:
        found = knock_score_position(r, r.choice(("knock", "undercut", "gin")), rules)
        if found is None:
            return None
        knocker, defender, _ = found
        name, compared = r.choice(rule_sets())
        upcard = others(r, set(knocker) | set(defender), 1)[0]
        try:
            score = score_hand(knocker, defender, compared, upcard=upcard)
        except IllegalActionError:
            return None
        return knocker, defender, name, compared, upcard, score
    knocker, defender, name, compared, upcard, score = retry(rng, make, lambda x: True)
    explanation = score.explain()
    limit = compared.knock_limit_for(upcard)
    if name in PRESETS:
        details = t("gin bonus {gin}, undercut bonus {undercut}", gin=compared.gin_bonus,
                    undercut=compared.undercut_bonus)
    elif name == "Oklahoma":
        details = t("the upcard {card} sets the knock limit to {limit}", card=upcard, limit=limit)
    elif name == "Oklahoma, spades double":
        details = t("the upcard {card} sets the knock limit to {limit}; a spade upcard doubles the score", card=upcard,
                    limit=limit)
    elif name == "straight gin":
        details = t("only gin may go out")
    else:
        raise GinError(f"no rule set is called {name!r}")
    # Translators: {rules} is the name of a set of rules ("standard", "Oklahoma"); {details} what marks them out.
    values = dict(rules=rules_name(name), details=details, card=upcard)
    if score.winner == "knocker":
        prompt = t("These are {rules} rules ({details}). The first upcard was {card}. The knocker wins this hand. How "
                   "many points does he score?", **values)
    else:
        prompt = t("These are {rules} rules ({details}). The first upcard was {card}. The defender wins this hand. "
                   "How many points does he score?", **values)
    return dict(prompt=prompt, answer_type="number", answer=score.points, explanation=explanation,
                checker=number_checker(score.points, explanation,
                                       lambda n: points_reason(n, score, defender_before=min_deadwood(defender),
                                                                 rules=rules_name(name))),
                panels=score_panels(knocker, defender, score))


def game_points_by_hand(match: Match) -> tuple[list[tuple[int, ...]], list[int | None]]:
    """For each hand of a match, the points it added to each game; and for each game
    the number of the hand that ended it (None while it goes on). Found by replaying
    the match hand by hand on the engine: a Hollywood game ends on its own, so a
    late hand may count in some games and not in others."""
    replay = Match(match.rules, seed=match.seed, first_dealer=match.first_dealer, deck=match.hands[0].deck)
    added = []
    ended: list[int | None] = [None] * len(replay.games)
    for number, hand in enumerate(match.hands, start=1):
        if number > 1:
            replay.next_hand(deck=hand.deck)
        before = [sum(game.points) for game in replay.games]
        for action in hand.history:
            replay.apply(action)
        added.append(tuple(sum(game.points) - was for game, was in zip(replay.games, before, strict=True)))
        for index, game in enumerate(replay.games):
            if game.is_over and ended[index] is None:
                ended[index] = number
    return added, ended


@exercise_kind("hollywood_score", N_("Hollywood's three games"))
def hollywood_score(seed: int, rng: random.Random, rules: Rules) -> ExerciseFields:
    """A player's points in one Hollywood game after some hands: the Match keeps the three games."""
    rules = rules.replace(hollywood=True)
    want_late = rng.random() < 0.4

    def make(r: random.Random) -> tuple[Match, int, int, list[tuple[int, ...]], list[int | None], list[tuple[int, int]],
                                        list[int]] | None:
        match_seed, seat, number = r.randrange(10_000), r.randrange(2), r.randint(1, 3)
        whole = played_match(match_seed, rules)
        added, ended = game_points_by_hand(whole)
        late_wins = [i for i, hand in enumerate(whole.hands) if scored(hand).winner_seat == seat
                     and (end := ended[number - 1]) is not None and i >= end]
        if want_late and not late_wins:
            return None
        upto = r.randint(late_wins[0] + 1, min(len(whole.hands), late_wins[0] + 3)) if want_late else \
            r.randint(3, min(len(whole.hands), 8))
        match = played_match(match_seed, rules, upto)
        won = [(i, scored(h).points) for i, h in enumerate(match.hands) if scored(h).winner_seat == seat]
        late = [points for i, points in won[number - 1:] if not added[i][number - 1]]
        return match, seat, number, added[:upto], ended, won, late
    match, seat, number, added, ended, won, late = retry(rng, make, lambda found: True)
    game = match.games[number - 1]
    answer = game.points[seat]
    counted = [added[i][number - 1] for i, _ in won if added[i][number - 1]]
    values = dict(player=PLAYERS[seat], number=number, points=answer)
    if counted:
        sums = " + ".join(map(str, counted)) + f" = {answer}" if len(counted) > 1 else str(answer)
        explanation = t(_COUNTS_FROM[number - 1], wins=list_words(str(points) for _, points in won), sum=sums,
                        **values)
    else:
        explanation = _starts_counting(len(won), **values)
    if game.is_over:
        assert game.winner is not None  # a game over is won
        ended_at = dict(number=number, hand=ended[number - 1], winner=PLAYERS[game.winner], target=rules.target)
        if late:
            # Translators: {wins} lists the points of the later hands won ("25, 31").
            ending = tn("Game {number} ended at hand {hand}, when {winner} reached {target} in it; {player}'s later "
                        "win ({wins}) counts only in the games still going.",
                        "Game {number} ended at hand {hand}, when {winner} reached {target} in it; {player}'s later "
                        "wins ({wins}) count only in the games still going.", len(late), player=PLAYERS[seat],
                        wins=list_words(map(str, late)), **ended_at)
        else:
            ending = t("Game {number} ended at hand {hand}, when {winner} reached {target} in it.", **ended_at)
        explanation = f"{explanation} {ending}"
    all_from_nth = sum(points for _, points in won[number - 1:])
    every_win = sum(points for _, points in won)

    def why_not(guess: int) -> str:
        if guess == all_from_nth and late:
            return t("game {number} ended when a player reached {target} in it: hands played after that do not "
                     "count in it.", number=number, target=rules.target)
        if guess == every_win and number > 1:
            return t(_ONLY_FROM[number - 1], number=number)
        return t(_ADD_FROM[number - 1], player=PLAYERS[seat], number=number)
    return dict(prompt=t("Hollywood: three games are scored at once. A player's first won hand counts in game 1, his "
                         "second in games 1 and 2, every later one in all three. Each game ends on its own when a "
                         "player reaches {target} in it; later hands count only in the games still going. What is "
                         "{player}'s score in game {number} (points from hands, no bonuses)?", target=rules.target,
                         player=PLAYERS[seat], number=number),
                answer_type="number", answer=answer, explanation=explanation,
                checker=number_checker(answer, explanation, why_not),
                panels=(Panel(t("The hands so far"), "rows", rows=match_rows(match)[:1] + tuple(
                    (r[0], r[1], r[2]) + ("", "") for r in match_rows(match)[1:])),))


_COUNTS_FROM = (
    # Translators: {wins} lists the points of each hand won ("25, 31"); {sum} adds those that count ("25 + 31 = 56").
    N_("{player} won hands scoring {wins}. Game {number} counts {player}'s wins from the first on, while it lasts: "
       "{sum}."),
    N_("{player} won hands scoring {wins}. Game {number} counts {player}'s wins from the second on, while it lasts: "
       "{sum}."),
    N_("{player} won hands scoring {wins}. Game {number} counts {player}'s wins from the third on, while it lasts: "
       "{sum}."))
"""How Hollywood game 1, 2 or 3 counts a player's wins (one sentence for each game)."""
_ONLY_FROM = (N_("game {number} counts a player's wins only from his first win on."),
              N_("game {number} counts a player's wins only from his second win on."),
              N_("game {number} counts a player's wins only from his third win on."))
_ADD_FROM = (N_("add {player}'s points from the hands that count in game {number}: from the first win on, while the "
                "game lasts."),
             N_("add {player}'s points from the hands that count in game {number}: from the second win on, while the "
                "game lasts."),
             N_("add {player}'s points from the hands that count in game {number}: from the third win on, while the "
                "game lasts."))


def _starts_counting(won: int, **values: object) -> str:
    """Hollywood game ``values["number"]`` has not counted a win of a player who won ``won`` hands yet."""
    number = values["number"]
    if number == 1:
        return tn("{player} won {n} hand; game {number} only starts counting with a player's first win: {points}.",
                  "{player} won {n} hands; game {number} only starts counting with a player's first win: {points}.",
                  won, **values)
    if number == 2:
        return tn("{player} won {n} hand; game {number} only starts counting with a player's second win: {points}.",
                  "{player} won {n} hands; game {number} only starts counting with a player's second win: {points}.",
                  won, **values)
    return tn("{player} won {n} hand; game {number} only starts counting with a player's third win: {points}.",
              "{player} won {n} hands; game {number} only starts counting with a player's third win: {points}.",
              won, **values)


def best_way_out(cards11: Iterable[Card], defender: Sequence[Card], rules: Rules,
                 upcard: Card) -> tuple[str, HandScore | None]:
    """How the player with these 11 cards scores best under these rules: big gin,
    or the best knock or gin discard; or why he cannot go out."""
    cards11 = tuple(cards11)
    hand = in_discard(cards11[:10], cards11[10], defender, upcard=upcard, rules=rules)
    kinds = {a.kind for a in hand.legal_actions()}
    if ActionKind.BIG_GIN in kinds:
        return tc("way out", "big gin"), score_hand(cards11, defender, rules, upcard=upcard)
    best = None
    for action in knock_options(hand):
        rest = [c for c in cards11 if c is not action.card]
        score = score_hand(rest, defender, rules, upcard=upcard)
        gain = score.points if score.winner == "knocker" else -score.points
        if best is None or gain > best[0]:
            how = (tc("way out", "gin with {card}", card=action.card) if action.kind is ActionKind.GIN
                   else tc("way out", "knock with {card}", card=action.card))
            best = (gain, how, score)
    if best is None:
        card = min(cards11, key=lambda c: min_deadwood([d for d in cards11 if d is not c]))
        why = hand.explain_illegal(f"knock {card.code()}")
        if why is None:
            raise GinError(f"no knock is legal, yet knocking with {card} is")
        return why, None
    return best[1], best[2]


def comparison_position(seed: int) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """An 11-card hand, the opponent's ten and the first upcard, for the side-by-side table."""
    rng = random.Random(f"compare:{seed}")

    def make(r: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...], Card] | None:
        upcard = Card(r.randint(2, 10), r.choice("SSCDH"))
        hand = eleven_cards(r, r.choice((ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK)), upcard=upcard)
        if hand is None or not knock_options(hand):
            return None
        return hand.held(acting_seat(hand)), hand.held(1 - acting_seat(hand)), upcard
    return retry(rng, make, lambda x: True)


def compare_rules(seed: int) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...], Card], tuple[tuple[str, ...], ...]]:
    """The same hand under each of :func:`rule_sets`: ``(position, rows)``, the
    first row the header."""
    cards11, defender, upcard = comparison_position(seed)
    rows = [(tc("column", "Rules"), tc("column", "Knock limit"), tc("column", "Best way out"), tc("column", "Score"))]
    for name, rules in rule_sets():
        how, score = best_way_out(cards11, defender, rules, upcard)
        limit = str(rules.knock_limit_for(upcard))
        rows.append((rules_name(name), limit, how, score.explain() if score else t("no score this turn: play on")))
    return (cards11, defender, upcard), tuple(rows)
