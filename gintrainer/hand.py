"""One deal of Gin Rummy as a state machine.

Seats are 0 and 1. A hand moves through phases:

``upcard``
    the first turn's offer of the upcard: the non-dealer, then the dealer, may
    ``take`` it or ``pass``;
``draw``
    ``draw`` (top of the stock) or ``take`` (top of the discard pile); after both
    players passed the upcard the non-dealer must ``draw``;
``discard``
    ``discard 7H``, ``knock 7H`` (face down, the rest within the knock limit),
    ``gin 7H``, or ``big-gin`` when the option is on and all 11 cards meld;
``knocker_layout``
    the knocker lays out one meld at a time, ``meld 7H 8H 9H``, then ``done``;
``defender_layout``
    the defender lays out ``meld ...`` and ``layoff 9H on 2`` (on the knocker's
    meld number 2, counting from 1; not against gin), then ``done``;
``over``
    :attr:`Hand.result` holds the :class:`~gintrainer.scoring.HandScore`.

In both layout phases ``auto`` lays out for the player to act as the rule book's
engine does, recorded in the history as the plain steps it took.

>>> hand = Hand.deal(seed=7)
>>> hand.phase, hand.to_act == 1 - hand.dealer, len(hand.held(0)), hand.stock_count
(Phase.UPCARD, True, 10, 31)
>>> hand.apply("pass"); hand.apply("pass"); hand.apply("draw")
>>> hand.phase
Phase.DISCARD
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from .cards import DECK, Card, CardsLike, format_cards, parse_card, parse_cards, show_cards
from .errors import GinError, IllegalActionError, InvalidNotationError
from .melds import meld_kind, min_deadwood, order_meld
from .rules import Rules
from .scoring import DEAD_HAND, HandScore, Layoff, defender_reply, knocker_layouts, layoff_targets, settle
from .vocab import Vocabulary


class Phase(Vocabulary):
    """Where a hand stands: whose decision of which kind comes next."""

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCKER_LAYOUT = "knocker_layout"
    DEFENDER_LAYOUT = "defender_layout"
    OVER = "over"

    @classmethod
    def noun(cls) -> str:
        return "phase"


class ActionKind(Vocabulary):
    """The first word of an action's text."""

    TAKE = "take"
    PASS = "pass"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big-gin"
    MELD = "meld"
    LAYOFF = "layoff"
    DONE = "done"
    AUTO = "auto"

    @classmethod
    def noun(cls) -> str:
        return "action"

    @classmethod
    def aliases(cls) -> dict[str, str]:
        return {"biggin": "big-gin", "lay-off": "layoff", "stock": "draw"}


