"""Step-by-step views of a deal, a hand and a match: the models behind the stepper widget.

A steps model has a ``count`` of steps (0 is the start), a ``caption(i)`` in
plain words and an ``html(i, size=, four_colour=)`` picture of step ``i``
(from :mod:`gintrainer.material.drawing`). They hold no widgets, so a replay or a
printed worksheet can use them too.

>>> from gintrainer.material.deals import deal
>>> steps = HandSteps(deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H",
...                        stock="AC", actions=["pass", "pass", "draw"]))
>>> steps.count, steps.caption(3)
(4, 'Ben draws A♣ from the stock.')
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import ClassVar

from ..engine.cards import Card
from ..engine.hand import Action, ActionKind, Hand, Phase
from ..engine.match import Game, Match
from ..engine.melds import Arrangement, MeldKind, best_arrangement, meld_kind, order_meld
from ..engine.rules import PRESETS
from ..engine.scoring import DefenderReply, HandScore, ScoreKind, best_layoffs, knocker_layouts
from ..engine.telling import Voice, tell_move
from ..engine.view import card_of
from ..words.errors import GinError
from ..words.language import PLAYER_VALUES, PLAYERS, format_plain, t, tc, tn
from .deals import best_discards, sound_discard, take_into_meld, worth_taking
from .drawing import card_back_html, cards_html, group_html, score_sheet_html, sum_words, table_html


@dataclass(frozen=True, slots=True)
class Caption:
    """A lesson's words for one step: ``text`` is a template whose named values come
    from that step (:class:`StepValues`), so every card and number in it is the
    engine's; ``facts`` names the yes/no values the words claim ("card_melds",
    "not worth_taking"), which the tests check against the step.

    >>> from gintrainer.material.deals import deal
    >>> steps = HandSteps(deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "AC",
    ...                        actions=["take"]), captions={1: Caption("{card} joins {meld_before}.", ("card_melds",))})
    >>> steps.caption(1).endswith("A♣ joins 2♣ 3♣ 4♣."), steps.facts(1)
    (True, {'card_melds': True})
    """

    text: str
    facts: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The named values the template uses."""
        return tuple(name for _, name, _, _ in string.Formatter().parse(self.text) if name)


class HandSteps:
    """Every state of one :class:`~gintrainer.Hand`, from the deal to its last action.

    ``captions`` maps a step number to extra words for that step (a text, or a
    :class:`Caption` filled from the step): a lesson's commentary, which a lesson's
    definition attaches to its moves and turns into steps
    (:meth:`gintrainer.lessons.model.HandDemo.captions`); ``face_down`` lists seats
    whose cards stay hidden.
    """

    def __init__(self, hand: Hand, *, captions: Mapping[int, str | Caption] | None = None,
                 names: Iterable[str] = PLAYERS, face_down: tuple[int, ...] = (), title: str = ""):
        if not isinstance(hand, Hand):
            raise TypeError(f"HandSteps needs a Hand, not {hand!r}")
        self.names = _two(names)
        self.face_down = tuple(face_down)
        self.title = title
        self.extra = dict(captions or {})
        start = hand.prefix(0)
        self._states = [start.copy()]
        for _, action in hand.actions:
            start.apply(action)
            self._states.append(start.copy())
        self._actions = hand.actions

    @property
    def count(self) -> int:
        return len(self._states)

    def state(self, step: int) -> Hand:
        """The hand after ``step`` actions (a copy: changing it changes nothing here)."""
        return self._states[self._index(step)].copy()

    def _index(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def caption(self, step: int) -> str:
        step = self._index(step)
        text = self._start_words() if step == 0 else self._action_words(step)
        extra = self.extra.get(step)
        if isinstance(extra, Caption):
            extra = t(extra.text).format_map(self.values(step))
        return f"{text} {extra}" if extra else text

    def values(self, step: int) -> StepValues:
        """The named values of a step, for caption templates."""
        return StepValues(self, self._index(step))

    def facts(self, step: int) -> dict[str, bool]:
        """Each fact a step's caption claims, and whether it holds (for the tests)."""
        extra = self.extra.get(self._index(step))
        if not isinstance(extra, Caption):
            return {}
        values = self.values(step)
        return {fact: (not values[fact.removeprefix("not ")]) if fact.startswith("not ") else bool(values[fact])
                for fact in extra.facts}

    def _start_words(self) -> str:
        hand = self._states[0]
        dealer, other = self.names[hand.dealer], self.names[hand.non_dealer]
        return t("{dealer} deals ten cards each, one at a time, {other} first. The next card, {upcard}, is turned "
                 "up: the upcard starts the discard pile. The other {stock} cards are the stock.",
                 dealer=dealer, other=other, upcard=hand.upcard, stock=hand.stock_count)

    def _action_words(self, step: int) -> str:
        before, after = self._states[step - 1], self._states[step]
        seat, action = self._actions[step - 1]
        text = tell_move(before, seat, action, after, voice=Voice.LESSON, who=self.names[seat],
                         seen=seat not in self.face_down)
        if _caption_scores(after) and after.result is not None:
            text += " " + after.result.explain()
        return text

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        state = self._states[self._index(step)]  # the score line is the caption's when the caption says it
        return table_html(state, names=self.names, face_down=self.face_down, size=size, four_colour=four_colour,
                          result=not _caption_scores(state))


def _caption_scores(state: Hand) -> bool:
    """Whether a hand's step caption ends with the score line (a hand that ended with a
    score but a dead hand's): the table under it then leaves it out."""
    return state.is_over and state.result is not None and state.result.kind != ScoreKind.DEAD


_ONE_CARD_OUT = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)
_LAID_OUT = (Phase.DEFENDER_LAYOUT, Phase.OVER)
"""The phases in which the knocker has finished laying out."""


