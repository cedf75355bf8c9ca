"""Learner profiles on the pages: who is playing, their progress, the profile page.

Progress lives in the progress store (JSON files written atomically under a
lock), so it survives moving between pages and restarting the server; a page
opened with ``?profile=Name`` starts with that learner, and its settings (the
four-colour deck) apply to the whole page.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from .. import profiles as store
from ..app import query_params
from ..errors import GinError
from ..progress import DIFFICULTIES, Progress
from ..puzzles.themes import theme_title
from ..storage import data_dir, name_stem
from ..training import PuzzleAttempt, rating_words
from .base import Change, View, download_link, guarded, settings

GUEST = "Guest"
DIFFICULTY_LABELS = {"easier": "Easier than my rating", "adaptive": "At my rating", "harder": "Harder than my rating"}
_page_learners: dict[tuple[str, str], Learner] = {}


class Learner:
    """The learner a page works for: a stored profile, or a guest whose progress
    lasts only as long as the page."""

    def __init__(self, name: str | None = None):
        self.name: str | None = None
        self.progress: Progress = Progress.new(GUEST)
        self.notice: str | None = None
        self._listeners: list[Callable[[], None]] = []
        if name:
            self.choose(name)

    @classmethod
    def from_page(cls) -> Learner:
        """The learner named by the page's ``?profile=`` query, if any (a bad name is
        reported in the notice, and the page starts as a guest).

        One learner per page: every widget of the page that asks gets the same
        one, so the links, the settings and the trainer follow a change of name.
        """
        name = query_params().get("profile", "")
        key = (name, str(data_dir()))
        if key in _page_learners:
            return _page_learners[key]
        learner = _page_learners[key] = cls()
        if name:
            try:
                learner.choose(name)
            except GinError as error:
                learner.notice = f"Could not open the profile from the address: {error}"
        return learner

    @property
    def is_guest(self) -> bool:
        return self.name is None

    def observe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of learner, progress or settings."""
        self._listeners.append(callback)

    def unobserve(self, callback: Callable[[], None]) -> None:
        """Stop calling ``callback`` (a view that is closed); nothing if it was not observing."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def choose(self, name: str) -> None:
        """Open (or start) the named profile, under the spelling it was first given."""
        outcome = store.load(name)
        self.name, self.progress, self.notice = outcome.progress.name, outcome.progress, outcome.notice
        settings.four_colour = outcome.progress.settings.four_colour
        self._changed()

    def record(self, attempt: PuzzleAttempt) -> str:
        """Record a finished attempt (see :class:`~gintrainer.training.PuzzleAttempt`); returns
        what it did to the rating and why (a puzzle answered before is practice)."""
        if attempt.result is None:
            raise GinError("the puzzle is not finished")
        answer, hints = attempt.answer_text, attempt.hints_used
        if self.name is None:
            before = self.progress
            self.progress = self.progress.with_attempt(attempt.puzzle, attempt.result, answer=answer, hints=hints)
        else:
            outcome = store.record_attempt(self.name, attempt.puzzle, attempt.result, answer=answer, hints=hints)
            if outcome.previous is None:
                raise GinError("the profile store did not say what the progress was before this attempt")
            before, self.progress, self.notice = outcome.previous, outcome.progress, outcome.notice
        self._changed()
        return rating_words(before.rating, self.progress.history[-1])

    def set_four_colour(self, flag: bool) -> None:
        if not isinstance(flag, bool):
            raise GinError(f"the four-colour option is on or off, not {flag!r}")
        settings.four_colour = flag
        self._set(four_colour=flag)

    def set_difficulty(self, choice: str) -> None:
        """How far from the rating the trainers pick puzzles (see ``progress.DIFFICULTIES``)."""
        if choice not in DIFFICULTIES:
            raise GinError(f"choose the puzzles' level from {', '.join(DIFFICULTIES)}, not {choice!r}")
        self._set(difficulty=choice)

    def _set(self, **changes: object) -> None:
        if self.name is None:
            self.progress = self.progress.with_settings(**changes)
        else:
            self.progress = store.update_settings(self.name, **changes).progress
        self._changed()

    def reload(self) -> None:
        """Read the profile again (another page may have changed it)."""
        if self.name is not None:
            self.choose(self.name)

    def reset(self) -> str | None:
        if self.name is None:
            raise GinError("choose your name first: a guest has nothing to reset")
        outcome = store.reset(self.name)
        self.progress, self.notice = outcome.progress, outcome.notice
        self._changed()
        return outcome.notice

    def export(self) -> str:
        if self.name is None:
            raise GinError("choose your name first: a guest's progress is not kept")
        return store.export(self.name)

    def query(self, **params: str) -> str:
        """The query string that opens another page as this learner, with ``params``
        (a class code) first.

        >>> Learner().query(code="AB12"), Learner().query()
        ('?code=AB12', '')
        """
        from urllib.parse import urlencode
        values = {**params, **({} if self.name is None else {"profile": self.name})}
        return "?" + urlencode(values) if values else ""


class ProfileBar(View):
    """Pick or type a name; shows who is playing and offers the four-colour deck."""

    def __init__(self, learner: Learner):
        self.learner = learner
        self.name_box = widgets.Combobox(placeholder="Type or pick your name", options=store.list_profiles(),
                                     ensure_option=False, description="Name:")
        self.open_button = widgets.Button(description="Open", tooltip="Keep progress under this name")
        self.colour_box = widgets.Checkbox(value=settings.four_colour, description="Four-colour deck",
                                            indent=False)
        self.who = widgets.HTML()
        super().__init__([widgets.HBox([self.name_box, self.open_button, self.colour_box],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.who])
        self.add_class("gt-profile-bar")
        self.open_button.on_click(self._on_open)
        self.colour_box.observe(self._on_four_colour, names="value")
        self.listen(learner, self.refresh)
        self.refresh()

    @guarded
    def _on_open(self, _button: widgets.Button | None = None) -> None:
        self.learner.choose(self.name_box.value)
        self.name_box.options = store.list_profiles()

    @guarded
    def _on_four_colour(self, change: Change) -> None:
        if change["new"] != settings.four_colour:
            self.learner.set_four_colour(change["new"])

    def refresh(self) -> None:
        learner = self.learner
        progress = learner.progress
        name = learner.name
        if name is None:
            text = "Playing as a guest: type your name and press Open to keep your progress."
        else:
            text = (f"Playing as <b>{escape(name)}</b> · rating {progress.rating.rating:.0f} · "
                    f"streak {progress.streak} · solved {progress.solved}")
            if self.name_box.value != name:
                self.name_box.value = name
        notice = f"<div class='gt-notice'>{escape(learner.notice)}</div>" if learner.notice else ""
        self.who.value = f"<div class='gt-info'>{text}</div>{notice}"
        if self.colour_box.value != settings.four_colour:
            self.colour_box.value = settings.four_colour


class ProfilePage(View):
    """A learner's progress: rating, counts, streaks, each theme's record, the
    latest attempts; export and reset."""

    def __init__(self, learner: Learner | None = None):
        self.learner = learner or Learner.from_page()
        self.bar = ProfileBar(self.learner)
        self.summary = widgets.HTML()
        self.difficulty = widgets.Dropdown(options=[(label, key) for key, label in DIFFICULTY_LABELS.items()],
                                           value=self.learner.progress.settings.difficulty,
                                           description="Puzzles:", style={"description_width": "initial"})
        self.export_button = widgets.Button(description="Export my progress")
        self.export_link = widgets.HTML()
        self.reset_button = widgets.Button(description="Reset my progress…", button_style="warning")
        self.confirm = widgets.Button(description="Yes, start afresh", button_style="danger")
        self.confirm.layout.display = "none"
        self.message = widgets.HTML()
        self._exported: Progress | None = None
        self._confirm_for: str | None = None
        super().__init__([self.bar, self.difficulty, self.summary,
                          widgets.HBox([self.export_button, self.reset_button, self.confirm],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.export_link, self.message])
        self.add_class("gt-profile")
        self.export_button.on_click(self._on_export)
        self.reset_button.on_click(self._on_reset)
        self.confirm.on_click(self._on_confirm)
        self.difficulty.observe(self._on_difficulty, names="value")
        self.listen(self.learner, self.refresh)
        self.refresh()

    @guarded
    def _on_difficulty(self, change: Change) -> None:
        if change["new"] != self.learner.progress.settings.difficulty:
            self.learner.set_difficulty(change["new"])

    @guarded
    def _on_export(self, _button: widgets.Button | None = None) -> None:
        text = self.learner.export()
        self._exported = self.learner.progress
        self.export_link.value = download_link(text, f"gintrainer-{name_stem(self.learner.name)}.json",
                                               "Download your progress (JSON)")

    @guarded
    def _on_reset(self, _button: widgets.Button | None = None) -> None:
        if self.learner.is_guest:
            raise GinError("choose your name first: a guest has nothing to reset")
        self._confirm_for = self.learner.name
        self.confirm.layout.display = ""
        self.message.value = ("<div class='gt-notice'>Start afresh? Your current progress will be kept as a "
                              "backup file, not deleted.</div>")

    @guarded
    def _on_confirm(self, _button: widgets.Button | None = None) -> None:
        if self.confirm.layout.display == "none" or self._confirm_for != self.learner.name:
            raise GinError("press Reset first")
        notice = self.learner.reset()
        self.confirm.layout.display = "none"
        self.message.value = f"<div class='gt-info'>Progress reset. {escape(notice or '')}</div>"

    def refresh(self) -> None:
        progress = self.learner.progress
        rows = "".join(
            f"<tr><td>{escape(theme_title(theme))}</td><td>{t.solved}</td><td>{t.failed}</td><td>{t.hinted}</td>"
            f"<td>{(100 * t.solved // t.attempts) if t.attempts else 0}%</td></tr>"
            for theme, t in sorted(progress.themes.items()))
        history = "".join(
            f"<li>{escape(a.at[:16].replace('T', ' '))} · {escape(a.kind.replace('_', ' '))} · "
            f"{escape(a.puzzle_id)} · {escape(a.result)}{'' if a.counted else ' (practice, not rated)'}</li>"
            for a in reversed(progress.history[-10:]))
        if self.difficulty.value != progress.settings.difficulty:
            self.difficulty.value = progress.settings.difficulty
        if self._exported is not None and self._exported is not progress:  # the link would offer old progress
            self.export_link.value, self._exported = "", None
        if self.confirm.layout.display != "none" and self._confirm_for != self.learner.name:
            self.confirm.layout.display, self.message.value = "none", ""  # the question was for another learner
        self.summary.value = (
            f"<div class='gt-stats'>Rating {progress.rating.rating:.0f} (± {progress.rating.deviation:.0f}) · "
            f"solved {progress.solved} · failed {progress.failed} · with hints {progress.hinted} · "
            f"streak {progress.streak} (best {progress.best_streak}) · to review {len(progress.review)}</div>"
            + (f"<table class='gt-solver'><thead><tr><th>theme</th><th>solved</th><th>failed</th><th>hinted</th>"
               f"<th>success</th></tr></thead><tbody>{rows}</tbody></table>" if rows else "")
            + (f"<h4>Latest attempts</h4><ul>{history}</ul>" if history else ""))