PHASES = tuple(Phase)
LAYOUT_PHASES = (Phase.KNOCKER_LAYOUT, Phase.DEFENDER_LAYOUT)
_SIMPLE = (ActionKind.TAKE, ActionKind.PASS, ActionKind.DRAW, ActionKind.BIG_GIN, ActionKind.DONE, ActionKind.AUTO)
_ONE_CARD = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``str(action)`` is its text and ``Action.parse`` reads it back.

    >>> Action.parse("knock 10♦"), str(Action.parse("Layoff 9h on 2"))
    (Action(kind=ActionKind.KNOCK, card=Card.parse('TD'), cards=(), target=None), 'layoff 9H on 2')
    """

    kind: ActionKind
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    target: int | None = None  # a lay-off's meld, 0-based

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):  # a kind given as its text
            try:
                kind = ActionKind.parse(self.kind)
            except GinError:
                raise InvalidNotationError(f"unknown action kind {self.kind!r}") from None
            object.__setattr__(self, "kind", kind)

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"an action must be text like 'discard 7H', not {text!r}")
        words = text.strip().split()
        if not words:
            raise InvalidNotationError("empty action: say take, pass, draw, discard 7H, knock 7H, gin 7H, "
                                       "big-gin, meld 7H 8H 9H, layoff 9H on 2, done or auto")
        try:
            kind = ActionKind.parse(words[0])
        except GinError:
            raise InvalidNotationError(f"unknown action {words[0]!r} in {text!r}") from None
        rest = words[1:]
        if kind in _SIMPLE:
            if rest:
                raise InvalidNotationError(f"malformed action {text!r}: {kind} takes no card")
            return cls(kind)
        if kind in _ONE_CARD:
            if len(rest) != 1:
                raise InvalidNotationError(f"malformed action {text!r}: {kind} takes one card, like '{kind} 7H'")
            return cls(kind, parse_card(rest[0]))
        if kind == "meld":
            if not rest:
                raise InvalidNotationError(f"malformed action {text!r}: name the meld's cards, like 'meld 7H 8H 9H'")
            cards = parse_cards(" ".join(rest))
            if not cards:
                raise InvalidNotationError(f"malformed action {text!r}: name the meld's cards, like 'meld 7H 8H 9H'")
            return cls(ActionKind.MELD, cards=cards)
        if kind == "layoff":
            if len(rest) == 1:
                return cls(ActionKind.LAYOFF, parse_card(rest[0]))
            number = rest[2] if len(rest) == 3 and rest[1].lower() == "on" else ""
            if number.isascii() and number.isdigit() and len(number) <= 3 and int(number) >= 1:
                return cls(ActionKind.LAYOFF, parse_card(rest[0]), target=int(number) - 1)
            raise InvalidNotationError(f"malformed action {text!r}: say 'layoff 9H on 2' (the knocker's meld number)")
        raise InvalidNotationError(f"unknown action {words[0]!r} in {text!r}")

    def __str__(self) -> str:
        if self.kind in _ONE_CARD:
            return f"{self.kind} {self.card.code()}"
        if self.kind == "meld":
            return "meld " + format_cards(self.cards)
        if self.kind == "layoff":
            on = f" on {self.target + 1}" if self.target is not None else ""
            return f"layoff {self.card.code()}{on}"
        return self.kind.value

    def describe(self) -> str:
        """The move in words, cards in people form."""
        if self.kind in _ONE_CARD:
            return {"discard": "discards", "knock": "knocks, discarding face down",
                    "gin": "goes gin, discarding face down"}[self.kind] + f" {self.card}"
        if self.kind == "meld":
            return "lays out " + show_cards(self.cards)
        if self.kind == "layoff":
            return f"lays off {self.card}" + (f" on meld {self.target + 1}" if self.target is not None else "")
        return {"take": "takes the top of the discard pile", "pass": "passes", "draw": "draws from the stock",
                "big-gin": "goes big gin with all 11 cards", "done": "is done laying out",
                "auto": "lays out automatically"}[self.kind]


def make_rng(seed) -> random.Random:
    """A generator from a seed (int, str or bytes), an existing ``random.Random``, or
    None for fresh entropy. The same seed gives the same sequence on every machine."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None or isinstance(seed, (str, bytes)) or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    raise GinError(f"a seed must be an int, a string or a random.Random, not {seed!r}")


def possible_melds(cards) -> list[tuple[Card, ...]]:
    """Every set (3 or 4 of a rank) and run (any length) among the cards."""
    cards = sorted(cards, key=lambda c: c.index)
    melds = []
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    for rank in sorted(by_rank):
        group = by_rank[rank]
        for size in (3, 4):
            melds.extend(combinations(group, size))
    held = set(cards)
    for card in cards:
        run = [card]
        rank = card.rank + 1
        while rank <= 13 and Card(rank, card.suit) in held:
            run.append(Card(rank, card.suit))
            if len(run) >= 3:
                melds.append(tuple(run))
            rank += 1
    return melds


