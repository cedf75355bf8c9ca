"""The answer of a "defend" puzzle on its page: the learner picks cards of the
hand (the page's card picker), makes them a meld or lays one off on a meld of
the knocker's (numbered from 1, as on the table), can clear the layout, and
answers with one of two alike buttons: undercut or not. A card melded or laid off
leaves the picker (clearing the layout puts it back). The picking and its checks are
the :class:`~.layout_input.LayoutInput`'s, as on the other pages that lay out melds."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.scoring import Layoff
from ..words.language import list_words, t, tc
from . import ui as widgets
from .base import View, guarded
from .cards import CardPicker
from .layout_input import Layout, LayoutInput

OnReply = Callable[[list[tuple[Card, ...]], list[Layoff], bool], None]
"""What the page does with a finished layout: its melds, lay-offs and the word on the undercut."""


class ReplyInput(View):
    """Melds and lay-offs built from the cards picked in ``picker`` (a :class:`LayoutInput`,
    which checks each pick); ``on_answer`` gets them."""

    def __init__(self, picker: CardPicker, on_answer: OnReply):
        self.picker = picker
        self.on_answer = on_answer
        self.input = LayoutInput(picker)
        self.knocker_melds: tuple[tuple[Card, ...], ...] = ()
        self.hand: tuple[Card, ...] = ()
        auto = widgets.fixed_layout(width="auto")
        self.meld_button = widgets.Button(description=tc("button", "Meld the selected cards"),
                                          layout=auto, _dom_classes=("gt-meld",))
        self.target = self.input.target
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
        self.meld_button.on_click(lambda _: self._change(self.input.meld))
        self.layoff_button.on_click(lambda _: self._change(self.input.lay_off))
        self.clear_button.on_click(lambda _: self._change(self.input.clear))
        self.undercut_button.on_click(lambda _: self._answer(True))
        self.no_undercut_button.on_click(lambda _: self._answer(False))

    def start(self, knocker_melds: tuple[tuple[Card, ...], ...], hand: CardsLike) -> None:
        """A new, empty layout of ``hand`` (the defender's cards, shown in the picker) against
        these melds of the knocker's."""
        self.knocker_melds = knocker_melds
        self.hand = parse_cards(hand)
        if self.picker.cards != self.hand:
            self.picker.show(self.hand, single=False)
        self.input.start(self.hand, onto=knocker_melds)
        self.input.show_left()
        self.refresh()

    def lay_out(self, melds: list[tuple[Card, ...]], layoffs: list[Layoff]) -> None:
        """A whole reply laid out at once (an answer given before, shown again): the picker's row then holds
        the cards left, as right after the answer. GinError and no change for a reply the rules refuse."""
        self.input.lay_out(Layout(tuple(melds), tuple(layoffs)))
        self.refresh()

    @property
    def melds(self) -> list[tuple[Card, ...]]:
        return list(self.input.melds)

    @property
    def layoffs(self) -> list[Layoff]:
        return list(self.input.layoffs)

    @property
    def used(self) -> set[Card]:
        return set(self.input.value.cards)

    @guarded
    def _change(self, change: Callable[[], object]) -> None:
        """Change the layout (meld the picked cards, lay one off, clear it: the input checks
        the pick), then show it."""
        change()
        self.refresh()

    @guarded
    def _answer(self, undercut: bool) -> None:
        self.on_answer(self.melds, self.layoffs, undercut)

    def disable(self, flag: bool = True) -> None:
        for button in (self.meld_button, self.layoff_button, self.clear_button, self.undercut_button,
                       self.no_undercut_button):
            button.disabled = flag
        self.input.disable(flag)

    def refresh(self) -> None:
        melds = t("Your melds: {layout}", layout=self.input.melds) if self.input.melds else t("Your melds: none yet")
        laid = list_words(str(lo) for lo in self.input.layoffs)
        layoffs = t("Your lay-offs: {layoffs}", layoffs=laid) if laid else t("Your lay-offs: none yet")
        waiting = self.input.waiting()  # a lay-off that needs another card of the hand laid off too
        note = f"<div class='gt-info gt-waiting'>{escape(waiting)}</div>" if waiting else ""
        self.summary.value = (f"<div class='gt-info'>{escape(melds)}</div><div class='gt-info'>{escape(layoffs)}</div>"
                              f"{note}")


__all__ = ["ReplyInput", "OnReply"]
