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
    :attr:`Hand.result` holds the :class:`~gintrainer.engine.scoring.HandScore`.

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeAlias, TypedDict

from ..words.errors import GinError, IllegalActionError, InvalidNotationError
from ..words.language import N_, list_words, t, tn
from ..words.vocab import Vocabulary
from .cards import DECK, Card, CardsLike, cards_mask, format_cards, parse_card, parse_cards, show_cards, sort_by_rank
from .melds import MeldKind, mask_min_deadwood, meld_kind, min_deadwood, order_meld
from .rules import Rules
from .scoring import (
    DEAD_HAND,
    HandScore,
    Layoff,
    ScoreKind,
    ScoreRecord,
    defender_reply,
    knocker_layouts,
    layoff_targets,
    not_a_meld,
    settle,
)


class Phase(Vocabulary, noun=N_("phase")):
    """Where a hand stands: whose decision of which kind comes next."""

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCKER_LAYOUT = "knocker_layout"
    DEFENDER_LAYOUT = "defender_layout"
    OVER = "over"


class ActionKind(Vocabulary, noun=N_("action")):
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
    def aliases(cls) -> dict[str, str]:
        return {"biggin": "big-gin", "lay-off": "layoff", "stock": "draw"}


class Pile(Vocabulary, noun=N_("pile")):
    """Where a turn's card is drawn from: the stock or the discard pile."""

    STOCK = "stock"
    DISCARD = "discard"


PHASES = tuple(Phase)
LAYOUT_PHASES = (Phase.KNOCKER_LAYOUT, Phase.DEFENDER_LAYOUT)
_SIMPLE = (ActionKind.TAKE, ActionKind.PASS, ActionKind.DRAW, ActionKind.BIG_GIN, ActionKind.DONE, ActionKind.AUTO)
_ONE_CARD = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)
_NAMES_A_CARD = (*_ONE_CARD, ActionKind.LAYOFF)
_OUT_BY = {ActionKind.KNOCK: ScoreKind.KNOCK, ActionKind.GIN: ScoreKind.GIN, ActionKind.BIG_GIN: ScoreKind.BIG_GIN}
"""How the knocker goes out, by the action that does it."""
_MELD_NUMBERS = 999
"""A lay-off names meld 1 to 999 in text (three digits at most): indices 0 to 998."""
_ALLOWED = {
    Phase.UPCARD: (ActionKind.TAKE, ActionKind.PASS),
    Phase.DRAW: (ActionKind.DRAW, ActionKind.TAKE),
    Phase.DISCARD: (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN),
    Phase.KNOCKER_LAYOUT: (ActionKind.MELD, ActionKind.DONE, ActionKind.AUTO),
    Phase.DEFENDER_LAYOUT: (ActionKind.MELD, ActionKind.LAYOFF, ActionKind.DONE, ActionKind.AUTO),
}
"""The kinds of action each phase allows (none once the hand is over)."""
DRAW_STOCK = "draw_stock"
"""The :attr:`Hand.decision` of a draw from the stock alone (both players passed the upcard)."""
_PHASE_WORDS: dict[str, str] = {
    Phase.UPCARD: N_("seat {seat} may take the upcard or pass"),
    Phase.DRAW: N_("seat {seat} must draw from the stock or take the top discard"),
    DRAW_STOCK: N_("seat {seat} must draw from the stock (both players passed the upcard)"),
    Phase.DISCARD: N_("seat {seat} must discard (or knock)"),
    Phase.KNOCKER_LAYOUT: N_("seat {seat} is laying out melds after knocking"),
    Phase.DEFENDER_LAYOUT: N_("seat {seat} is laying out melds and lay-offs"),
}
"""What the seat to act may do in each phase, as an illegal move's message says it."""
_NOT_IN_HAND = {ActionKind.DISCARD: N_("cannot discard {card}: it is not in the hand"),
                ActionKind.KNOCK: N_("cannot knock {card}: it is not in the hand"),
                ActionKind.GIN: N_("cannot gin {card}: it is not in the hand")}
_OVER_LIMIT = {ActionKind.KNOCK: N_("cannot knock {card}: the rest leaves {points} deadwood, over the knock limit "
                                    "of {limit}"),
               ActionKind.GIN: N_("cannot gin {card}: the rest leaves {points} deadwood, over the knock limit of "
                                  "{limit}")}