class Hand:
    """One deal between seats 0 and 1. Build with :meth:`deal` or :meth:`from_dict`."""

    def __init__(self, rules: Rules, dealer: int, deck: tuple[Card, ...]):
        if not isinstance(rules, Rules):
            raise GinError(f"rules must be a Rules object, not {rules!r}")
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise GinError(f"the dealer is seat 0 or 1, not {dealer!r}")
        if len(deck) != 52 or len(set(deck)) != 52:
            raise GinError(f"a stacked deck has all 52 cards once each, not {len(deck)} cards")
        self.rules = rules
        self.dealer = dealer
        self.deck = tuple(deck)
        non_dealer = 1 - dealer
        self._held: list[list[Card]] = [[], []]
        for i in range(20):
            self._held[non_dealer if i % 2 == 0 else dealer].append(deck[i])
        self.upcard: Card = deck[20]
        self.knock_limit: int = rules.knock_limit_for(self.upcard)
        self._pile: list[Card] = [deck[20]]
        self._next = 21
        self._phase: Phase = Phase.UPCARD
        self._to_act: int | None = non_dealer
        self._passes = 0
        self._stock_only = False  # after both players pass the upcard
        self._taken: Card | None = None
        self._drawn: tuple[Card, str] | None = None
        self._knocker: int | None = None
        self._knock_card: Card | None = None
        self._out: str | None = None  # "knock", "gin" or "big_gin"
        self._melds: list[list[tuple[Card, ...]]] = [[], []]
        self._extended: list[list[Card]] = []
        self._layoffs: list[Layoff] = []
        self._log: list[tuple[int, Action]] = []
        self._result: HandScore | None = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules | None = None, *, seed=None, dealer: int | None = None,
             deck: CardsLike | None = None) -> Hand:
        """Deal a hand. ``seed`` (an int, a string or a ``random.Random``) shuffles the
        deck and, when ``dealer`` is omitted, draws the dealer; ``deck`` stacks all 52
        cards, top first (ten each, one at a time, non-dealer first; then the upcard)."""
        rules = Rules() if rules is None else rules
        rng = make_rng(seed) if (deck is None or dealer is None) else None
        if dealer is None:
            dealer = rng.randrange(2)
        if deck is None:
            cards = list(DECK)
            rng.shuffle(cards)
        else:
            cards = list(parse_cards(deck))
            if len(cards) != 52:
                raise GinError(f"a stacked deck has all 52 cards, not {len(cards)}")
        return cls(rules, dealer, tuple(cards))

    @classmethod
    def from_dict(cls, data: dict) -> Hand:
        """Rebuild a hand from :meth:`to_dict` data, replaying every action."""
        if not isinstance(data, dict):
            raise GinError(f"a hand record is a dict, not {type(data).__name__}")
        missing = [k for k in ("rules", "dealer", "deck", "actions") if k not in data]
        if missing:
            raise GinError(f"a hand record needs {', '.join(missing)}")
        rules = Rules.from_dict(data["rules"])
        hand = cls.deal(rules, dealer=data["dealer"], deck=data["deck"])
        actions = data["actions"]
        if not isinstance(actions, list):
            raise GinError("a hand record's actions are a list of action texts")
        for step, text in enumerate(actions, start=1):
            try:
                hand.apply(text)
            except GinError as error:
                raise type(error)(f"step {step} ({text!r}): {error}") from None
        stated = data.get("result")
        if stated is not None:
            hand.check_result(stated)
        return hand

    def check_result(self, stated) -> None:
        """Raise GinError unless a stated result (kind, winner, points) matches this hand's."""
        if self._result is None:
            raise GinError("the record states a result but its actions do not finish the hand")
        actual = self._result.to_dict()
        if not isinstance(stated, dict):
            raise GinError(f"a stated result is a dict, not {stated!r}")
        for key in ("kind", "winner", "points"):
            if key in stated and stated[key] != actual[key]:
                raise GinError(f"the record states {key} {stated[key]!r} but the actions give {actual[key]!r}")

    def to_dict(self) -> dict:
        """JSON-ready data: rules, dealer, deck (top first), actions and the result."""
        return {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "deck": format_cards(self.deck),
            "actions": list(self.history),
            "result": None if self._result is None else self._result.to_dict(),
        }

    def copy(self) -> Hand:
        """An independent copy in the same state."""
        other = object.__new__(Hand)
        other.__dict__.update(self.__dict__)
        other._held = [list(h) for h in self._held]
        other._pile = list(self._pile)
        other._melds = [list(m) for m in self._melds]
        other._extended = [list(m) for m in self._extended]
        other._layoffs = list(self._layoffs)
        other._log = list(self._log)
        return other

    def prefix(self, steps: int) -> Hand:
        """The same deal after only its first ``steps`` actions (for stepping back)."""
        if not 0 <= steps <= len(self._log):
            raise GinError(f"this hand has {len(self._log)} steps, not {steps}")
        hand = Hand(self.rules, self.dealer, self.deck)
        for _, action in self._log[:steps]:
            hand.apply(action)
        return hand

    # -- reading the state ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat to act, None when the hand is over."""
        return self._to_act

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def result(self) -> HandScore | None:
        return self._result

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds (laid-out cards included until the hand ends)."""
        return tuple(self._held[self._seat(seat)])

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        return (tuple(self._held[0]), tuple(self._held[1]))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (hidden from players)."""
        return self.deck[self._next:]

    @property
    def stock_count(self) -> int:
        return 52 - self._next

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discards, bottom first."""
        return tuple(self._pile)

    @property
    def top_discard(self) -> Card | None:
        return self._pile[-1] if self._pile else None

    @property
    def taken_card(self) -> Card | None:
        """The card just taken from the discard pile, which may not be thrown back this turn."""
        return self._taken

    @property
    def last_draw(self) -> tuple[Card, str] | None:
        """During a discard: the card drawn this turn and where from ("stock" or "discard")."""
        return self._drawn if self._phase == "discard" else None

    @property
    def knocker(self) -> int | None:
        return self._knocker

    @property
    def knock_card(self) -> Card | None:
        """The knocker's face-down discard (None for big gin)."""
        return self._knock_card

    @property
    def out_kind(self) -> str | None:
        """How the knocker went out: "knock", "gin" or "big_gin"."""
        return self._out

    def melds(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The melds a seat has laid out so far (the knocker's as laid, before lay-offs)."""
        return tuple(self._melds[self._seat(seat)])

    @property
    def table_melds(self) -> tuple[tuple[Card, ...], ...]:
        """The knocker's melds with the lay-offs added so far."""
        return tuple(tuple(order_meld(m)) for m in self._extended)

    @property
    def layoffs(self) -> tuple[Layoff, ...]:
        return tuple(self._layoffs)

    def unlaid(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards not yet laid out in a meld or laid off."""
        seat = self._seat(seat)
        used = {c for m in self._melds[seat] for c in m}
        used.update(l.card for l in self._layoffs)
        return tuple(c for c in self._held[seat] if c not in used)

    @property
    def history(self) -> tuple[str, ...]:
        """Every action so far, as text."""
        return tuple(str(a) for _, a in self._log)

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far with the seat that made it."""
        return tuple(self._log)

    def deadwood(self, seat: int) -> int:
        """The least deadwood of a seat's held cards (all of them, 11 during a discard)."""
        return min_deadwood(self._held[self._seat(seat)])

    def _seat(self, seat) -> int:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise GinError(f"a seat is 0 or 1, not {seat!r}")
        return seat

    # -- moves ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now."""
        phase = self._phase
        if phase == "upcard":
            return [Action("take"), Action("pass")]
        if phase == "draw":
            return [Action("draw")] if self._stock_only else [Action("draw"), Action("take")]
        if phase == "discard":
            return self._discard_actions()
        if phase == "knocker_layout":
            seat = self._knocker
            required = self._required_deadwood()
            left = self.unlaid(seat)
            actions = [Action("meld", cards=order_meld(m)) for m in possible_melds(left)
                       if min_deadwood(c for c in left if c not in m) <= required]
            if sum(c.value for c in left) <= required:
                actions.append(Action("done"))
            actions.append(Action("auto"))
            return actions
        if phase == "defender_layout":
            left = self.unlaid(1 - self._knocker)
            actions = [Action("meld", cards=order_meld(m)) for m in possible_melds(left)]
            if self._out == "knock":
                for card in left:
                    for target in layoff_targets(card, self._extended):
                        actions.append(Action("layoff", card, target=target))
            actions += [Action("done"), Action("auto")]
            return actions
        return []

    def _discard_actions(self) -> list[Action]:
        held = self._held[self._to_act]
        actions = []
        for card in held:
            if card is self._taken:
                continue
            actions.append(Action("discard", card))
        for card in held:
            if card is self._taken:
                continue
            points = min_deadwood(c for c in held if c is not card)
            if points <= self.knock_limit:
                actions.append(Action("gin" if points == 0 else "knock", card))
        if self.rules.big_gin and min_deadwood(held) == 0:
            actions.append(Action("big-gin"))
        return actions

    def is_legal(self, action) -> bool:
        """Whether an action (or its text) is legal now."""
        return self.explain_illegal(action) is None

    def explain_illegal(self, action) -> str | None:
        """Why an action is illegal now, or None if it is legal."""
        try:
            action = Action.parse(action)
            if action.kind == "auto" and self._phase in ("knocker_layout", "defender_layout"):
                trial = self.copy()
                for step in trial._plan_auto():
                    trial._do(trial._verify(step))
            else:
                self._verify(action)
        except GinError as error:
            return str(error)
        return None

    def apply(self, action) -> None:
        """Play an action (an :class:`Action` or its text). An illegal action raises
        :class:`IllegalActionError` with the reason and changes nothing."""
        action = Action.parse(action)
        steps = self._plan_auto() if action.kind == "auto" and self._phase in ("knocker_layout", "defender_layout") \
            else [action]
        saved = self.copy().__dict__
        try:
            for step in steps:
                self._do(self._verify(step))
        except BaseException:
            self.__dict__.update(saved)
            raise

    def _verify(self, action: Action) -> Action:
        """The action as it will be recorded, or IllegalActionError with the reason."""
        phase, kind = self._phase, action.kind
        if phase == "over":
            raise IllegalActionError(f"cannot {action}: the hand is over")
        allowed = {
            "upcard": ("take", "pass"),
            "draw": ("draw", "take"),
            "discard": ("discard", "knock", "gin", "big-gin"),
            "knocker_layout": ("meld", "done", "auto"),
            "defender_layout": ("meld", "layoff", "done", "auto"),
        }[phase]
        if kind not in allowed:
            raise IllegalActionError(f"cannot {action} now: {self._phase_words()}")
        if phase == "draw" and kind == "take" and self._stock_only:
            raise IllegalActionError("cannot take the upcard: both players passed it, so the non-dealer "
                                     "draws from the stock")
        if phase == "discard":
            return self._verify_discard(action)
        if phase in ("knocker_layout", "defender_layout"):
            return self._verify_layout(action)
        return action

    def _phase_words(self) -> str:
        who = f"seat {self._to_act}"
        return {
            "upcard": f"{who} may take the upcard or pass",
            "draw": f"{who} must draw from the stock or take the top discard",
            "discard": f"{who} must discard (or knock)",
            "knocker_layout": f"{who} is laying out melds after knocking",
            "defender_layout": f"{who} is laying out melds and lay-offs",
        }[self._phase]

    def _verify_discard(self, action: Action) -> Action:
        held = self._held[self._to_act]
        if action.kind == "big-gin":
            if not self.rules.big_gin:
                raise IllegalActionError("cannot go big gin: the big gin option is off")
            points = min_deadwood(held)
            if points:
                raise IllegalActionError(f"cannot go big gin: the 11 cards leave {points} deadwood")
            return action
        card = action.card
        if card not in held:
            raise IllegalActionError(f"cannot {action.kind} {card}: it is not in the hand")
        if card is self._taken:
            how = "discard" if action.kind == "discard" else "knock with"
            raise IllegalActionError(f"cannot {how} {card}: it was just taken from the discard pile")
        if action.kind == "discard":
            return action
        points = min_deadwood(c for c in held if c is not card)
        if points > self.knock_limit:
            if self.knock_limit == 0:
                why = "straight gin: only gin may go out" if self.rules.straight_gin else \
                    "the Oklahoma upcard is an ace: only gin may go out"
                raise IllegalActionError(f"cannot {action.kind} {card}: the rest leaves {points} deadwood ({why})")
            raise IllegalActionError(f"cannot {action.kind} {card}: the rest leaves {points} deadwood, "
                                     f"over the knock limit of {self.knock_limit}")
        if action.kind == "gin" and points:
            raise IllegalActionError(f"cannot go gin discarding {card}: the rest leaves {points} deadwood")
        return Action("gin" if points == 0 else "knock", card)

    def _required_deadwood(self) -> int:
        return self.knock_limit if self._out == "knock" else 0

    def _verify_layout(self, action: Action) -> Action:
        knocking = self._phase == "knocker_layout"
        seat = self._to_act
        left = self.unlaid(seat)
        if action.kind == "meld":
            kind = meld_kind(action.cards)
            for card in action.cards:
                if card not in left:
                    where = "laid out already" if card in self._held[seat] else "not in the hand"
                    raise IllegalActionError(f"cannot meld {card}: it is {where}")
            if kind is None:
                raise IllegalActionError(f"{show_cards(action.cards)} is not a meld: a set is 3 or 4 cards of one "
                                         "rank, a run 3 or more cards of one suit in sequence (ace low)")
            if knocking:
                rest = [c for c in left if c not in action.cards]
                required = self._required_deadwood()
                if min_deadwood(rest) > required:
                    raise IllegalActionError(
                        f"laying out {show_cards(action.cards)} leaves at least {min_deadwood(rest)} deadwood, "
                        + ("and gin needs every card in a meld" if required == 0 else
                           f"over the knock limit of {required}"))
            return Action("meld", cards=order_meld(action.cards))
        if action.kind == "layoff":
            card = action.card
            if self._out != "knock":
                raise IllegalActionError(f"cannot lay off {card}: there is no laying off against "
                                         + ("gin" if self._out == "gin" else "big gin"))
            if card not in left:
                where = "laid out already" if card in self._held[seat] else "not in the hand"
                raise IllegalActionError(f"cannot lay off {card}: it is {where}")
            targets = layoff_targets(card, self._extended)
            if action.target is not None:
                if not 0 <= action.target < len(self._extended):
                    raise IllegalActionError(f"cannot lay off {card} on meld {action.target + 1}: "
                                             f"the knocker laid out {len(self._extended)} melds")
                if action.target not in targets:
                    meld = show_cards(order_meld(self._extended[action.target]))
                    raise IllegalActionError(f"cannot lay off {card} on meld {action.target + 1} ({meld}): "
                                             "it neither completes that set nor extends that run")
                return action
            if not targets:
                raise IllegalActionError(f"cannot lay off {card}: it fits none of the knocker's melds")
            if len(targets) > 1:
                raise IllegalActionError(f"{card} fits melds {' and '.join(str(t + 1) for t in targets)}: "
                                         f"say which, like 'layoff {card.code()} on {targets[0] + 1}'")
            return Action("layoff", card, target=targets[0])
        if action.kind == "done":
            if knocking:
                points = sum(c.value for c in left)
                required = self._required_deadwood()
                if points > required:
                    if required == 0:
                        raise IllegalActionError(f"cannot finish: {self._out.replace('_', ' ')} needs every card "
                                                 f"in a meld, and {show_cards(left)} are not")
                    raise IllegalActionError(f"cannot finish with {points} deadwood: the knock limit is {required}; "
                                             "lay out more melds")
            return action
        raise IllegalActionError(f"cannot {action} now")

    def _plan_auto(self) -> list[Action]:
        """The plain steps of the engine's layout for the player to act."""
        seat = self._to_act
        left = self.unlaid(seat)
        if self._phase == "knocker_layout":
            arrangement = knocker_layouts(left, self._held[1 - seat], laid=self._melds[seat])[0]
            return [Action("meld", cards=m) for m in arrangement.melds] + [Action("done")]
        reply = defender_reply(left, self._extended, layoffs=self._out == "knock")
        return ([Action("meld", cards=m) for m in reply.melds]
                + [Action("layoff", l.card, target=l.meld) for l in reply.layoffs] + [Action("done")])

    def _do(self, action: Action) -> None:
        seat = self._to_act
        kind = action.kind
        self._log.append((seat, action))
        if kind == "pass":
            self._passes += 1
            if self._passes == 1:
                self._to_act = self.dealer
            else:
                self._phase, self._to_act = Phase.DRAW, self.non_dealer
                self._stock_only = True
        elif kind == "take":
            card = self._pile.pop()
            self._held[seat].append(card)
            self._taken = card
            self._drawn = (card, "discard")
            self._phase = Phase.DISCARD
        elif kind == "draw":
            card = self.deck[self._next]
            self._next += 1
            self._held[seat].append(card)
            self._taken = None
            self._stock_only = False
            self._drawn = (card, "stock")
            self._phase = Phase.DISCARD
        elif kind == "discard":
            self._held[seat].remove(action.card)
            self._pile.append(action.card)
            self._taken = self._drawn = None
            if self.stock_count <= self.rules.dead_stock_cards:
                self._phase, self._to_act, self._result = Phase.OVER, None, DEAD_HAND
            else:
                self._phase, self._to_act = Phase.DRAW, 1 - seat
        elif kind in ("knock", "gin", "big-gin"):
            if kind != "big-gin":
                self._held[seat].remove(action.card)
                self._knock_card = action.card
            self._taken = self._drawn = None
            self._knocker = seat
            self._out = {"knock": "knock", "gin": "gin", "big-gin": "big_gin"}[kind]
            self._phase = Phase.KNOCKER_LAYOUT
        elif kind == "meld":
            self._melds[seat].append(action.cards)
            if self._phase == "knocker_layout":
                self._extended.append(list(action.cards))
        elif kind == "layoff":
            self._layoffs.append(Layoff(action.card, action.target))
            self._extended[action.target].append(action.card)
        elif kind == "done":
            if self._phase == "knocker_layout":
                self._phase, self._to_act = Phase.DEFENDER_LAYOUT, 1 - seat
            else:
                self._finish()

    def _finish(self) -> None:
        knocker = self._knocker
        defender = 1 - knocker
        self._result = settle(
            self.rules, out="big_gin" if self._out == "big_gin" else "knock",
            knocker_melds=self._melds[knocker], knocker_dead=_by_rank(self.unlaid(knocker)),
            defender_melds=self._melds[defender], layoffs=self._layoffs,
            defender_dead=_by_rank(self.unlaid(defender)), upcard=self.upcard, knocker=knocker)
        self._phase, self._to_act = Phase.OVER, None

    def __repr__(self) -> str:
        return (f"<Hand dealer={self.dealer} phase={self._phase} to_act={self._to_act} "
                f"stock={self.stock_count} steps={len(self._log)}>")


def _by_rank(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, c.index)))
