"""A match: hands until the target, dealer rotation, bonuses, Hollywood's three games.

Play it through :attr:`Match.hand` (the hand in progress) with :meth:`Match.apply`,
and deal the next one with :meth:`Match.next_hand` once a hand is over.

>>> match = Match(seed=3)
>>> match.hand.phase, match.scores, match.is_over
(Phase.UPCARD, (0, 0), False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict

from ..words.errors import GinError, IllegalActionError
from ..words.language import N_, t
from .cards import Card, CardsLike, parse_cards
from .hand import Action, Hand, HandRecord, record_with
from .rules import Rules
from .scoring import HandScore


def _pair(of_seat: Callable[[int], int]) -> tuple[int, int]:
    """A number for each seat, seat 0 first."""
    return (of_seat(0), of_seat(1))


@dataclass(frozen=True, slots=True)
class GameBonuses:
    """The bonuses added when a game ends."""

    game: tuple[int, int]
    boxes: tuple[int, int]
    shutout: bool

    @property
    def total(self) -> tuple[int, int]:
        return (self.game[0] + self.boxes[0], self.game[1] + self.boxes[1])


class Game:
    """One scored game (a match has one; Hollywood has three)."""

    def __init__(self, number: int):
        self.number = number
        self.points = [0, 0]
        self.hands_won = [0, 0]
        self.winner: int | None = None
        self.bonuses: GameBonuses | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Points from hands (bonuses not included)."""
        return _pair(self.points.__getitem__)

    @property
    def totals(self) -> tuple[int, int]:
        """Points with the bonuses once the game is over."""
        if self.bonuses is None:
            return self.scores
        extra = self.bonuses.total
        return (self.points[0] + extra[0], self.points[1] + extra[1])

    def add(self, seat: int, points: int, rules: Rules) -> None:
        self.points[seat] += points
        self.hands_won[seat] += 1
        if self.points[seat] >= rules.target:
            self.winner = seat
            loser = 1 - seat
            shutout = self.hands_won[loser] == 0
            game = rules.game_bonus * (rules.shutout_multiplier if shutout else 1)
            self.bonuses = GameBonuses(
                game=(game, 0) if seat == 0 else (0, game),
                boxes=(rules.box_bonus * self.hands_won[0], rules.box_bonus * self.hands_won[1]),
                shutout=shutout)

    def __repr__(self) -> str:
        return f"<Game {self.number} points={self.points} winner={self.winner}>"


class MatchRecord(TypedDict):
    """:meth:`Match.to_dict`: plain text and numbers, as a match is saved."""

    rules: dict[str, bool | int | str]
    seed: int | str
    first_dealer: int
    hands: list[HandRecord]