def _drawn(hand: Hand) -> Card:
    """The card drawn this turn, in a discard (GinError otherwise)."""
    if hand.last_draw is None:
        raise GinError("no card has been drawn this turn")
    return hand.last_draw[0]


def _target(action: Action) -> int:
    """The meld a lay-off goes on, 0-based (GinError for a lay-off without one)."""
    if action.target is None:
        raise GinError(f"{action} names no meld")
    return action.target


def _scored(hand: Hand) -> HandScore:
    """The result of a finished hand (GinError while it goes on)."""
    if hand.result is None:
        raise GinError("the hand is not over: it has no score yet")
    return hand.result


def _two(names: Iterable[str]) -> Sequence[str]:
    """The players' names by seat (:data:`~gintrainer.words.language.PLAYERS` as it is: it reads them in the
    language of the moment)."""
    if names is PLAYERS:
        return PLAYERS
    first, second = names
    return first, second


def shown(cards: Card | Iterable[Card]) -> str:
    """A card or cards as a caption writes them, ``4♣ 5♣ 6♣``: kept left to right in a
    right-to-left sentence, as every value of a sentence is
    (:func:`~gintrainer.words.language.format_plain`)."""
    return format_plain(cards if isinstance(cards, Card) else tuple(cards))


def shown_melds(melds: Iterable[Iterable[Card]]) -> str:
    """Melds as a caption writes them, ``2♣ 3♣ 4♣ · Q♦ Q♥ Q♠``, kept left to right as cards are."""
    return format_plain(tuple(tuple(meld) for meld in melds))


def added_up(cards: Iterable[Card]) -> str:
    """The values of some cards added up, as a caption says them: "10 + 2 + 9 = 21" ("3" for one
    card, "0" for none), on one line and left to right (:func:`~gintrainer.material.drawing.sum_words`)."""
    return sum_words((c.value for c in cards), total=True)


