"""The "Your mistakes" page: the puzzles made from the learner's own mistakes and blunders in the practice
hands they kept the review of (:mod:`gintrainer.trainers.mistakes`), each with its kind, the date of its game
and whether it is solved, to solve in place; and the mistakes that were not made puzzles, with the reason in
words. A learner with none yet is told how to get some, with a link to practice."""

from __future__ import annotations

from html import escape

from ..trainers.mistakes import MistakePuzzle, Mistakes, Unposed, own_set
from ..trainers.training import PuzzleAttempt
from ..words.language import format_plain, t, tc, tn
from . import ui as widgets
from .base import View, close_tree, guarded
from .profile import Learner, ProfileBar
from .site import link_html
from .trainer import PuzzleView, kind_title, puzzle_rating

HERE = "puzzles/mistakes.ipynb"
PRACTICE = "practice/practice.ipynb"


def status_words(found: MistakePuzzle, solved: frozenset[str], seen: frozenset[str]) -> str:
    """Whether the learner solved the puzzle, answered it without solving it, or has not tried it yet."""
    puzzle_id = found.puzzle.id
    if puzzle_id in solved:
        return tc("mistake puzzle", "solved")
    if puzzle_id in seen:
        return tc("mistake puzzle", "not solved yet")
    return tc("mistake puzzle", "not tried yet")


def row_words(found: MistakePuzzle, solved: frozenset[str], seen: frozenset[str]) -> str:
    """A puzzle's line in the list: its kind, its game's date, its mark and whether it is solved."""
    return t("{kind} · {tag} · {mark} · {status}", kind=kind_title(found.kind), tag=found.tag,
             mark=found.mark.words, status=status_words(found, solved, seen))


def unposed_words(unposed: Unposed) -> str:
    """A mistake not made a puzzle, and why, in words."""
    return t("{decision} ({mark}) in your game of {date}, move {step}: {reason}", decision=unposed.decision.words,
             mark=unposed.mark.words, date=format_plain(unposed.day), step=unposed.step,
             reason=unposed.reason.words)


def empty_html(query: str = "", *, reviewed: int = 0, unposed: int = 0) -> str:
    """What the page says to a learner with no mistakes made puzzles yet, with a link to practice: that the
    ``reviewed`` hands they kept the review of held no mistake or blunder, when they held none; that the
    ``unposed`` mistakes and blunders they held met no puzzle's standard, when they held some (listed below
    the page's list, each with its reason); else how to get some."""
    link = link_html(PRACTICE, HERE, t("Practice against the computer"), query)
    if reviewed and unposed:
        more = t("Review more of your practice hands: each mistake or blunder whose position makes a clear puzzle "
                 "comes here.")
        if reviewed == 1:
            held = tn("The hand you reviewed held {n} mistake or blunder, and it did not meet the puzzle bank's "
                      "standard: the reason is listed below.",
                      "The hand you reviewed held {n} mistakes or blunders, and none of them met the puzzle bank's "
                      "standard: the reason for each is listed below.", unposed)
        else:
            held = tn("The {hands} hands you reviewed held {n} mistake or blunder, and it did not meet the puzzle "
                      "bank's standard: the reason is listed below.",
                      "The {hands} hands you reviewed held {n} mistakes or blunders, and none of them met the "
                      "puzzle bank's standard: the reason for each is listed below.", unposed, hands=reviewed)
        said = f"{held} {more}"
    elif reviewed:
        said = tn("The {n} hand you reviewed had no mistake or blunder to make a puzzle of. Review more of your "
                  "practice hands: each mistake or blunder whose position makes a clear puzzle comes here.",
                  "The {n} hands you reviewed had no mistake or blunder to make a puzzle of. Review more of your "
                  "practice hands: each mistake or blunder whose position makes a clear puzzle comes here.",
                  reviewed)
    else:
        said = t("No puzzles from your games yet. Play a hand in practice under your name and press \"Review this "
                 "hand\" when it is over: each mistake or blunder whose position makes a clear puzzle comes here.")
    return f"<p class='gt-notice'>{escape(said)} {link}</p>"


class MistakesPage(View):
    """The learner's own puzzles, each opened in place by its button, and the mistakes not made puzzles."""

    def __init__(self, *, learner: Learner | None = None) -> None:
        self.learner = learner or Learner.from_page()
        self.bar = ProfileBar(self.learner)
        self.listing = widgets.VBox()
        self.refused = widgets.HTML()
        self.view = PuzzleView(on_result=self._on_result)
        self.holder = widgets.VBox()  # the puzzle view, once a puzzle is opened
        self.mistakes = Mistakes()
        self.buttons: list[widgets.Button] = []
        super().__init__([self.bar, self.listing, self.holder, self.refused], _dom_classes=("gt-mistakes",))
        self.listen(self.learner, self._on_learner)
        self.refresh()

    def _on_learner(self) -> None:
        self.refresh()

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> str:
        said = self.learner.record(attempt)
        found = self.mistakes.find(attempt.puzzle.id)
        self._list()
        return " ".join(part for part in (said, found.review_words() if found else "") if part)

    @guarded
    def open_puzzle(self, index: int) -> None:
        """Show the puzzle at ``index`` of the list, to solve in place."""
        found = self.mistakes.puzzles[index]
        self.view.show(found.puzzle, note=found.tag, rated=puzzle_rating(found.puzzle).rating)  # as the trainers
        self.holder.children = (self.view,)

    def _list(self) -> None:
        progress = self.learner.progress
        solved, seen = progress.solved_ids, progress.seen_ids
        rows: list[widgets.Widget] = []
        self.buttons = []
        if not self.mistakes.puzzles:
            rows.append(widgets.HTML(empty_html(self.learner.query(), reviewed=len(progress.hand_reviews),
                                                unposed=len(self.mistakes.unposed))))
        else:
            heading = t("Puzzles from your games")
            rows.append(widgets.HTML(f"<h3>{escape(heading)}</h3>"))
        for index, found in enumerate(self.mistakes.puzzles):
            button = widgets.Button(description=tc("button", "Solve"), button_style="info")
            button.on_click(lambda _button, index=index: self.open_puzzle(index))
            self.buttons.append(button)
            rows.append(widgets.HBox([widgets.HTML(escape(row_words(found, solved, seen))), button]))
        old = tuple(self.listing.children)
        self.listing.children = tuple(rows)
        for widget in old:  # after the swap: the page never holds a closed widget
            close_tree(widget)

    def refresh(self) -> None:
        """Read the learner's set again (their kept reviews) and redraw the lists."""
        self.mistakes = own_set(self.learner.progress)
        self._list()
        if self.mistakes.unposed:
            items = "".join(f"<li>{escape(unposed_words(u))}</li>" for u in self.mistakes.unposed)
            heading = t("Mistakes not made puzzles")
            self.refused.value = f"<h3>{escape(heading)}</h3><ul>{items}</ul>"
        else:
            self.refused.value = ""


def mistakes_page() -> MistakesPage:
    """A notebook's one line for the "Your mistakes" page."""
    return MistakesPage()


__all__ = ["MistakesPage", "empty_html", "mistakes_page", "row_words", "status_words", "unposed_words"]