_GIN_ONLY_STRAIGHT = {
    ActionKind.KNOCK: N_("cannot knock {card}: the rest leaves {points} deadwood (straight gin: only gin may go out)"),
    ActionKind.GIN: N_("cannot gin {card}: the rest leaves {points} deadwood (straight gin: only gin may go out)")}
_GIN_ONLY_OKLAHOMA = {
    ActionKind.KNOCK: N_("cannot knock {card}: the rest leaves {points} deadwood (the Oklahoma upcard is an ace: "
                         "only gin may go out)"),
    ActionKind.GIN: N_("cannot gin {card}: the rest leaves {points} deadwood (the Oklahoma upcard is an ace: only "
                       "gin may go out)")}
_CANNOT_MELD = {"laid out already": N_("cannot meld {card}: it is laid out already"),
                "not in the hand": N_("cannot meld {card}: it is not in the hand")}
_CANNOT_LAY_OFF = {"laid out already": N_("cannot lay off {card}: it is laid out already"),
                   "not in the hand": N_("cannot lay off {card}: it is not in the hand")}
"""Illegal moves' messages, one whole sentence for each kind of move and each reason."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``str(action)`` is its text and ``Action.parse`` reads it back.

    >>> Action.parse("knock 10♦"), str(Action.parse("Layoff 9h on 2"))
    (Action(kind=ActionKind.KNOCK, card=Card.parse('TD'), cards=(), target=None), 'layoff 9H on 2')

    The kind and the cards may also be given as text; an action built with the
    wrong parts for its kind raises :class:`InvalidNotationError`.
    """

    kind: ActionKind
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    target: int | None = None  # a lay-off's meld, 0-based
    _text: str | None = field(default=None, init=False, repr=False, compare=False)
    """``str(action)``, made once: a hand's history, every view and every check read it again and again."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):  # a kind given as its text
            try:
                kind = ActionKind.parse(self.kind)
            except GinError:
                raise InvalidNotationError(f"unknown action kind {self.kind!r}") from None
            object.__setattr__(self, "kind", kind)
        if self.card is not None and type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))
        if type(self.cards) is not tuple or self.cards:  # read, and no card twice
            object.__setattr__(self, "cards", parse_cards(self.cards))
        self._check_parts()

    def _check_parts(self) -> None:
        kind = self.kind
        if (self.card is None) == (kind in _NAMES_A_CARD):
            raise InvalidNotationError(f"{kind} takes one card, like '{kind} 7H'" if self.card is None
                                       else f"{kind} takes no card, not {self.card}")
        if (not self.cards) == (kind == ActionKind.MELD):
            raise InvalidNotationError("meld takes the meld's cards, like 'meld 7H 8H 9H'" if not self.cards
                                       else f"{kind} takes no meld, not {show_cards(self.cards)}")
        if self.target is None:
            return
        if kind != ActionKind.LAYOFF:
            raise InvalidNotationError(f"{kind} names no meld: only a lay-off does")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or not 0 <= self.target < _MELD_NUMBERS:
            raise InvalidNotationError(f"a lay-off's target is the index of a meld (0 for the first), "
                                       f"not {self.target!r}")

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"an action must be text like 'discard 7H', not {text!r}")
        read = _READ.get(text)
        if read is None:
            read = cls._read(text)
            if len(_READ) < _READ_MOST and len(text) <= _READ_LONGEST:
                _READ[text] = read
        return read

    @classmethod
    def _read(cls, text: str) -> Action:
        words = text.strip().split()
        if not words:
            raise InvalidNotationError(t("empty action: say take, pass, draw, discard 7H, knock 7H, gin 7H, "
                                         "big-gin, meld 7H 8H 9H, layoff 9H on 2, done or auto"))
        try:
            kind = ActionKind.parse(words[0])
        except GinError:
            # Translators: {word} is the first word typed, {text} the whole action typed (both quoted).
            raise InvalidNotationError(t("unknown action {word} in {text}", word=repr(words[0]), text=repr(text))) \
                from None
        return _READERS[kind](kind, words[1:], text)

    @property
    def played_card(self) -> Card:
        """The card a discard, knock, gin or lay-off names."""
        if self.card is None:
            raise GinError(f"{self.kind} names no card")
        return self.card

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._written()
            object.__setattr__(self, "_text", text)
        return text

    def _written(self) -> str:
        if self.kind in _ONE_CARD:
            return f"{self.kind} {self.played_card.code()}"
        if self.kind == ActionKind.MELD:
            return "meld " + format_cards(self.cards)
        if self.kind == ActionKind.LAYOFF:
            on = f" on {self.target + 1}" if self.target is not None else ""
            return f"layoff {self.played_card.code()}{on}"
        return self.kind.value


_READ: dict[str, Action] = {}
"""Each text :meth:`Action.parse` has read, and its action (an action is immutable: one serves every reader).
Only a text read whole is kept, never one refused."""
_READ_MOST = 20_000
"""The most texts kept (every legal move of every hand is far fewer; a flood of made-up texts stops here)."""
_READ_LONGEST = 64
"""The longest text kept (a meld of a whole suit in the engine's notation is 43 characters): a text padded
with spaces, or another long one, is read each time, never kept."""


def _read_simple(kind: ActionKind, rest: list[str], text: str) -> Action:
    if rest:
        # Translators: {text} is the action typed (quoted); {kind} its first word in the game's notation ("pass").
        raise InvalidNotationError(t("malformed action {text}: {kind} takes no card", text=repr(text), kind=kind))
    return Action(kind)


def _read_one_card(kind: ActionKind, rest: list[str], text: str) -> Action:
    if len(rest) != 1:
        raise InvalidNotationError(t("malformed action {text}: {kind} takes one card, like '{kind} 7H'",
                                     text=repr(text), kind=kind))
    return Action(kind, parse_card(rest[0]))


def _read_meld(kind: ActionKind, rest: list[str], text: str) -> Action:
    cards = parse_cards(" ".join(rest))
    if not cards:
        raise InvalidNotationError(t("malformed action {text}: name the meld's cards, like 'meld 7H 8H 9H'",
                                     text=repr(text)))
    return Action(kind, cards=cards)


def _read_layoff(kind: ActionKind, rest: list[str], text: str) -> Action:
    if len(rest) == 1:
        return Action(kind, parse_card(rest[0]))
    number = rest[2] if len(rest) == 3 and rest[1].lower() == "on" else ""
    if number.isascii() and number.isdigit() and len(number) <= 3 and int(number) >= 1:
        return Action(kind, parse_card(rest[0]), target=int(number) - 1)
    raise InvalidNotationError(t("malformed action {text}: say 'layoff 9H on 2' (the knocker's meld number)",
                                 text=repr(text)))


_READERS: dict[ActionKind, Callable[[ActionKind, list[str], str], Action]] = {
    **{kind: _read_simple for kind in _SIMPLE}, **{kind: _read_one_card for kind in _ONE_CARD},
    ActionKind.MELD: _read_meld, ActionKind.LAYOFF: _read_layoff,
}
"""How the words after each kind of action are read."""

Seed: TypeAlias = int | str | bytes | random.Random | None
"""What makes a deal reproducible: an int, a string or bytes, a generator, or None for fresh entropy."""


def make_rng(seed: Seed) -> random.Random:
    """A generator from a seed (int, str or bytes), an existing ``random.Random``, or
    None for fresh entropy. The same seed gives the same sequence on every machine."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None or isinstance(seed, (str, bytes)) or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    raise GinError(f"a seed must be an int, a string or a random.Random, not {seed!r}")


def possible_melds(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every set (3 or 4 of a rank) and run (any length) among the cards."""
    cards = sorted(cards, key=lambda c: c.index)
    melds: list[tuple[Card, ...]] = []
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


def record_with(data: object, keys: tuple[str, ...], *, kind: str, needs: str) -> dict[str, Any]:
    """``data`` as a record (a hand's, a match's) that has every one of ``keys``: GinError for data that is
    not a dict (``kind`` names the record) or lacks a key (``needs``: the sentence, marked with ``N_``, that
    names the missing ``{keys}``)."""
    if not isinstance(data, dict):
        raise GinError(f"a {kind} is a dict, not {type(data).__name__}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise GinError(t(needs, keys=", ".join(missing)))
    return data


class HandRecord(TypedDict):
    """:meth:`Hand.to_dict`: plain text and numbers, as a hand is saved."""

    rules: dict[str, bool | int | str]
    dealer: int
    deck: str
    actions: list[str]
    result: ScoreRecord | None


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
        self._drawn: tuple[Card, Pile] | None = None
        self._knocker: int | None = None
        self._knock_card: Card | None = None
        self._out: ScoreKind | None = None  # knock, gin or big gin
        self._melds: list[list[tuple[Card, ...]]] = [[], []]
        self._extended: list[list[Card]] = []
        self._layoffs: list[Layoff] = []
        self._log: list[tuple[int, Action]] = []
        self._result: HandScore | None = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules | None = None, *, seed: Seed = None, dealer: int | None = None,
             deck: CardsLike | None = None) -> Hand:
        """Deal a hand. ``seed`` (an int, a string or a ``random.Random``) shuffles the
        deck and, when ``dealer`` is omitted, draws the dealer; ``deck`` stacks all 52
        cards, top first (ten each, one at a time, non-dealer first; then the upcard)."""
        rules = Rules() if rules is None else rules
        if dealer is None or deck is None:
            rng = make_rng(seed)
            if dealer is None:
                dealer = rng.randrange(2)
            if deck is None:
                shuffled = list(DECK)
                rng.shuffle(shuffled)
                return cls(rules, dealer, tuple(shuffled))
        cards = parse_cards(deck)
        if len(cards) != 52:
            raise GinError(f"a stacked deck has all 52 cards, not {len(cards)}")
        return cls(rules, dealer, cards)

    @classmethod
    def from_dict(cls, data: object) -> Hand:
        """Rebuild a hand from :meth:`to_dict` data, replaying every action."""
        # Translators: {keys} are the missing keys of the file, as the file writes them.
        needs = N_("a hand record needs {keys}")
        data = record_with(data, ("rules", "dealer", "deck", "actions"), kind="hand record", needs=needs)
        rules = Rules.from_dict(data["rules"])
        hand = cls.deal(rules, dealer=data["dealer"], deck=data["deck"])
        actions = data["actions"]
        if not isinstance(actions, list):
            raise GinError(t("a hand record's actions are a list of action texts"))
        for step, text in enumerate(actions, start=1):
            try:
                hand.apply(text)
            except GinError as error:
                # Translators: {text} is the step's action in notation (quoted); {error} says what is wrong.
                raise type(error)(t("step {step} ({text}): {error}", step=step, text=repr(text),
                                    error=str(error))) from None
        stated = data.get("result")
        if stated is not None:
            hand.check_result(stated)
        return hand

    def check_result(self, stated: object) -> None:
        """Raise GinError unless a stated result (kind, winner, points) matches this hand's."""
        if self._result is None:
            raise GinError(t("the record states a result but its actions do not finish the hand"))
        actual: Mapping[str, object] = self._result.to_dict()
        if not isinstance(stated, dict):
            raise GinError(t("a stated result is a dict, not {value}", value=repr(stated)))
        for key in ("kind", "winner", "points"):
            if key in stated and stated[key] != actual[key]:
                # Translators: {key} is a key of the file (kind, winner, points), as the file writes it.
                raise GinError(t("the record states {key} {stated} but the actions give {actual}", key=key,
                                 stated=repr(stated[key]), actual=repr(actual[key])))

    def to_dict(self) -> HandRecord:
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
        return self._phase == Phase.OVER

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
    def last_draw(self) -> tuple[Card, Pile] | None:
        """During a discard: the card drawn this turn and the pile it came from."""
        return self._drawn if self._phase == Phase.DISCARD else None

    @property
    def knocker(self) -> int | None:
        return self._knocker

    @property
    def knock_card(self) -> Card | None:
        """The knocker's face-down discard (None for big gin)."""
        return self._knock_card

    @property
    def out_kind(self) -> ScoreKind | None:
        """How the knocker went out: a knock, gin or big gin (None before anyone has)."""
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
        used.update(layoff.card for layoff in self._layoffs)
        return tuple(c for c in self._held[seat] if c not in used)

    @property
    def history(self) -> tuple[str, ...]:
        """Every action so far, as text."""
        return tuple([str(a) for _, a in self._log])

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far with the seat that made it."""
        return tuple(self._log)

    def deadwood(self, seat: int) -> int:
        """The least deadwood of a seat's held cards (all of them, 11 during a discard)."""
        return min_deadwood(self._held[self._seat(seat)])

    def _seat(self, seat: int) -> int:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise GinError(f"a seat is 0 or 1, not {seat!r}")
        return seat

    @property
    def decision(self) -> str:
        """What the seat to act decides now, as the name its prompts are kept under: the
        phase's name, or ``draw_stock`` in the draw phase when drawing from the stock is
        the only legal draw (both players passed the upcard). Read from the legal actions."""
        if self._phase == Phase.DRAW and Action(ActionKind.TAKE) not in self.legal_actions():
            return DRAW_STOCK
        return str(self._phase)

    # -- moves ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now."""
        phase = self._phase
        if phase == Phase.UPCARD:
            return [Action(ActionKind.TAKE), Action(ActionKind.PASS)]
        if phase == Phase.DRAW:
            draw = [Action(ActionKind.DRAW)]
            return draw if self._stock_only else [*draw, Action(ActionKind.TAKE)]
        if phase == Phase.DISCARD:
            return self._discard_actions()
        if phase == Phase.KNOCKER_LAYOUT:
            return self._knocker_layout_actions()
        if phase == Phase.DEFENDER_LAYOUT:
            return self._defender_layout_actions()
        return []

    def _discard_actions(self) -> list[Action]:
        held = self._held[self._actor()]
        actions = []
        for card in held:
            if card is self._taken:
                continue
            actions.append(Action(ActionKind.DISCARD, card))
        full = cards_mask(held)  # 11 cards: each throw's rest solved from the mask
        for card in held:
            if card is self._taken:
                continue
            points = mask_min_deadwood(full & ~(1 << card.index))
            if points <= self.knock_limit:
                actions.append(Action(ActionKind.GIN if points == 0 else ActionKind.KNOCK, card))
        if self.rules.big_gin and mask_min_deadwood(full) == 0:
            actions.append(Action(ActionKind.BIG_GIN))
        return actions

    def _knocker_layout_actions(self) -> list[Action]:
        required = self._required_deadwood()
        left = self.unlaid(self._knocker_seat())
        actions = [Action(ActionKind.MELD, cards=order_meld(m)) for m in possible_melds(left)
                   if min_deadwood(c for c in left if c not in m) <= required]
        if sum(c.value for c in left) <= required:
            actions.append(Action(ActionKind.DONE))
        actions.append(Action(ActionKind.AUTO))
        return actions

    def _defender_layout_actions(self) -> list[Action]:
        left = self.unlaid(1 - self._knocker_seat())
        actions = [Action(ActionKind.MELD, cards=order_meld(m)) for m in possible_melds(left)]
        if self._out == ScoreKind.KNOCK:
            for card in left:
                for target in layoff_targets(card, self._extended):
                    actions.append(Action(ActionKind.LAYOFF, card, target=target))
        actions += [Action(ActionKind.DONE), Action(ActionKind.AUTO)]
        return actions

    def is_legal(self, action: Action | str) -> bool:
        """Whether an action (or its text) is legal now."""
        return self.explain_illegal(action) is None

    def explain_illegal(self, action: Action | str) -> str | None:
        """Why an action is illegal now, or None if it is legal."""
        try:
            action = Action.parse(action)
            if action.kind == ActionKind.AUTO and self._phase in LAYOUT_PHASES:
                trial = self.copy()
                for step in trial._plan_auto():
                    trial._do(trial._verify(step))
            else:
                self._verify(action)
        except GinError as error:
            return str(error)
        return None

    def apply(self, action: Action | str) -> None:
        """Play an action (an :class:`Action` or its text). An illegal action raises
        :class:`IllegalActionError` with the reason and changes nothing."""
        action = Action.parse(action)
        steps = self._plan_auto() if action.kind == ActionKind.AUTO and self._phase in LAYOUT_PHASES else [action]
        saved = self.copy().__dict__
        try:
            for step in steps:
                self._do(self._verify(step))
        except BaseException:
            self.__dict__.update(saved)
            raise

    # -- checking a move ------------------------------------------------------------

    def _actor(self) -> int:
        """The seat to act (IllegalActionError once the hand is over)."""
        if self._to_act is None:
            raise IllegalActionError(t("the hand is over: nobody is to act"))
        return self._to_act

    def _knocker_seat(self) -> int:
        if self._knocker is None:
            raise IllegalActionError(t("nobody has knocked in this hand"))
        return self._knocker

    def _went_out(self) -> ScoreKind:
        if self._out is None:
            raise IllegalActionError(t("nobody has gone out in this hand"))
        return self._out

    def _verify(self, action: Action) -> Action:
        """The action as it will be recorded, or IllegalActionError with the reason."""
        phase, kind = self._phase, action.kind
        if phase == Phase.OVER:
            # Translators: {action} is the move as typed in the game's notation ("discard 7H"), not translated.
            raise IllegalActionError(t("cannot {action}: the hand is over", action=str(action)))
        if kind not in _ALLOWED[phase]:
            # Translators: {action} is the move in the game's notation; {why} says what the seat to act may do.
            raise IllegalActionError(t("cannot {action} now: {why}", action=str(action), why=self._phase_words()))
        if phase == Phase.DRAW and kind == ActionKind.TAKE and self._stock_only:
            raise IllegalActionError(t("cannot take the upcard: both players passed it, so the non-dealer "
                                       "draws from the stock"))
        if phase == Phase.DISCARD:
            return self._verify_discard(action)
        if phase in LAYOUT_PHASES:
            return self._verify_layout(action)
        return action

    def _phase_words(self) -> str:
        # Translators: {seat} is the seat's number, 0 or 1.
        return t(_PHASE_WORDS[self.decision], seat=self._to_act)

    def _verify_discard(self, action: Action) -> Action:
        held = self._held[self._actor()]
        if action.kind == ActionKind.BIG_GIN:
            if not self.rules.big_gin:
                raise IllegalActionError(t("cannot go big gin: the big gin option is off"))
            points = min_deadwood(held)
            if points:
                raise IllegalActionError(t("cannot go big gin: the 11 cards leave {points} deadwood", points=points))
            return action
        card = action.played_card
        if card not in held:
            raise IllegalActionError(t(_NOT_IN_HAND[action.kind], card=card))
        if card is self._taken:
            raise IllegalActionError(t("cannot discard {card}: it was just taken from the discard pile", card=card)
                                     if action.kind == ActionKind.DISCARD else
                                     t("cannot knock with {card}: it was just taken from the discard pile",
                                       card=card))
        if action.kind == ActionKind.DISCARD:
            return action
        points = mask_min_deadwood(cards_mask(held) & ~(1 << card.index))
        if points > self.knock_limit:
            if self.knock_limit == 0:
                table = _GIN_ONLY_STRAIGHT if self.rules.straight_gin else _GIN_ONLY_OKLAHOMA
                raise IllegalActionError(t(table[action.kind], card=card, points=points))
            raise IllegalActionError(t(_OVER_LIMIT[action.kind], card=card, points=points, limit=self.knock_limit))
        if action.kind == ActionKind.GIN and points:
            raise IllegalActionError(t("cannot go gin discarding {card}: the rest leaves {points} deadwood",
                                       card=card, points=points))
        return Action(ActionKind.GIN if points == 0 else ActionKind.KNOCK, card)

    def _required_deadwood(self) -> int:
        return self.knock_limit if self._out == ScoreKind.KNOCK else 0

    def _verify_layout(self, action: Action) -> Action:
        if action.kind == ActionKind.MELD:
            return self._verify_meld(action)
        if action.kind == ActionKind.LAYOFF:
            return self._verify_layoff(action)
        if action.kind == ActionKind.DONE:
            return self._verify_done(action)
        raise IllegalActionError(t("cannot {action} now", action=str(action)))

    def _not_left(self, card: Card, seat: int) -> str:
        """Why a card of a seat's is not left to lay out."""
        return "laid out already" if card in self._held[seat] else "not in the hand"  # keys of the tables below

    def _verify_meld(self, action: Action) -> Action:
        seat = self._actor()
        left = self.unlaid(seat)
        kind = meld_kind(action.cards)
        for card in action.cards:
            if card not in left:
                raise IllegalActionError(t(_CANNOT_MELD[self._not_left(card, seat)], card=card))
        if kind is None:
            raise IllegalActionError(not_a_meld(action.cards))
        if self._phase == Phase.KNOCKER_LAYOUT:
            rest = [c for c in left if c not in action.cards]
            required = self._required_deadwood()
            if min_deadwood(rest) > required:
                raise IllegalActionError(
                    t("laying out {cards} leaves at least {points} deadwood, and gin needs every card in a meld",
                      cards=action.cards, points=min_deadwood(rest)) if required == 0 else
                    t("laying out {cards} leaves at least {points} deadwood, over the knock limit of {limit}",
                      cards=action.cards, points=min_deadwood(rest), limit=required))
        return Action(ActionKind.MELD, cards=order_meld(action.cards))

    def _verify_layoff(self, action: Action) -> Action:
        seat = self._actor()
        card = action.played_card
        if self._out != ScoreKind.KNOCK:
            raise IllegalActionError(t("cannot lay off {card}: there is no laying off against gin", card=card)
                                     if self._out == ScoreKind.GIN else
                                     t("cannot lay off {card}: there is no laying off against big gin", card=card))
        if card not in self.unlaid(seat):
            raise IllegalActionError(t(_CANNOT_LAY_OFF[self._not_left(card, seat)], card=card))
        targets = layoff_targets(card, self._extended)
        if action.target is not None:
            self._verify_layoff_target(card, action.target, targets)
            return action
        if not targets:
            raise IllegalActionError(t("cannot lay off {card}: it fits none of the knocker's melds", card=card))
        if len(targets) > 1:
            # A card fits two melds at most (a set's rank and a run's end, or both ends of two runs).
            # Translators: {first} and {second} are meld numbers; {code} is the card in notation ("9H").
            raise IllegalActionError(t("{card} fits melds {first} and {second}: say which, like "
                                       "'layoff {code} on {first}'", card=card, code=card.code(),
                                       first=targets[0] + 1, second=targets[1] + 1)
                                     if len(targets) == 2 else
                                     t("{card} fits melds {numbers}: say which, like 'layoff {code} on {first}'",
                                       card=card, code=card.code(), first=targets[0] + 1,
                                       numbers=list_words(str(target + 1) for target in targets)))
        return Action(ActionKind.LAYOFF, card, target=targets[0])

    def _verify_layoff_target(self, card: Card, target: int, targets: list[int]) -> None:
        if not 0 <= target < len(self._extended):
            raise IllegalActionError(tn("cannot lay off {card} on meld {meld}: the knocker laid out {n} meld",
                                        "cannot lay off {card} on meld {meld}: the knocker laid out {n} melds",
                                        len(self._extended), card=card, meld=target + 1))
        if target not in targets:
            meld = self._extended[target]
            values = dict(card=card, meld=target + 1, cards=order_meld(meld))
            if meld_kind(meld) == MeldKind.SET:
                raise IllegalActionError(t("cannot lay off {card} on meld {meld} ({cards}): it does not complete that "
                                           "set", **values))
            raise IllegalActionError(t("cannot lay off {card} on meld {meld} ({cards}): it does not extend that run",
                                       **values))

    def _verify_done(self, action: Action) -> Action:
        if self._phase == Phase.KNOCKER_LAYOUT:
            left = self.unlaid(self._actor())
            points = sum(c.value for c in left)
            required = self._required_deadwood()
            if points > required:
                if required == 0:
                    raise IllegalActionError(
                        t("cannot finish: big gin needs every card in a meld, and {cards} are not", cards=left)
                        if self._went_out() == ScoreKind.BIG_GIN else
                        t("cannot finish: gin needs every card in a meld, and {cards} are not", cards=left))
                raise IllegalActionError(t("cannot finish with {points} deadwood: the knock limit is {limit}; "
                                           "lay out more melds", points=points, limit=required))
        return action

    # -- making a move ------------------------------------------------------------------

    def _plan_auto(self) -> list[Action]:
        """The plain steps of the engine's layout for the player to act."""
        seat = self._actor()
        left = self.unlaid(seat)
        done = [Action(ActionKind.DONE)]
        if self._phase == Phase.KNOCKER_LAYOUT:
            arrangement = knocker_layouts(left, self._held[1 - seat], laid=self._melds[seat])[0]
            return [Action(ActionKind.MELD, cards=m) for m in arrangement.melds] + done
        reply = defender_reply(left, self._extended, layoffs=self._out == ScoreKind.KNOCK)
        return ([Action(ActionKind.MELD, cards=m) for m in reply.melds]
                + [Action(ActionKind.LAYOFF, layoff.card, target=layoff.meld) for layoff in reply.layoffs] + done)

    def _do(self, action: Action) -> None:
        seat = self._actor()
        step = _STEPS.get(action.kind)
        if step is None:  # auto is planned as plain steps before it gets here
            raise IllegalActionError(t("cannot {action} now", action=str(action)))
        self._log.append((seat, action))
        step(self, seat, action)

    def _do_pass(self, seat: int, action: Action) -> None:
        self._passes += 1
        if self._passes == 1:
            self._to_act = self.dealer
        else:
            self._phase, self._to_act = Phase.DRAW, self.non_dealer
            self._stock_only = True

    def _do_take(self, seat: int, action: Action) -> None:
        card = self._pile.pop()
        self._held[seat].append(card)
        self._taken = card
        self._drawn = (card, Pile.DISCARD)
        self._phase = Phase.DISCARD

    def _do_draw(self, seat: int, action: Action) -> None:
        card = self.deck[self._next]
        self._next += 1
        self._held[seat].append(card)
        self._taken = None
        self._stock_only = False
        self._drawn = (card, Pile.STOCK)
        self._phase = Phase.DISCARD

    def _do_discard(self, seat: int, action: Action) -> None:
        card = action.played_card
        self._held[seat].remove(card)
        self._pile.append(card)
        self._taken = self._drawn = None
        if self.stock_count <= self.rules.dead_stock_cards:
            self._phase, self._to_act, self._result = Phase.OVER, None, DEAD_HAND
        else:
            self._phase, self._to_act = Phase.DRAW, 1 - seat

    def _do_go_out(self, seat: int, action: Action) -> None:
        if action.kind != ActionKind.BIG_GIN:
            card = action.played_card
            self._held[seat].remove(card)
            self._knock_card = card
        self._taken = self._drawn = None
        self._knocker = seat
        self._out = _OUT_BY[action.kind]
        self._phase = Phase.KNOCKER_LAYOUT

    def _do_meld(self, seat: int, action: Action) -> None:
        self._melds[seat].append(action.cards)
        if self._phase == Phase.KNOCKER_LAYOUT:
            self._extended.append(list(action.cards))

    def _do_layoff(self, seat: int, action: Action) -> None:
        if action.target is None:
            raise IllegalActionError(f"cannot {action}: a lay-off is recorded with its meld")
        card = action.played_card
        self._layoffs.append(Layoff(card, action.target))
        self._extended[action.target].append(card)

    def _do_done(self, seat: int, action: Action) -> None:
        if self._phase == Phase.KNOCKER_LAYOUT:
            self._phase, self._to_act = Phase.DEFENDER_LAYOUT, 1 - seat
        else:
            self._finish()

    def _finish(self) -> None:
        knocker = self._knocker_seat()
        defender = 1 - knocker
        self._result = settle(
            self.rules, out=self._went_out(),
            knocker_melds=self._melds[knocker], knocker_dead=sort_by_rank(self.unlaid(knocker)),
            defender_melds=self._melds[defender], layoffs=self._layoffs,
            defender_dead=sort_by_rank(self.unlaid(defender)), upcard=self.upcard, knocker=knocker)
        self._phase, self._to_act = Phase.OVER, None

    def __repr__(self) -> str:
        return (f"<Hand dealer={self.dealer} phase={self._phase} to_act={self._to_act} "
                f"stock={self.stock_count} steps={len(self._log)}>")


_STEPS: dict[ActionKind, Callable[[Hand, int, Action], None]] = {
    ActionKind.PASS: Hand._do_pass, ActionKind.TAKE: Hand._do_take, ActionKind.DRAW: Hand._do_draw,
    ActionKind.DISCARD: Hand._do_discard, **{kind: Hand._do_go_out for kind in _OUT_BY},
    ActionKind.MELD: Hand._do_meld, ActionKind.LAYOFF: Hand._do_layoff, ActionKind.DONE: Hand._do_done,
}
"""What each kind of (verified) action does to the hand."""
