"""The answer of a "defend" puzzle on its page: the learner picks cards of the
hand (the page's card picker), makes them a meld or lays one off on a meld of
the knocker's (numbered from 1, as on the table), can clear the layout, and
answers with one of two alike buttons: undercut or not. A card melded or laid off
leaves the picker (clearing the layout puts it back)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.melds import meld_kind, order_meld
from ..engine.scoring import Layoff, not_a_meld
from ..words.errors import GinError
from ..words.language import t, tc
from . import ui as widgets
from .base import View, guarded
from .cards import CardPicker

OnReply = Callable[[list[tuple[Card, ...]], list[Layoff], bool], None]
"""What the page does with a finished layout: its melds, lay-offs and the word on the undercut."""


class ReplyInput(View):
    """Melds and lay-offs built from the cards picked in ``picker``; ``on_answer`` gets them."""

    def __init__(self, picker: CardPicker, on_answer: OnReply):
        self.picker = picker
        self.on_answer = on_answer
        self.melds: list[tuple[Card, ...]] = []
        self.layoffs: list[Layoff] = []
        self.knocker_melds: tuple[tuple[Card, ...], ...] = ()
        self.hand: tuple[Card, ...] = ()
        auto = widgets.fixed_layout(width="auto")
        self.meld_button = widgets.Button(description=tc("button", "Meld the selected cards"),
                                          layout=auto, _dom_classes=("gt-meld",))
        self.target = widgets.Dropdown(description=tc("label", "On meld:"), layout=auto)
        self.layoff_button = widgets.Button(description=tc("button", "Lay off the selected card"),
                                            layout=auto, _dom_classes=("gt-layoff",))
        self.clear_button = widgets.Button(description=tc("button", "Clear the layout"),
                                           layout=auto, _dom_classes=("gt-clear",))
        self.summary = widgets.HTML(_dom_classes=("gt-reply-summary",))
        # The two answers look alike: a colour would suggest one of them.
        self.undercut_button = widgets.Button(description=tc("button", "Done: I undercut"),
                                              _dom_classes=("gt-answer", "gt-undercut"),
                                              layout=auto)
        self.no_undercut_button = widgets.Button(description=tc("button", "Done: no undercut"),
                                                 _dom_classes=("gt-answer", "gt-no-undercut"),
                                                 layout=auto)
        row = widgets.fixed_layout(flex_flow="row wrap")
        super().__init__([widgets.HBox([self.meld_button, self.target, self.layoff_button, self.clear_button],
                                       layout=row), self.summary,
                          widgets.HBox([self.undercut_button, self.no_undercut_button], layout=row)],
                         _dom_classes=("gt-reply-input",), layout=widgets.Layout())
        self.meld_button.on_click(self._on_meld)
        self.layoff_button.on_click(self._on_layoff)
        self.clear_button.on_click(self._on_clear)
        self.undercut_button.on_click(lambda _: self._answer(True))
        self.no_undercut_button.on_click(lambda _: self._answer(False))

    def start(self, knocker_melds: tuple[tuple[Card, ...], ...], hand: CardsLike) -> None:
        """A new, empty layout of ``hand`` (the defender's cards, shown in the picker) against
        these melds of the knocker's."""
        self.knocker_melds = knocker_melds
        self.hand = parse_cards(hand)
        if self.picker.cards != self.hand:
            self.picker.show(self.hand, single=False)
        self.target.options = [(t("meld {number}: {cards}", number=i + 1, cards=m), i)
                               for i, m in enumerate(knocker_melds)]
        self.target.value = 0 if knocker_melds else None
        self.melds, self.layoffs = [], []
        self._show_left()
        self.refresh()

    def _show_left(self) -> None:
        """The picker's row holds the cards of the hand not laid out yet, none selected."""
        self.picker.clear()
        self.picker.hide(self.used)

    @property
    def used(self) -> set[Card]:
        return {c for m in self.melds for c in m} | {lo.card for lo in self.layoffs}

    def _picked(self) -> tuple[Card, ...]:
        chosen = self.picker.selected
        if not chosen:
            raise GinError(t("select cards of your hand first"))
        taken = [c for c in chosen if c in self.used]
        if taken:
            raise GinError(t("{card} is laid out already: clear the layout to change it", card=taken[0]))
        return chosen

    @guarded
    def _on_meld(self, _button: widgets.Button | None = None) -> None:
        chosen = self._picked()
        if meld_kind(chosen) is None:
            raise GinError(not_a_meld(chosen))
        self.melds.append(order_meld(chosen))
        self._show_left()
        self.refresh()

    @guarded
    def _on_layoff(self, _button: widgets.Button | None = None) -> None:
        chosen = self._picked()
        if len(chosen) != 1:
            raise GinError(t("select one card to lay off"))
        if self.target.value is None:
            raise GinError(t("choose the knocker's meld to lay off on"))
        self.layoffs.append(Layoff(chosen[0], int(self.target.value)))
        self._show_left()
        self.refresh()

    @guarded
    def _on_clear(self, _button: widgets.Button | None = None) -> None:
        self.melds, self.layoffs = [], []
        self._show_left()
        self.refresh()

    @guarded
    def _answer(self, undercut: bool) -> None:
        self.on_answer(list(self.melds), list(self.layoffs), undercut)

    def disable(self, flag: bool = True) -> None:
        for button in (self.meld_button, self.layoff_button, self.clear_button, self.undercut_button,
                       self.no_undercut_button):
            button.disabled = flag
        self.target.disabled = flag

    def refresh(self) -> None:
        melds = t("Your melds: {layout}", layout=tuple(self.melds)) if self.melds else t("Your melds: none yet")
        laid = ", ".join(str(lo) for lo in self.layoffs)
        layoffs = t("Your lay-offs: {layoffs}", layoffs=laid) if laid else t("Your lay-offs: none yet")
        self.summary.value = f"<div class='gt-info'>{escape(melds)}</div><div class='gt-info'>{escape(layoffs)}</div>"


__all__ = ["ReplyInput", "OnReply"]
