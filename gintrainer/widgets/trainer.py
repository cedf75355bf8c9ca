"""The puzzle pages: one puzzle with its hint ladder and feedback, the trainers
that pick puzzles near a learner's rating, and the daily puzzle with its archive."""

from __future__ import annotations

import datetime as dt
import random
from html import escape

import ipywidgets as widgets

from ..drawing import cards_html
from ..errors import GinError
from ..puzzles import THEMES, Puzzle, daily, normalise_kind, parse_date, verify
from ..puzzles.themes import NO_THEME_MEANS_ALL, SEVERAL_THEMES, theme_title
from ..training import DIFFICULTY_CHOICES, Feedback, PuzzleAttempt, choose_next, cost_words, themes_in_bank
from .base import View, guarded, settings
from .cards import CardPicker
from .profile import ProfileBar, Learner

KIND_TITLES = {"can_knock": "Can you knock?", "best_discard": "Best discard"}
ARCHIVE_DAYS = 60


def solver_table_html(puzzle: Puzzle, chosen=None) -> str:
    """The solver's whole table, best first, the answer and the chosen card marked."""
    rows = []
    for row in puzzle.table_sorted():
        marks = []
        if row.card in puzzle.answer:
            marks.append("answer")
        if chosen is not None and row.card is chosen:
            marks.append("your card")
        knock = "gin" if row.gin else ("yes" if row.knocks else "")
        rows.append(f"<tr><td>{row.card}</td><td>{row.deadwood}</td><td>{knock}</td><td>{len(row.outs)}</td>"
                    f"<td>{float(row.expected_deadwood):.2f}</td><td>{escape(', '.join(marks))}</td></tr>")
    return ('<table class="gt-solver"><thead><tr><th>discard</th><th>deadwood</th><th>knocks</th><th>outs</th>'
            '<th>expected after next draw</th><th></th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>")


def theme_options(names) -> list[tuple[str, str]]:
    """A theme filter's choices: each theme's title, its name as the value."""
    return [(THEMES[name].title, name) for name in names]


def theme_help_html(names, *, chosen=(), several: bool = False) -> str:
    """What a theme filter offers: each theme's title and description (a tick
    on the chosen ones), and that choosing none means every theme."""
    chosen = set(chosen)
    items = "".join(f"<li>{'✓ ' if name in chosen else ''}<b>{escape(THEMES[name].title)}</b>: "
                    f"{escape(THEMES[name].description)}</li>" for name in names)
    lead = NO_THEME_MEANS_ALL + (" " + SEVERAL_THEMES if several else "")
    return f"<div class='gt-info gt-theme-help'>{escape(lead)}<ul>{items}</ul></div>"


def position_html(puzzle: Puzzle) -> str:
    """What the player sees besides the hand: the rules in force, the draw, the
    discard pile, the stock and the opponent's known cards."""
    four = settings.four_colour
    source = "the discard pile" if puzzle.drawn_from == "discard" else "the stock"
    parts = [f'<div class="gt-prompt">{escape(puzzle.question)}</div>']
    rules = f"Rules: {escape(puzzle.rules.describe())}; knock limit {puzzle.knock_limit}"
    if puzzle.upcard is not None:
        rules += f" (Oklahoma: the first upcard was {puzzle.upcard})"
    parts.append(f'<div class="gt-info">{rules}. Stock: {puzzle.stock_count} cards.</div>')
    parts.append(f'<div class="gt-info gt-count">{escape(puzzle.count_sentence.text())}</div>')
    parts.append(f'<div class="gt-info">You drew {cards_html([puzzle.drawn], size="small", four_colour=four)} '
                 f"from {source}.</div>")
    if puzzle.discard_pile:
        shown = puzzle.discard_pile[-8:]
        more = len(puzzle.discard_pile) - len(shown)
        label = f" (and {more} below)" if more else ""
        parts.append(f'<div class="gt-info">Discard pile, top on the right{label}: '
                     f'{cards_html(shown, size="small", four_colour=four)}</div>')
    if puzzle.opponent_known:
        parts.append(f'<div class="gt-info">Your opponent took from the pile and still holds: '
                     f'{cards_html(puzzle.opponent_known, size="small", four_colour=four)}</div>')
    return "".join(parts)


class PuzzleView(View):
    """One puzzle to solve: the position, the hand as clickable cards, the answer
    buttons, the hint ladder, feedback with the chosen card's row and its cost,
    the explanation and the whole table on request.

    ``on_result(view, attempt)`` is called once when the attempt ends.
    """

    def __init__(self, puzzle: Puzzle | None = None, *, title: str = "", on_result=None, hints: bool = True):
        self.attempt: PuzzleAttempt | None = None
        self.allow_hints = hints
        self.on_result = on_result
        self.title = widgets.HTML()
        self.position = widgets.HTML()
        self.picker = CardPicker(single=True)
        self.picker.on_error = self.report
        self.yes_button = widgets.Button(description="Yes, I can knock", button_style="success")
        self.no_button = widgets.Button(description="No")
        self.discard_button = widgets.Button(description="Discard the selected card", button_style="primary")
        self.hint_button = widgets.Button(description="Hint", tooltip="theme, then key cards, then the answer")
        self.hints = widgets.HTML()
        self.feedback = widgets.HTML()
        self.feedback.add_class("gt-feedback")
        self.table_toggle = widgets.ToggleButton(description="Show the solver's table", value=False)
        self.table = widgets.HTML()
        for button in (self.yes_button, self.no_button, self.discard_button, self.hint_button, self.table_toggle):
            button.layout.width = "auto"
        self.buttons = widgets.HBox([self.yes_button, self.no_button, self.discard_button, self.hint_button],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self._heading = title
        super().__init__([self.title, self.position, self.picker, self.buttons, self.hints, self.feedback,
                          self.table_toggle, self.table])
        self.add_class("gt-puzzle")
        self.yes_button.on_click(lambda _: self._yes_no(True))
        self.no_button.on_click(lambda _: self._yes_no(False))
        self.discard_button.on_click(self._on_discard)
        self.hint_button.on_click(self._on_hint)
        self.table_toggle.observe(self._on_table, names="value")
        self.last_feedback: Feedback | None = None
        if puzzle is not None:
            self.show(puzzle)

    @property
    def puzzle(self) -> Puzzle | None:
        return self.attempt.puzzle if self.attempt else None

    def show(self, puzzle: Puzzle) -> None:
        """Start an attempt at a puzzle."""
        self.attempt = PuzzleAttempt(puzzle)
        self.last_feedback = None
        self.clear_status()
        with self.hold_sync():
            self.hints.value = ""
            self.feedback.value = ""
            self.table_toggle.value = False
            self.table.value = ""
            self.picker.show(puzzle.hand, single=True)
            self.refresh()

    def refresh(self) -> None:
        attempt = self.attempt
        if attempt is None:
            self.title.value = f"<h3>{escape(self._heading)}</h3>" if self._heading else ""
            self.position.value = "<p>No puzzle yet.</p>"
            for button in (self.yes_button, self.no_button, self.discard_button, self.hint_button):
                button.disabled = True
            return
        puzzle = attempt.puzzle
        heading = self._heading or KIND_TITLES[puzzle.kind]
        titles = ", ".join(theme_title(t) for t in puzzle.themes)
        themes = f" · themes: {titles}" if attempt.finished and puzzle.themes else ""
        self.title.value = (f"<h3>{escape(heading)}</h3><div class='gt-info'>Puzzle {escape(puzzle.id)} · "
                            f"difficulty {puzzle.difficulty}{escape(themes)}</div>")
        self.position.value = position_html(puzzle)
        self.picker.restyle(size=settings.size, four_colour=settings.four_colour)
        stage = attempt.stage
        self.yes_button.layout.display = "" if stage == "yes_no" else "none"
        self.no_button.layout.display = "" if stage == "yes_no" else "none"
        self.discard_button.layout.display = "" if stage == "discard" else "none"
        self.discard_button.description = ("Knock with this discard" if puzzle.kind == "can_knock"
                                           else "Discard the selected card")
        self.hint_button.disabled = attempt.finished
        self.hint_button.layout.display = "" if self.allow_hints else "none"
        self.picker.disable(attempt.finished)
        if attempt.finished:
            self.picker.mark(puzzle.answer)
        if self.table_toggle.value:
            chosen = self.last_feedback.row.card if self.last_feedback and self.last_feedback.row else None
            self.table.value = solver_table_html(puzzle, chosen)

    def _require(self) -> PuzzleAttempt:
        if self.attempt is None:
            raise GinError("no puzzle is shown")
        return self.attempt

    @guarded
    def _yes_no(self, answer: bool) -> None:
        self._show_feedback(self._require().answer_yes_no(answer))

    @guarded
    def _on_discard(self, _button=None) -> None:
        attempt = self._require()
        attempt.require_stage("discard")
        chosen = self.picker.selected
        if len(chosen) != 1:
            raise GinError("select one card of your hand first")
        self._show_feedback(attempt.answer_discard(chosen[0]))

    @guarded
    def _on_hint(self, _button=None) -> None:
        attempt = self._require()
        if not self.allow_hints:
            raise GinError("hints are off for this set")
        attempt.hint()
        items = "".join(f"<li>{escape(h)}</li>" for h in attempt.hints_shown)
        note = "" if attempt.hints_used < 2 else "<div class='gt-info'>A hinted puzzle counts as seen, not solved.</div>"
        self.hints.value = f"<ol class='gt-hints'>{items}</ol>{note}"

    @guarded
    def _on_table(self, change) -> None:
        if change["new"] is True:
            self.refresh()
        else:
            self.table.value = ""

    def _show_feedback(self, feedback: Feedback) -> None:
        self.clear_status()
        self.last_feedback = feedback
        css = "gt-feedback-right" if feedback.correct else "gt-feedback-wrong"
        verdict = "Right!" if feedback.correct else "Not quite."
        detail = cost_words(feedback, self.attempt.puzzle)
        extra = f"<div class='gt-info'>Your answer: {escape(detail)}</div>" if detail else ""
        self.feedback.value = (f"<div class='{css}'>{verdict}</div><div>{escape(feedback.message)}</div>{extra}")
        self.refresh()
        if feedback.finished and self.on_result is not None:
            self.on_result(self, self.attempt)


class TrainerPage(View):
    """A puzzle trainer of one kind: the bank filtered by difficulty and theme,
    puzzles picked near the learner's rating, got-wrong puzzles coming back, a
    streak counter."""

    def __init__(self, kind: str, *, learner: Learner | None = None, seed: int | None = None):
        self.kind = normalise_kind(kind)
        self.learner = learner or Learner.from_page()
        self.rng = random.Random(seed)
        self.bar = ProfileBar(self.learner)
        self.difficulty = widgets.Dropdown(options=[(c.capitalize(), c) for c in DIFFICULTY_CHOICES],
                                           value="adaptive", description="Difficulty:")
        names = themes_in_bank(self.kind)
        self.theme = widgets.Dropdown(options=[("All themes", "")] + theme_options(names), value="",
                                      description="Theme:")
        self.theme_help = widgets.HTML(theme_help_html(names))
        self.theme.observe(lambda change: setattr(self.theme_help, "value", theme_help_html(
            names, chosen=[change["new"]] if change["new"] else ())), names="value")
        self.stats = widgets.HTML()
        self.view = PuzzleView(title=KIND_TITLES[self.kind], on_result=self._on_result)
        self.next_button = widgets.Button(description="Next puzzle", button_style="info")
        self.from_review = False
        self.shown = 0
        super().__init__([self.bar, widgets.HBox([self.difficulty, self.theme],
                                                 layout=widgets.Layout(flex_flow="row wrap")),
                          self.theme_help, self.stats, self.view, self.next_button])
        self.add_class("gt-trainer")
        self.next_button.on_click(self._on_next)
        self.difficulty.observe(self._on_filter, names="value")
        self.theme.observe(self._on_filter, names="value")
        self.learner.observe(self._on_learner)
        self.next_puzzle()

    @guarded
    def _on_next(self, _button=None) -> None:
        self.next_puzzle()

    @guarded
    def _on_filter(self, change) -> None:
        if self.theme.value and self.theme.value not in THEMES:
            raise GinError(f"unknown theme {self.theme.value!r}")
        self.next_puzzle()

    def _on_learner(self) -> None:
        self.refresh()

    def next_puzzle(self) -> None:
        progress = self.learner.progress
        puzzle, self.from_review = choose_next(
            self.kind, rating=progress.target_rating, review=progress.review, solved=progress.solved_ids,
            count=self.shown, difficulty=self.difficulty.value, theme=self.theme.value or None,
            current=self.view.puzzle.id if self.view.puzzle else None, rng=self.rng)
        self.shown += 1
        self.view.show(puzzle)
        self.refresh()

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> None:
        self.learner.record(attempt)
        self.refresh()

    def refresh(self) -> None:
        progress = self.learner.progress
        review = " · this one is from your review list" if self.from_review else ""
        self.stats.value = (f"<div class='gt-stats'>Streak {progress.streak} (best {progress.best_streak}) · "
                            f"rating {progress.rating.rating:.0f} · solved {progress.solved} · "
                            f"to review {len(progress.review)}{escape(review)}</div>")


class DailyPage(View):
    """Today's puzzles, one of each kind, the same for everyone on a UTC date, and
    the archive of earlier days."""

    def __init__(self, *, today: dt.date | None = None, learner: Learner | None = None, kinds=("can_knock",
                                                                                                 "best_discard")):
        self.learner = learner or Learner.from_page()
        self.today = today or parse_date(None)
        self.dates = [self.today - dt.timedelta(days=n) for n in range(ARCHIVE_DAYS)]
        self.bar = ProfileBar(self.learner)
        labels = [(f"Today, {d.isoformat()}" if n == 0 else d.isoformat(), d.isoformat())
                  for n, d in enumerate(self.dates)]
        self.date = widgets.Dropdown(options=labels, value=self.today.isoformat(), description="Day:")
        self.views = [PuzzleView(title=f"Daily: {KIND_TITLES[normalise_kind(k)]}", on_result=self._on_result)
                      for k in kinds]
        self.kinds = tuple(normalise_kind(k) for k in kinds)
        self.summary = widgets.HTML()
        super().__init__([self.bar, self.date, self.summary, *self.views])
        self.add_class("gt-daily")
        self.date.observe(self._on_date, names="value")
        self.learner.observe(self.refresh)
        self.show_day(self.today)

    @guarded
    def _on_date(self, change) -> None:
        day = parse_date(change["new"])
        if day > self.today or day < self.dates[-1]:
            raise GinError(f"choose a day from {self.dates[-1]} to {self.today}")
        self.show_day(day)

    def show_day(self, day: dt.date) -> None:
        for kind, view in zip(self.kinds, self.views):
            view.show(verify(daily(day, kind).to_dict()))
        self.refresh()

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> None:
        self.learner.record(attempt)
        self.refresh()

    def refresh(self) -> None:
        solved = self.learner.progress.solved_ids
        marks = []
        for kind, view in zip(self.kinds, self.views):
            if view.puzzle is not None and view.puzzle.id in solved:
                marks.append(f"{KIND_TITLES[kind]}: solved before")
        self.summary.value = f"<div class='gt-info'>{escape(' · '.join(marks))}</div>" if marks else ""


def trainer(kind: str) -> TrainerPage:
    """A notebook's one line for a trainer page."""
    return TrainerPage(kind)


def daily_page() -> DailyPage:
    return DailyPage()


__all__ = ["DailyPage", "PuzzleView", "TrainerPage", "daily_page", "position_html", "solver_table_html",
           "theme_help_html", "theme_options", "trainer"]
