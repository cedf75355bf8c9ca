"""Picking a layout of melds and lay-offs on a page: the one input that the
knock-layout and defend trainers and the practice pages use.

A :class:`LayoutInput` reads the cards clicked in a page's :class:`CardPicker`,
makes them a meld or lays one off on a meld given to it, and keeps what was laid
out as engine objects (a :class:`Layout`). Every pick is checked by the engine
(:func:`~gintrainer.engine.scoring.check_melds` for a layout of melds alone,
:func:`~gintrainer.engine.scoring.check_reply` when lay-offs are asked for), so
the three pages refuse the same layouts with the same words; a refused pick
raises :class:`~gintrainer.words.errors.GinError` and changes nothing. Each
action comes as a triad, as the hand's moves do: ``explain_meld`` (the reason,
or None), ``verify_meld`` (the meld, or the error) and ``meld`` (verify, then
keep it); the same for lay-offs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.scoring import Layoff, Meld, check_melds, check_reply, layoff_targets
from ..words.errors import GinError
from ..words.language import t, tc
from . import ui as widgets
from .cards import CardPicker


@dataclass(frozen=True, slots=True)
class Layout:
    """Melds and lay-offs laid out so far (lay-offs on the given melds, numbered from 0)."""

    melds: tuple[Meld, ...] = ()
    layoffs: tuple[Layoff, ...] = ()

    @property
    def cards(self) -> frozenset[Card]:
        """Every card laid out, melded or laid off."""
        return frozenset(c for m in self.melds for c in m) | {lo.card for lo in self.layoffs}


class LayoutInput:
    """The layout a learner picks from ``picker``: melds of ``cards``, and lay-offs on
    ``onto`` (the knocker's melds) when :meth:`start` is given them.

    A card melded or laid off leaves the picker's row (:meth:`show_left`; :meth:`clear`
    puts it back). The lay-off's meld is chosen in :attr:`target`, a dropdown the page
    places where it likes (made when first asked for, with a layout of its own to hide it);
    while it is not made, or ``ask_meld`` is off, a card goes on the one meld it fits."""

    def __init__(self, picker: CardPicker) -> None:
        self.picker = picker
        self.cards: tuple[Card, ...] = ()
        self.onto: tuple[Meld, ...] | None = None
        self._value = Layout()
        self._target: widgets.Dropdown | None = None
        self.ask_meld = True  # lay-offs go on the meld chosen in ``target`` once it is made

    # -- what may be picked -------------------------------------------------------------

    def start(self, cards: CardsLike, *, onto: Iterable[CardsLike] | None = None) -> None:
        """A new, empty layout of ``cards``; lay-offs go on the melds ``onto`` (None: melds only).
        The picker is left as it is: :meth:`show_left` shows the cards left in its row."""
        self.cards = parse_cards(cards)
        self.onto = None if onto is None else tuple(tuple(parse_cards(m)) for m in onto)
        self._value = Layout()
        self._fill_target()

    @property
    def target(self) -> widgets.Dropdown:
        """The knocker's meld a card is laid off on, as the page shows the choice."""
        if self._target is None:
            self._target = widgets.Dropdown(description=tc("label", "On meld:"), layout=widgets.Layout(width="auto"))
            self._fill_target()
        return self._target

    @property
    def target_made(self) -> bool:
        """Whether :attr:`target` was asked for (a page that needs it only at times makes it then)."""
        return self._target is not None

    def _fill_target(self) -> None:
        """The chooser offers the melds to lay off on, numbered from 1 as on the table: the first
        is chosen, unless the same melds were offered before (the choice made stays)."""
        target, melds = self._target, self.onto or ()
        if target is None:
            return
        options = [(t("meld {number}: {cards}", number=i + 1, cards=m), i) for i, m in enumerate(melds)]
        if list(target.options) != options:
            target.options = options
            target.value = 0 if melds else None

    # -- the value ----------------------------------------------------------------------

    @property
    def value(self) -> Layout:
        """The layout picked so far."""
        return self._value

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._value.melds

    @property
    def layoffs(self) -> tuple[Layoff, ...]:
        return self._value.layoffs

    @property
    def left(self) -> tuple[Card, ...]:
        """The cards not laid out yet, in the order given."""
        used = self._value.cards
        return tuple(c for c in self.cards if c not in used)

    # -- the one validation -------------------------------------------------------------

    def check(self, layout: Layout | None = None, *, unfinished: bool = False) -> Layout:
        """``layout`` (else the one picked) as the engine checks it: the melds in reading order.
        GinError, in the reader's language, naming what is wrong. An ``unfinished`` layout may
        lay off a card that a card still free in the hand must extend the meld for first."""
        layout = self._value if layout is None else layout
        if self.onto is None:
            if layout.layoffs:
                raise GinError(t("cannot lay off {card}: it fits none of the knocker's melds",
                                 card=layout.layoffs[0].card))
            melds, _ = check_melds(layout.melds, self.cards)
            return Layout(melds)
        reply = check_reply(self.cards, self.onto, layout.melds, layout.layoffs, unfinished=unfinished)
        return Layout(reply.melds, layout.layoffs)

    def waiting(self) -> str | None:
        """Why the layout picked so far is not yet one to answer with, or None: a lay-off accepted while a card
        still in the hand must extend the meld for it (the engine's words say which card to lay off too)."""
        try:
            self.check()
        except GinError as error:
            return str(error)
        return None

    def _chosen(self, cards: CardsLike | None) -> tuple[Card, ...]:
        """The cards given, else those selected in the picker; a card laid out already is refused."""
        chosen = self.picker.selected if cards is None else parse_cards(cards)
        taken = [c for c in chosen if c in self._value.cards]
        if taken:
            raise GinError(t("{card} is laid out already: clear the layout to change it", card=taken[0]))
        return chosen

    # -- melds -------------------------------------------------------------------------

    def verify_meld(self, cards: CardsLike | None = None) -> Meld:
        """The meld ``cards`` (else the cards selected) would be, in order; GinError and no change
        for cards the engine refuses."""
        chosen = self._chosen(cards)
        if not chosen:
            raise GinError(t("select the cards of a meld first"))
        checked = self.check(Layout((*self._value.melds, chosen), self._value.layoffs), unfinished=True)
        return checked.melds[-1]

    def explain_meld(self, cards: CardsLike | None = None) -> str | None:
        """Why these cards (else those selected) make no meld here, or None if they do."""
        try:
            self.verify_meld(cards)
        except GinError as error:
            return str(error)
        return None

    def meld(self, cards: CardsLike | None = None) -> Meld:
        """Lay out ``cards`` (else the cards selected) as one more meld; the picker's row then
        holds the cards left."""
        meld = self.verify_meld(cards)
        self._value = Layout((*self._value.melds, meld), self._value.layoffs)
        self.show_left()
        return meld

    # -- lay-offs ----------------------------------------------------------------------

    def verify_lay_off(self, card: Card | str | None = None, meld: int | None = None) -> Layoff:
        """The lay-off of ``card`` (else the one card selected) on the knocker's meld ``meld``
        (numbered from 0; else the one chosen in :attr:`target`, else the one it fits);
        GinError and no change for a lay-off the engine refuses."""
        chosen = self._chosen(None if card is None else [card])
        if len(chosen) != 1:
            raise GinError(t("select one of your cards to lay off first (click it)"))
        layoff = Layoff(chosen[0], self._meld_for(chosen[0], meld))
        self.check(Layout(self._value.melds, (*self._value.layoffs, layoff)), unfinished=True)
        return layoff

    def _meld_for(self, card: Card, meld: int | None) -> int:
        if meld is not None:
            return meld
        if self._target is not None and self.ask_meld:
            if self._target.value is None:
                raise GinError(t("choose the knocker's meld to lay off on"))
            return int(self._target.value)
        fits = layoff_targets(card, self.onto or ())
        if not fits:
            raise GinError(t("cannot lay off {card}: it fits none of the knocker's melds", card=card))
        if len(fits) > 1:
            raise GinError(t("choose the knocker's meld to lay off on"))
        return fits[0]

    def explain_lay_off(self, card: Card | str | None = None, meld: int | None = None) -> str | None:
        """Why this lay-off is refused, or None if it is allowed."""
        try:
            self.verify_lay_off(card, meld)
        except GinError as error:
            return str(error)
        return None

    def lay_off(self, card: Card | str | None = None, meld: int | None = None) -> Layoff:
        """Lay off ``card`` (else the one card selected) on a meld of the knocker's; the
        picker's row then holds the cards left."""
        layoff = self.verify_lay_off(card, meld)
        self._value = Layout(self._value.melds, (*self._value.layoffs, layoff))
        self.show_left()
        return layoff

    # -- a whole layout ------------------------------------------------------------------

    def lay_out(self, layout: Layout) -> Layout:
        """Lay out a whole layout at once (an answer given before, shown again), checked as one: GinError and no
        change for a layout the engine refuses. The picker's row then holds the cards left."""
        self._value = self.check(layout)
        self.show_left()
        return self._value

    # -- the picker --------------------------------------------------------------------

    def clear(self) -> None:
        """Take back every meld and lay-off: every card is in the picker's row again."""
        self._value = Layout()
        self.show_left()

    def show_left(self) -> None:
        """The picker's row holds the cards not laid out yet, none selected."""
        self.picker.clear()
        self.picker.hide(self._value.cards)

    def disable(self, flag: bool = True) -> None:
        """Turn the meld chooser off (the page's buttons are the page's)."""
        if self._target is not None:
            self._target.disabled = flag


__all__ = ["Layout", "LayoutInput"]