class StepValues(Mapping[str, object]):
    """The named values of one step of a :class:`HandSteps`, each computed from the
    hand when a caption asks for it (an unknown or inapplicable name raises KeyError).

    - the move: ``player`` and ``other`` (names), ``card`` (the card moved, drawn,
      taken or passed), ``value``; the meld it is in after the move, ``meld``, with
      ``meld_before`` (without it) and ``meld_size``;
    - the players' names: ``ann`` (seat 0) and ``ben`` (seat 1), as a sentence names them
      (:data:`~gintrainer.words.language.PLAYER_VALUES`);
    - each seat by that value: ``ann_`` and ``ben_`` with ``_count``
      (cards held), ``_deadwood``, ``_deadwood_cards``, ``_deadwood_sum``, the first
      ``_set`` and ``_run`` of the best arrangement, and ``_left``, ``_left_cards``,
      ``_left_sum`` (cards not yet laid out or off);
    - the discard that leaves the least deadwood: ``best_discard``, ``after_discard``,
      ``after_discard_cards``; ``knock_limit`` (this hand's), ``standard_knock_limit``,
      ``upcard``;
    - after a knock: ``knocker``, ``defender``, ``knocker_deadwood``,
      ``knocker_deadwood_cards``, ``defender_left``, ``defender_left_cards``,
      ``defender_left_sum``; ``laid`` (the meld just laid out); the knocker's melds as
      laid, ``meld_1``..., the cards laid off on each, ``laid_on_1``... (a count); the
      knocker's other least-deadwood layout, ``other_layout``, the lay-offs and the
      deadwood the defender would have against it, ``other_layout_layoffs`` and
      ``other_layout_left``, against the layout laid, ``layout_left``, and the card
      that sits in a meld of another kind there, ``moved_card``; ``points`` and
      ``multiplier`` once the hand is scored;
    - yes/no facts: ``card_melds``, ``worth_taking`` (the lessons' rule for taking a
      discard, judged before the move), ``next_player_wants_it`` (the same rule for
      the card just discarded, judged for the next player), ``sound_discard``,
      ``highest_deadwood``, ``card_just_drawn``, ``within_limit``,
      ``within_standard_limit``, ``no_deadwood_after_discard``, ``at_low_end``,
      ``at_high_end``, ``chain``, ``laid_form_a_run``, ``defender_not_above``,
      ``layout_blocks``.
    """

    _SEAT_KEYS = ("count", "deadwood", "deadwood_cards", "deadwood_sum", "set", "run", "left", "left_cards",
                  "left_sum")
    """Numbered from 1, one per meld the knocker laid out: ``meld_1``, ``laid_on_1``, ..."""

    def __init__(self, steps: HandSteps, step: int):
        self.names = steps.names
        self.after = steps.state(step)
        self.before: Hand | None = steps.state(step - 1) if step else None
        self.seat: int = steps._actions[step - 1][0] if step else self.after.dealer
        self.action: Action | None = steps._actions[step - 1][1] if step else None
        self._cache: dict[str, object] = {}

    def keys(self) -> list[str]:  # type: ignore[override]  # a list: a KeysView's `in` would compute the value
        seats = [f"{name}_{key}" for name in PLAYER_VALUES for key in self._SEAT_KEYS]
        melds = [f"{what}_{i + 1}" for what in self._MELD_KEYS for i in range(len(self._laid_melds()))]
        return list(_VALUES) + seats + melds

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def __getitem__(self, key: str) -> object:
        if key not in self._cache:
            try:
                self._cache[key] = self._compute(key)
            except (AttributeError, IndexError, TypeError, ValueError, StopIteration) as error:
                raise KeyError(f"{key} has no value at this step ({type(error).__name__}: {error})") from None
        return self._cache[key]

    def _compute(self, key: str) -> object:
        for seat, name in enumerate(PLAYER_VALUES):
            prefix = f"{name}_"
            if key.startswith(prefix) and key[len(prefix):] in self._SEAT_KEYS:
                return self._seat_value(seat, key[len(prefix):])
        for what in self._MELD_KEYS:
            number = key.removeprefix(f"{what}_")
            if number != key and number.isdigit():
                return self._meld_value(what, int(number) - 1)
        if key not in _VALUES:
            raise KeyError(key)
        return _VALUES[key](self)

    # -- the move ---------------------------------------------------------------------

    def _move(self) -> tuple[Hand, Action]:
        """The state before this step's move, and the move (ValueError at the deal)."""
        if self.before is None or self.action is None:
            raise ValueError("the deal has no move")
        return self.before, self.action

    def _card(self) -> Card:
        before, action = self._move()
        if action.card is not None:
            return action.card
        if action.kind in (ActionKind.TAKE, ActionKind.PASS) and before.top_discard is not None:
            return before.top_discard
        if action.kind is ActionKind.DRAW:
            return _drawn(self.after)
        raise ValueError(f"{action} moves no one card")

    def _meld(self) -> tuple[Card, ...]:
        card = self._card()
        _, action = self._move()
        if action.kind is ActionKind.LAYOFF:
            return self.after.table_melds[_target(action)]
        melds = best_arrangement(self.after.held(self.seat)).melds
        return next(m for m in melds if card in m)

    def _meld_before(self) -> str:
        card = self._card()
        return shown(order_meld([c for c in self._meld() if c is not card]))

    def _best(self) -> tuple[Card, Arrangement]:
        """The discard due after this step's take or draw, and what it leaves."""
        hand = self.after
        if hand.phase is not Phase.DISCARD:
            raise ValueError("no discard is due at this step")
        card = sound_discard(hand)
        return card, best_arrangement([c for c in hand.held(self.seat) if c is not card])

    def _discarded(self) -> tuple[Hand, Card]:
        """The state before this step's discard (or knock, or gin), and the card thrown."""
        if self.action is None or self.action.kind not in _ONE_CARD_OUT:
            raise ValueError("no discard at this step")
        before, action = self._move()
        return before, card_of(action)

    def _layoff(self) -> tuple[Action, list[Card]]:
        """This step's lay-off, and every card laid off on the same meld so far."""
        if self.action is None or self.action.kind is not ActionKind.LAYOFF:
            raise ValueError("no lay-off at this step")
        action = self.action
        return action, [layoff.card for layoff in self.after.layoffs if layoff.meld == action.target]

    # -- the knock ----------------------------------------------------------------------

    def _knocker(self) -> int:
        if self.after.knocker is None:
            raise ValueError("nobody has knocked")
        return self.after.knocker

    def _laid_melds(self) -> tuple[tuple[Card, ...], ...]:
        knocker = self.after.knocker
        return () if knocker is None else self.after.melds(knocker)

    def _meld_value(self, what: str, index: int) -> object:
        """``meld_N`` (the knocker's meld N as laid) or ``laid_on_N`` (how many cards went on it)."""
        melds = self._laid_melds()
        if not 0 <= index < len(melds):
            raise IndexError(f"the knocker laid out {len(melds)} melds")
        return self._MELD_KEYS[what](self, melds, index)

    def _meld_cards(self, melds: tuple[tuple[Card, ...], ...], index: int) -> object:
        return shown(melds[index])

    def _laid_on(self, melds: tuple[tuple[Card, ...], ...], index: int) -> object:
        return sum(1 for layoff in self.after.layoffs if layoff.meld == index)

    _MELD_KEYS: ClassVar[dict[str, Callable[[StepValues, tuple[tuple[Card, ...], ...], int], object]]] = {
        "meld": _meld_cards, "laid_on": _laid_on}
    """The values named ``<key>_N`` for the knocker's meld N."""

    def _layouts(self) -> tuple[int, Arrangement, DefenderReply]:
        """Against the layout laid, the defender's deadwood; the knocker's other least-deadwood
        layout, and the defender's best reply to it."""
        knocker = self._knocker()
        defender = self.after.held(1 - knocker)
        laid = {tuple(order_meld(m)) for m in self._laid_melds()}
        if self.after.phase not in _LAID_OUT:
            raise ValueError("the knocker has not finished laying out")
        layouts = knocker_layouts(self.after.held(knocker), defender)
        other = next(a for a in layouts if {tuple(order_meld(m)) for m in a.melds} != laid)
        return (best_layoffs(defender, self._laid_melds()).points, other, best_layoffs(defender, other.melds))

    def _moved_card(self) -> Card:
        _, other, _ = self._layouts()
        kind_in: dict[Card, str | None] = {}
        for meld in other.melds:
            for card in meld:
                kind_in[card] = meld_kind(meld)
        return next(card for meld in self._laid_melds() for card in meld if kind_in.get(card) != meld_kind(meld))

    def _knocker_points(self) -> int:
        knocker = self._knocker()
        if self.after.phase in _LAID_OUT:
            return sum(c.value for c in self.after.unlaid(knocker))
        return best_arrangement(self.after.held(knocker)).points

    def _knocker_cards(self) -> str:
        knocker = self._knocker()
        if self.after.phase in _LAID_OUT:
            return shown(self.after.unlaid(knocker))
        return shown(best_arrangement(self.after.held(knocker)).deadwood)

    def _defender_left(self) -> tuple[Card, ...]:
        return self.after.unlaid(1 - self._knocker())

    def _laid(self) -> str:
        if self.action is None or self.action.kind is not ActionKind.MELD:
            raise ValueError("no meld was laid out at this step")
        return shown(self.action.cards)

    # -- each seat ----------------------------------------------------------------------

    def _seat_value(self, seat: int, key: str) -> object:
        held = self.after.held(seat)
        arrangement = best_arrangement(held)
        left = self.after.unlaid(seat)
        values: dict[str, Callable[[], object]] = {
            "count": lambda: len(held),
            "deadwood": lambda: arrangement.points,
            "deadwood_cards": lambda: shown(arrangement.deadwood),
            "deadwood_sum": lambda: added_up(arrangement.deadwood),
            "set": lambda: shown(next(m for m in arrangement.melds if meld_kind(m) == MeldKind.SET)),
            "run": lambda: shown(next(m for m in arrangement.melds if meld_kind(m) == MeldKind.RUN)),
            "left": lambda: sum(c.value for c in left),
            "left_cards": lambda: shown(left),
            "left_sum": lambda: added_up(left),
        }
        return values[key]()

    # -- the yes/no facts ---------------------------------------------------------------

    def _card_melds(self) -> bool:
        try:
            self._meld()
        except (StopIteration, ValueError):
            return False
        return True

    def _worth_taking(self) -> bool:
        if self.before is None or not self.before.is_legal("take"):
            raise ValueError("no discard could be taken at this step")
        return worth_taking(self.before)

    def _next_player_wants_it(self) -> bool:
        if not self.after.is_legal("take"):
            raise ValueError("the discard cannot be taken at this step")
        return take_into_meld(self.after) is not None

    def _sound_discard(self) -> bool:
        before, card = self._discarded()
        _, cards = best_discards(before)
        return card in cards and card.value == max(c.value for c in cards)

    def _highest_deadwood(self) -> bool:
        before, card = self._discarded()
        deadwood = best_arrangement(before.held(self.seat)).deadwood
        return card in deadwood and card.value == max(c.value for c in deadwood)

    def _card_just_drawn(self) -> bool:
        before, card = self._discarded()
        return before.last_draw is not None and before.last_draw[0] is card

    def _at_end(self, end: int) -> bool:
        """Whether the card is at one end of the run it is in (0: the low end, -1: the high end)."""
        meld = order_meld(self._meld())
        if meld_kind(meld) != MeldKind.RUN:
            return False
        return self._card() is meld[end]

    def _chain(self) -> bool:
        action, laid = self._layoff()
        card = action.card
        return card is not None and any(c.suit == card.suit and abs(c.rank - card.rank) == 1
                                        for c in laid if c is not card)

    def _laid_form_a_run(self) -> bool:
        _, laid = self._layoff()
        return meld_kind(laid) == MeldKind.RUN

    def _layout_blocks(self) -> bool:
        laid_left, _, other_reply = self._layouts()
        return laid_left > other_reply.points