class Match:
    """Hands between seats 0 and 1 until the target.

    ``seed`` makes every deal of the match reproducible (one is drawn when
    omitted, and kept by :meth:`to_dict`); ``first_dealer`` defaults to a draw.
    """

    def __init__(self, rules: Rules | None = None, *, seed: int | str | None = None, first_dealer: int | None = None,
                 deck: CardsLike | None = None):
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise GinError(f"rules must be a Rules object, not {self.rules!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 62)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise GinError(f"a match seed is an int or a string, not {seed!r}")
        self.seed = seed
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:dealer").randrange(2)
        if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
            raise GinError(f"the first dealer is seat 0 or 1, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self.games = [Game(i + 1) for i in range(3 if self.rules.hollywood else 1)]
        self._wins = [0, 0]
        self._hands: list[Hand] = []
        self._recorded = 0
        self._dealer = first_dealer
        self._deal(deck)

    # -- play ---------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand in progress (the last one once the match is over)."""
        return self._hands[-1]

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(self._hands)

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self.hand.dealer

    @property
    def next_dealer(self) -> int:
        """Who deals next, by the rules: winner or loser of the last hand; the same
        dealer after a dead hand or a tie."""
        return self._dealer

    def apply(self, action: Action | str) -> None:
        """Play an action on the current hand; a finished hand is scored at once."""
        if self.is_over:
            raise IllegalActionError(t("the match is over"))
        self.hand.apply(action)
        result = self.hand.result  # there is one exactly when the hand is over
        if result is not None:
            self._record(result)

    def next_hand(self, deck: CardsLike | None = None) -> Hand:
        """Deal the next hand (``deck`` stacks it). The current one must be over."""
        if self.is_over:
            raise IllegalActionError(t("the match is over: no more hands"))
        if not self.hand.is_over:
            raise IllegalActionError(t("the current hand is not over yet"))
        return self._deal(deck)

    def _deal(self, deck: CardsLike | None) -> Hand:
        number = len(self._hands) + 1
        seed = None if deck is not None else f"{self.seed}:hand:{number}"
        hand = Hand.deal(self.rules, seed=seed, dealer=self._dealer, deck=deck)
        self._hands.append(hand)
        return hand

    def _record(self, result: HandScore) -> None:
        self._recorded += 1
        seat = result.winner_seat
        if seat is None:
            return  # dead hand or tie: same dealer
        self._wins[seat] += 1
        self._dealer = seat if self.rules.next_dealer == "winner" else 1 - seat
        for index, game in enumerate(self.games):
            if not game.is_over and self._wins[seat] >= index + 1:
                game.add(seat, result.points, self.rules)

    # -- reading --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return all(g.is_over for g in self.games)

    @property
    def scores(self) -> tuple[int, int]:
        """Points from hands, summed over the games (bonuses not included)."""
        return _pair(lambda seat: sum(g.points[seat] for g in self.games))

    @property
    def totals(self) -> tuple[int, int]:
        """Final points with bonuses of the games that are over, summed over games."""
        return _pair(lambda seat: sum(g.totals[seat] for g in self.games))

    @property
    def hands_won(self) -> tuple[int, int]:
        return _pair(self._wins.__getitem__)

    @property
    def winner(self) -> int | None:
        """The seat with more points once the match is over (None before, or on equal totals)."""
        if not self.is_over:
            return None
        a, b = self.totals
        return None if a == b else (0 if a > b else 1)

    def summary(self) -> str:
        """The standing in words."""
        lines = []
        for game in self.games:
            named = len(self.games) > 1
            a, b = game.points
            if game.bonuses is None:
                lines.append(t("Game {number}: {a} – {b}", number=game.number, a=a, b=b) if named else
                             t("Score: {a} – {b}", a=a, b=b))
                continue
            bonus = game.bonuses
            # Translators: {seat} is the winning seat (0 or 1); {target} the points a game is played to;
            # {box0} and {box1} the seats' box bonuses; {total0} – {total1} the final totals.
            values = {"number": game.number, "a": a, "b": b, "seat": game.winner, "target": self.rules.target,
                      "bonus": max(bonus.game), "box0": bonus.boxes[0], "box1": bonus.boxes[1],
                      "total0": game.totals[0], "total1": game.totals[1]}
            if named and bonus.shutout:
                lines.append(t("Game {number}: {a} – {b}; seat {seat} reaches {target}: game bonus {bonus} "
                               "(shutout), boxes {box0} and {box1}; final {total0} – {total1}", **values))
            elif named:
                lines.append(t("Game {number}: {a} – {b}; seat {seat} reaches {target}: game bonus {bonus}, "
                               "boxes {box0} and {box1}; final {total0} – {total1}", **values))
            elif bonus.shutout:
                lines.append(t("Score: {a} – {b}; seat {seat} reaches {target}: game bonus {bonus} (shutout), "
                               "boxes {box0} and {box1}; final {total0} – {total1}", **values))
            else:
                lines.append(t("Score: {a} – {b}; seat {seat} reaches {target}: game bonus {bonus}, boxes {box0} "
                               "and {box1}; final {total0} – {total1}", **values))
        return "\n".join(lines)

    # -- saving -----------------------------------------------------------------

    def to_dict(self) -> MatchRecord:
        """JSON-ready data to resume the match later."""
        return {"rules": self.rules.to_dict(), "seed": self.seed, "first_dealer": self.first_dealer,
                "hands": [h.to_dict() for h in self._hands]}

    @classmethod
    def from_dict(cls, data: object) -> Match:
        """Rebuild a match from :meth:`to_dict` data, replaying every hand."""
        needs = N_("a match record needs {keys}")
        data = record_with(data, ("rules", "seed", "first_dealer", "hands"), kind="match record", needs=needs)
        hands = data["hands"]
        if not isinstance(hands, list) or not hands:
            raise GinError(t("a match record has a list of at least one hand"))
        rules = Rules.from_dict(data["rules"])
        match = cls(rules, seed=data["seed"], first_dealer=data["first_dealer"], deck=_deck_of(hands[0], 1))
        for number, record in enumerate(hands, start=1):
            if number > 1:
                match.next_hand(deck=_deck_of(record, number))
            match._replay(number, record)
        return match

    def _replay(self, number: int, record: dict[str, object]) -> None:
        """Play hand ``number`` of a match record (its deck dealt already) and check what it states."""
        if record.get("dealer") != self.hand.dealer:
            raise GinError(t("hand {number}: the dealer should be seat {seat}", number=number, seat=self.hand.dealer))
        if Rules.from_dict(record.get("rules", self.rules.to_dict())) != self.rules:
            raise GinError(t("hand {number}: its rules differ from the match's", number=number))
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise GinError(t("hand {number}: actions are a list of action texts", number=number))
        for step, text in enumerate(actions, start=1):
            try:
                self.apply(text)
            except GinError as error:
                raise type(error)(t("hand {number}, step {step} ({text}): {error}", number=number, step=step,
                                    text=repr(text), error=str(error))) from None
        if record.get("result") is not None:
            try:
                self.hand.check_result(record["result"])
            except GinError as error:
                raise GinError(t("hand {number}: {error}", number=number, error=str(error))) from None

    def __repr__(self) -> str:
        return f"<Match hands={len(self._hands)} scores={self.scores} over={self.is_over}>"


def _deck_of(record: object, number: int) -> tuple[Card, ...]:
    if not isinstance(record, dict) or "deck" not in record:
        raise GinError(t("hand {number} of the match record has no deck", number=number))
    return parse_cards(record["deck"])
