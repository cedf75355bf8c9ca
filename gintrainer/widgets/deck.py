"""The review page: the learner's review deck (:mod:`gintrainer.records.deck`), the puzzles due now one at a
time, the longest overdue first, each answered as in the trainers (the answer is a review of the puzzle, which
sets when it comes back); when none is due, when the next one is."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from html import escape

from ..records.deck import DueToday
from ..trainers.mistakes import deck_entries, own_set
from ..trainers.training import PuzzleAttempt, review_puzzle
from ..words.errors import GinError
from ..words.language import format_plain, t, tc, tn
from . import ui as widgets
from .base import View, guarded, settings
from .profile import Learner, ProfileBar, SettingsBar, asks_the_learner, later_today_words, learner_choices
from .site import REVIEW
from .trainer import PuzzleView, kind_title, practice_note, puzzle_rating

HERE = REVIEW


def due_words(due: int, next_due: str | None, today: DueToday | None = None) -> str:
    """What the page says of the deck: how many puzzles are due now, and how many later today with the time of
    the first (``today``, as the landing page and the profile say it); when none is due today, when the next
    one is (UTC)."""
    later = later_today_words(today) if today is not None else ""
    if due:
        now = tn("{n} puzzle to review now.", "{n} puzzles to review now.", due)
        return f"{now} {later}" if later else now
    if next_due is None:
        return t("Your review deck is empty: the puzzles you miss or solve with hints come here.")
    if later:
        nothing = t("Nothing to review now.")
        return f"{nothing} {later}"
    when = dt.datetime.fromisoformat(next_due)
    return t("Nothing to review now. The next review is due on {date} at {time} UTC.", date=format_plain(when.date()),
             time=when.strftime("%H:%M"))


class ReviewPage(View):
    """The puzzles of the learner's review deck that are due, one at a time: the name box in the settings line
    over them (opened on demand, as the trainers' is), so that the puzzle due comes first."""

    def __init__(self, *, learner: Learner | None = None, now: Callable[[], dt.datetime] | None = None) -> None:
        self.learner = learner or Learner.from_page()
        self.now = now or (lambda: dt.datetime.now(dt.UTC))
        self.bar = ProfileBar(self.learner)
        self.settings_bar = SettingsBar([self.bar])
        self.due_line = widgets.HTML(_dom_classes=("gt-review-status",))
        self.view = PuzzleView(title=tc("heading", "Review"), on_result=self._on_result)
        self.view.layout = widgets.Layout()  # its own: hidden when nothing is due
        self.next_button = widgets.Button(description=tc("button", "Next review"), button_style="info",
                                          layout=widgets.Layout())
        self.skipped: set[str] = set()
        """Cards whose puzzle is found nowhere any more: passed over on this page."""
        super().__init__([self.settings_bar, self.due_line, self.view, self.next_button],
                         _dom_classes=("gt-review-deck",))
        self.next_button.on_click(self._on_next)
        self.listen(self.learner, self._on_learner)
        self.listen(settings, self._show_choices, names="four_colour")
        self.next_puzzle()
        self._show_choices()

    def _show_choices(self, _change: object = None) -> None:
        self.settings_bar.show_choices(learner_choices(self.learner), asking=asks_the_learner(self.learner))

    def due(self) -> tuple[str, ...]:
        return tuple(pid for pid in self.learner.progress.deck.due_ids(self.now()) if pid not in self.skipped)

    @guarded
    def _on_next(self, _button: widgets.Button | None = None) -> None:
        self.next_puzzle()

    def _on_learner(self) -> None:
        self._show_choices()
        self.refresh()

    def next_puzzle(self) -> None:
        """Show the longest overdue puzzle of the deck (the learner's own puzzles entered first), or nothing."""
        mine = own_set(self.learner.progress)
        self.learner.enter_deck(deck_entries(mine))
        cards = self.learner.progress.deck.cards
        for puzzle_id in self.due():
            kind = cards[puzzle_id].kind
            try:
                puzzle = review_puzzle(puzzle_id, kind, [found.puzzle for found in mine.of_kind(kind)],
                                       self.learner.progress.first_answered(puzzle_id))
            except GinError:
                puzzle = None
            if puzzle is None:
                self.skipped.add(puzzle_id)
                continue
            note = kind_title(puzzle.kind)
            if self.learner.progress.has_seen(puzzle.id):
                note += " · " + practice_note()
            self.view.show(puzzle, note=note, rated=puzzle_rating(puzzle).rating)  # the rating the other pages show
            self.view.layout.display = ""
            break
        else:
            self.view.layout.display = "none"
        self.refresh()

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> str:
        words = self.learner.record(attempt)
        self.refresh()
        return words

    def refresh(self) -> None:
        deck = self.learner.progress.deck
        said = due_words(len(self.due()), deck.next_due(), deck.due_today(self.now()))
        self.due_line.value = f"<p class='gt-info'>{escape(said)}</p>"
        self.next_button.layout.display = "" if self.due() else "none"


def review_page() -> ReviewPage:
    """A notebook's one line for the review page."""
    return ReviewPage()


__all__ = ["HERE", "ReviewPage", "due_words", "review_page"]