_VALUES: dict[str, Callable[[StepValues], object]] = {
    "ann": lambda v: v.names[0],
    "ben": lambda v: v.names[1],
    "player": lambda v: v.names[v.seat],
    "other": lambda v: v.names[1 - v.seat],
    "card": lambda v: shown(v._card()),
    "value": lambda v: v._card().value,
    "meld": lambda v: shown(v._meld()),
    "meld_before": StepValues._meld_before,
    "meld_size": lambda v: len(v._meld()),
    "best_discard": lambda v: shown(v._best()[0]),
    "after_discard": lambda v: v._best()[1].points,
    "after_discard_cards": lambda v: shown(v._best()[1].deadwood),
    "knock_limit": lambda v: v.after.knock_limit,
    "standard_knock_limit": lambda v: PRESETS["standard"].knock_limit,
    "upcard": lambda v: shown(v.after.upcard),
    "knocker": lambda v: v.names[v._knocker()],
    "defender": lambda v: v.names[1 - v._knocker()],
    "knocker_deadwood": StepValues._knocker_points,
    "knocker_deadwood_cards": StepValues._knocker_cards,
    "defender_left": lambda v: sum(c.value for c in v._defender_left()),
    "defender_left_cards": lambda v: shown(v._defender_left()),
    "defender_left_sum": lambda v: added_up(v._defender_left()),
    "laid": StepValues._laid,
    "other_layout": lambda v: shown_melds(v._layouts()[1].melds),
    "other_layout_layoffs": lambda v: shown(layoff.card for layoff in v._layouts()[2].layoffs),
    "other_layout_left": lambda v: v._layouts()[2].points,
    "layout_left": lambda v: v._layouts()[0],
    "moved_card": lambda v: shown(v._moved_card()),
    "points": lambda v: _scored(v.after).points,
    "multiplier": lambda v: _scored(v.after).multiplier,
    # yes/no facts
    "card_melds": StepValues._card_melds,
    "worth_taking": StepValues._worth_taking,
    "next_player_wants_it": StepValues._next_player_wants_it,
    "sound_discard": StepValues._sound_discard,
    "highest_deadwood": StepValues._highest_deadwood,
    "card_just_drawn": StepValues._card_just_drawn,
    "within_limit": lambda v: v._best()[1].points <= v.after.knock_limit,
    "within_standard_limit": lambda v: v._best()[1].points <= PRESETS["standard"].knock_limit,
    "no_deadwood_after_discard": lambda v: v._best()[1].points == 0,
    "at_low_end": lambda v: v._at_end(0),
    "at_high_end": lambda v: v._at_end(-1),
    "chain": StepValues._chain,
    "laid_form_a_run": StepValues._laid_form_a_run,
    "defender_not_above": lambda v: sum(c.value for c in v._defender_left()) <= v._knocker_points(),
    "layout_blocks": StepValues._layout_blocks,
}
"""Each named value of a step (but those of a seat or a meld), in the order of :meth:`StepValues.keys`."""


