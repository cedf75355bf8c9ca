"""Cards on screen: a row of clickable cards, a hand view and a table view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.hand import Hand
from ..material.drawing import SORTS, card_classes, hand_html, table_html
from ..words.language import PLAYERS, tc
from . import ui as widgets
from .base import Change, View, auto_width_buttons, close_parts, close_tree, guarded, settings

_BUTTON_CLASSES = ("gt-card-btn",)


class CardPicker(widgets.Box):
    """Cards as toggle buttons named like the card (``K♠``, ``10♦``), built once and
    reused. ``selected`` reads the clicked cards from the buttons' positions, never
    from their names (a page can send anything)."""

    children: tuple[widgets.Widget, ...]  # the buttons shown (a trait of the Box)

    def __init__(self, cards: CardsLike = (), *, single: bool = False):
        self.buttons: list[widgets.ToggleButton] = []  # kept for reuse: there may be more than cards shown
        self.cards: tuple[Card, ...] = ()
        self.hidden: frozenset[Card] = frozenset()  # cards of the picker out of its row (see hide)
        self.single = single
        self.on_error: Callable[[str], None] | None = None  # told of an error in a click, as a sentence
        self.on_pick: Callable[[], None] | None = None  # told of each card the learner clicks
        self._quiet = False
        super().__init__(layout=widgets.fixed_layout(flex_flow="row wrap", align_items="flex-start"),
                         _dom_classes=("gt-picker",))
        if cards:
            self.show(cards)

    def _button(self, index: int) -> widgets.ToggleButton:
        while len(self.buttons) <= index:
            button = widgets.ToggleButton(value=False, _dom_classes=_BUTTON_CLASSES)
            button.observe(partial(self._toggled, len(self.buttons)), names="value")
            self.buttons.append(button)
        return self.buttons[index]

    def show(self, cards: CardsLike, *, size: str | None = None, four_colour: bool | None = None,
             single: bool | None = None) -> None:
        """Show these cards, none selected (and none hidden)."""
        cards = parse_cards(cards)
        size = settings.size if size is None else size
        four_colour = settings.four_colour if four_colour is None else four_colour
        if single is not None:
            self.single = single
        self._quiet = True
        try:
            for i, card in enumerate(cards):
                button = self._button(i)
                with button.hold_sync():
                    button.value = False
                    button.description = str(card)
                    button.tooltip = card.name
                    button.disabled = False
                    for name in list(button._dom_classes):
                        if name not in _BUTTON_CLASSES:
                            button.remove_class(name)
                    for name in card_classes(card, size=size, four_colour=four_colour)[1:]:
                        button.add_class(name)
        finally:
            self._quiet = False
        for button in self.buttons[len(cards):]:
            button.value = False
        self.cards = cards
        self.hidden = frozenset()
        self._show_row()

    def hide(self, cards: CardsLike) -> None:
        """Take these of the picker's cards out of its row (and no others: ``hide(())``
        puts every card back), unselected. The others keep their buttons, so a click sent
        just before the page redraws still lands on the card clicked (a button is read by
        its place among the picker's cards)."""
        self.hidden = frozenset(parse_cards(cards)) & set(self.cards)
        for card, button in zip(self.cards, self.buttons, strict=False):
            if card in self.hidden and button.value:
                self._quiet = True
                try:
                    button.value = False
                finally:
                    self._quiet = False
        self._show_row()

    @property
    def offered(self) -> tuple[Card, ...]:
        """The cards in the row (the picker's cards but the hidden ones), in order."""
        return tuple(card for card in self.cards if card not in self.hidden)

    def _show_row(self) -> None:
        shown = tuple(button for card, button in zip(self.cards, self.buttons, strict=False)
                      if card not in self.hidden)
        if tuple(self.children) != shown:
            self.children = shown

    def close(self) -> None:
        """Close the picker and every card button it has made (shown or not)."""
        super().close()
        close_parts(self)
        for button in self.buttons:
            close_tree(button)

    def restyle(self, *, size: str | None = None, four_colour: bool | None = None) -> None:
        """Redraw the same cards in another size or colouring, keeping the selection and the cards hidden."""
        chosen, hidden = self.selected, self.hidden
        self.show(self.cards, size=size, four_colour=four_colour)
        if hidden:
            self.hide(hidden)
        self.select(chosen)

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards clicked in the row (a hidden card's button, which a page can still send, is not read)."""
        return tuple(card for card, button in zip(self.cards, self.buttons, strict=False)
                     if button.value is True and card not in self.hidden)

    def select(self, cards: CardsLike) -> None:
        chosen = set(parse_cards(cards))
        self._quiet = True
        try:
            for card, button in zip(self.cards, self.buttons, strict=False):
                button.value = card in chosen
        finally:
            self._quiet = False

    def clear(self) -> None:
        self.select(())
        self.mark(())

    def mark(self, cards: CardsLike) -> None:
        """Outline these cards (the answer), and no others."""
        marked = set(parse_cards(cards))
        for card, button in zip(self.cards, self.buttons, strict=False):
            if card in marked:
                button.add_class("gt-right")
            else:
                button.remove_class("gt-right")

    def disable(self, flag: bool = True) -> None:
        for button in self.buttons:
            button.disabled = flag

    def _toggled(self, index: int, change: Change) -> None:
        if self._quiet:
            return
        if self.single and change["new"] is True:
            try:
                self._quiet = True
                for i, button in enumerate(self.buttons):
                    if i != index and button.value:
                        button.value = False
            except Exception as error:  # pragma: no cover - reported by the owner
                if self.on_error:
                    self.on_error(f"{type(error).__name__}: {error}")
            finally:
                self._quiet = False
        if self.on_pick is not None:
            self.on_pick()


class HandView(View):
    """A hand: by melds (each meld captioned, then the deadwood), by suit or by rank,
    always with the deadwood count."""

    def __init__(self, cards: CardsLike = (), *, sort: str = "melds", title: str = ""):
        self.sort = widgets.ToggleButtons(options=[(tc("sort", "By melds"), "melds"), (tc("sort", "By suit"), "suit"),
                                                   (tc("sort", "By rank"), "rank")], value=sort,
                                          description=tc("label", "Sort:"), style=auto_width_buttons())
        self.title = widgets.HTML(f"<b>{title}</b>" if title else "")
        self.html = widgets.HTML()
        self.cards: tuple[Card, ...] = parse_cards(cards)
        super().__init__([self.title, self.sort, self.html])
        self.sort.observe(self._sorted, names="value")
        self.refresh()

    def show(self, cards: CardsLike) -> None:
        self.cards = parse_cards(cards)
        self.refresh()

    def _sorted(self, change: Change) -> None:
        self._redraw()

    def refresh(self) -> None:
        sort = self.sort.value if self.sort.value in SORTS else "melds"
        self.html.value = hand_html(self.cards, sort=sort, show_melds=sort == "melds", size=self.size,
                                    four_colour=self.four_colour) if self.cards else ""
        self.clear_status()


class TableView(View):
    """A :class:`~gintrainer.Hand` at the table: both hands (or one face down), the
    stock, the discard pile, the melds after a knock and the result."""

    def __init__(self, hand: Hand | None = None, *, names: Sequence[str] = PLAYERS,
                 face_down: tuple[int, ...] = ()):
        self.hand = hand
        if names is not PLAYERS:  # the lessons' players stay in the language of the moment
            first, second = names  # a list or a tuple of two
            names = (first, second)
        self.names = names
        self.face_down = tuple(face_down)
        self.html = widgets.HTML()
        super().__init__([self.html])
        self.refresh()

    @guarded
    def show(self, hand: Hand) -> None:
        self.hand = hand
        self.refresh()

    def refresh(self) -> None:
        self.html.value = "" if self.hand is None else table_html(
            self.hand, names=self.names, face_down=self.face_down, size=self.size, four_colour=self.four_colour)