class DealSteps:
    """The deal, one card at a time: 20 cards to the players, then the upcard."""

    def __init__(self, hand: Hand, *, names: Iterable[str] = PLAYERS, title: str = "",
                 captions: dict[int, str] | None = None):
        self.hand = hand.prefix(0)
        self.names = _two(names)
        self.title = title
        self.extra = dict(captions or {})

    @property
    def count(self) -> int:
        return 22

    def _check(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def _receiver(self, i: int) -> int:
        """The seat that gets the deck's card ``i`` (0-based) of the first 20."""
        return self.hand.non_dealer if i % 2 == 0 else self.hand.dealer

    def caption(self, step: int) -> str:
        step = self._check(step)
        hand = self.hand
        dealer, other = self.names[hand.dealer], self.names[hand.non_dealer]
        if step == 0:
            text = t("{dealer} is the dealer, shuffles, and deals from the top of the deck, {other} first.",
                     dealer=dealer, other=other)
        elif step <= 20:
            card = hand.deck[step - 1]
            seat = self._receiver(step - 1)
            got = sum(1 for i in range(step) if self._receiver(i) == seat)
            # Translators: {got} of {each}: how many of a player's cards he has had so far.
            text = t("Card {step}: {card} goes to {player} ({got} of {each}).", step=step, card=card,
                     player=self.names[seat], got=got, each=len(hand.held(seat)))
        else:
            text = t("Each player has ten cards. {dealer} turns up the next card, {upcard}: the upcard. The other "
                     "{stock} cards are the stock. {other} may take the upcard first.",
                     dealer=dealer, upcard=hand.upcard, stock=hand.stock_count, other=other)
        extra = self.extra.get(step)
        return f"{text} {extra}" if extra else text

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        step = self._check(step)
        hand = self.hand
        dealt = min(step, 20)
        seats = []
        for seat in (hand.non_dealer, hand.dealer):
            cards = [hand.deck[i] for i in range(dealt) if self._receiver(i) == seat]
            none_yet = escape(t("no cards yet"))
            body = (cards_html(cards, size=size, four_colour=four_colour) if cards
                    else f'<span class="gt-count">{none_yet}</span>')
            if seat == hand.dealer:
                title = tn("{player} (dealer): {n} card", "{player} (dealer): {n} cards", len(cards),
                           player=self.names[seat])
            else:
                title = tn("{player} (non-dealer): {n} card", "{player} (non-dealer): {n} cards", len(cards),
                           player=self.names[seat])
            seats.append(f'<div class="gt-seat"><div class="gt-seat-title">{escape(title)}</div>{body}</div>')
        left = 52 - dealt - (1 if step == 21 else 0)
        pile = tc("pile", "stock") if step == 21 else tc("pile", "deck")
        deck = group_html(card_back_html(size=size, label=left), pile)
        middle = [deck]
        if step == 21:
            middle.append(group_html(cards_html([hand.upcard], size=size, four_colour=four_colour),
                                     tc("pile", "upcard")))
        elif step > 0:
            card = hand.deck[step - 1]
            middle.append(group_html(cards_html([card], marks={card: "new"}, size=size, four_colour=four_colour),
                                     tc("card", "just dealt")))
        return (f'<div class="gt-table">{seats[0]}<div class="gt-middle">{"".join(middle)}</div>{seats[1]}</div>')


class MatchSteps:
    """A match hand by hand: each step shows a finished hand and the score sheet so far."""

    def __init__(self, match: Match, *, names: Iterable[str] = PLAYERS, title: str = ""):
        if not match.hands or not match.hand.is_over:
            raise ValueError("MatchSteps shows finished hands: play the match's last hand to its end")
        self.match = match
        self.names = _two(names)
        self.title = title

    @property
    def count(self) -> int:
        return len(self.match.hands) + 1

    def _check(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < self.count:
            raise ValueError(f"step must be a whole number from 0 to {self.count - 1}, not {step!r}")
        return step

    def _totals(self, upto: int) -> list[int]:
        totals = [0, 0]
        for hand in self.match.hands[:upto]:
            result = _scored(hand)
            if result.winner_seat is not None:
                totals[result.winner_seat] += result.points
        return totals

    def caption(self, step: int) -> str:
        step = self._check(step)
        match, names = self.match, self.names
        rules = match.rules
        if step == 0:
            return t("A match to {target} points. {dealer} deals the first hand. Each step is one whole hand.",
                     target=rules.target, dealer=names[match.first_dealer])
        result = _scored(match.hands[step - 1])
        totals = self._totals(step)
        if result.winner_seat is None:
            # Translators: {result} is the hand's result in a sentence of its own.
            text = t("Hand {step}: {result}", step=step, result=result.explain())
        else:
            # Translators: {result} is how the points were scored, in a sentence of its own.
            text = t("Hand {step}: {winner} scores {points} ({result}) Score: {first} {first_total}, {second} "
                     "{second_total}.", step=step, winner=names[result.winner_seat], points=result.points,
                     result=result.explain(), first=names[0], first_total=totals[0], second=names[1],
                     second_total=totals[1])
        if step < len(match.hands):
            text += " " + t("{dealer} deals next.", dealer=names[match.hands[step].dealer])
        elif match.is_over:
            text += self._final_words(match.games[0])
        return text

    def _final_words(self, game: Game) -> str:
        """The end of the match: who reached the target, the bonuses and the final totals."""
        names, rules = self.names, self.match.rules
        w, b = game.winner, game.bonuses
        if w is None or b is None:
            raise GinError("the match is over but its game has no winner")
        values = dict(winner=names[w], target=rules.target, bonus=b.game[w], box=rules.box_bonus, first=names[0],
                      first_boxes=b.boxes[0], second=names[1], second_boxes=b.boxes[1], first_total=game.totals[0],
                      second_total=game.totals[1])
        if b.shutout:
            return " " + t("{winner} reached {target}: game bonus {bonus} (doubled: shutout); box bonuses {box} a "
                           "hand won: {first} {first_boxes}, {second} {second_boxes}. Final: {first} {first_total}, "
                           "{second} {second_total}.", **values)
        return " " + t("{winner} reached {target}: game bonus {bonus}; box bonuses {box} a hand won: {first} "
                       "{first_boxes}, {second} {second_boxes}. Final: {first} {first_total}, {second} "
                       "{second_total}.", **values)

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        step = self._check(step)
        sheet = score_sheet_html(self.match.hands[:step], self.names)
        if step == 0:
            return sheet
        # the caption says the hand's score line: the table leaves it out
        table = table_html(self.match.hands[step - 1], names=self.names, size=size, four_colour=four_colour,
                           result=False)
        return sheet + table
