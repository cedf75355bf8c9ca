"""The teacher's "Prepare a class": a page and a number of students, and the server holds that
many kernels of the page ready (:mod:`gintrainer.preparing`) for the class's length; the view says
how many are ready and the memory they hold.

The view is part of the teacher's page, built only for the teacher (the classroom module's
``TeacherOnly``); it speaks to the server from the page's kernel, each request signed with the
server's key (:func:`gintrainer.preparing.ask_server`), and the server checks what it asks again."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..preparing import MINUTES, MOST_STUDENTS, ServerUnreachable, ask_hub, ask_server, on_hub
from ..words.errors import GinError
from ..words.language import LANGUAGES, NAMES, current_language, t, tc
from . import ui as widgets
from .base import View, guarded
from .site import EXTRA_SECTIONS, PUZZLE_PAGES, lesson_pages

STUDENT_PAGE = "classroom/student.ipynb"
NOT_PREPARED = ("puzzles/profile.ipynb",)
"""Pages of a learner's own, which no class opens at once."""
Ask = Callable[[dict[str, Any]], dict[str, Any]]


def page_choices(lang: str) -> list[tuple[str, str]]:
    """The pages a class can be prepared for, (title, path), titles in the current language: the
    lessons and the first hand in ``lang`` (each language's lessons are notebooks of their own), the
    trainers, the class set's student page."""
    lessons = [(page.title, page.path) for page in lesson_pages(lang) if "/glossary" not in page.path
               and "/quick_reference" not in page.path]
    trainers = [(page.shown().title, page.path) for page in PUZZLE_PAGES if page.path not in NOT_PREPARED]
    student = next(page for _, pages in EXTRA_SECTIONS for page in pages if page.path == STUDENT_PAGE)
    return [*lessons, *trainers, (student.shown().title, student.path)]


def refusal(found: dict[str, Any]) -> str:
    """The sentence for what the server refused (its answer's ``error`` and ``most``)."""
    most = found.get("most") if isinstance(found.get("most"), int) else 0
    reasons = {
        "page": t("That page cannot be prepared."),
        "count": t("Choose from 1 to {most} students.", most=most),
        "minutes": t("A class lasts from {least} to {most} minutes.", least=MINUTES[0], most=most),
        "room": t("The server has room for {most} more pages only.", most=most),
        "preheat": t("This server does not keep pages ready: preheated kernels are off in its voila.json."),
        "users": t("Type the students' user names, one a line (at most {most}).", most=most),
        "teacher": t("Only a teacher's page may prepare a class on the hub."),
    }
    return reasons.get(str(found.get("error")), t("The server refused: {reason}", reason=str(found.get("error"))))


class PrepareClass(View):
    """Prepare a class: a page, its language (a lesson's), the students, the class's length; Prepare,
    Release (the kernels not taken go back now) and Refresh; what is prepared, with its memory."""

    def __init__(self, *, ask: Ask | None = None, hub: bool | None = None):
        self.hub = on_hub() if hub is None else hub
        """On the hub: the named students' servers are started ahead, each keeping the page ready (the hub's
        service), not kernels here."""
        self.ask = ask or (ask_hub if self.hub else ask_server)
        lang = current_language() if current_language() in LANGUAGES else "en"
        self.language = widgets.Dropdown(options=[(NAMES[code], code) for code in LANGUAGES], value=lang,
                                         description=tc("label", "Language:"))
        self.page = widgets.Dropdown(options=page_choices(lang), description=tc("label", "Page:"))
        # IntText, not BoundedIntText: a number out of range is refused with its reason (:meth:`_checked`),
        # not changed behind the teacher's back
        self.students = widgets.IntText(value=30, description=tc("label", "Students:"))
        self.names = widgets.Textarea(placeholder=t("The students' user names, one a line"),
                                      description=tc("label", "Students:"), rows=6)
        self.minutes = widgets.IntText(value=60, description=tc("label", "Minutes:"))
        self.prepare_button = widgets.Button(description=tc("button", "Prepare"), button_style="primary")
        self.release_button = widgets.Button(description=tc("button", "Release"))
        self.refresh_button = widgets.Button(description=tc("button", "Refresh"))
        self.shown = widgets.HTML()
        heading = t("Prepare a class")
        about = t("Before the students come, the server starts the page once for each of them, so that it "
                  "opens at once. The pages not taken go back when the class's time is over.")
        buttons = widgets.wrapping_row(self.prepare_button, self.release_button, self.refresh_button)
        if self.hub:
            about = t("Before the students come, the hub starts each named student's server and the page in it, so "
                      "that the page opens at once. Their servers and pages are kept for the class's length.")
            buttons = widgets.wrapping_row(self.prepare_button, self.refresh_button)
        intro = widgets.HTML(f"<h3>{escape(heading)}</h3><p>{escape(about)}</p>")
        who = self.names if self.hub else self.students
        super().__init__([intro, self.language, self.page, who, self.minutes, buttons, self.shown],
                         _dom_classes=("gt-prepare",))
        self.language.observe(self._on_language, names="value")
        self.prepare_button.on_click(self._on_prepare)
        self.release_button.on_click(self._on_release)
        self.refresh_button.on_click(self._on_refresh)

    def _on_language(self, change: dict[str, Any]) -> None:
        if change["new"] in LANGUAGES:
            index = self.page.index or 0
            self.page.options = page_choices(change["new"])
            self.page.index = min(index, len(self.page.options) - 1)

    def _send(self, payload: dict[str, Any]) -> None:
        try:
            found = self.ask(payload)
        except ServerUnreachable as error:
            self.shown.value = ""  # what is prepared is not known now
            raise GinError(t("The server did not answer ({detail}).", detail=error.detail)) from None
        if "error" in found:
            # what is prepared now, where the refusal says it (else nothing): never the line of before
            if "pages" in found or "users" in found:
                self.show(found)
            else:
                self.shown.value = ""
            raise GinError(refusal(found))
        self.show(found)

    def _checked(self, *, students: bool = True) -> None:
        """Refuse a number of students or of minutes out of range, with the sentence the server's refusal
        has, before anything is asked."""
        for wanted, value, reason, most, least in ((students, self.students.value, "count", MOST_STUDENTS, 1),
                                                   (True, self.minutes.value, "minutes", MINUTES[1], MINUTES[0])):
            if wanted and not (isinstance(value, int) and least <= value <= most):
                raise GinError(refusal({"error": reason, "most": most}))

    @guarded
    def _on_prepare(self, _button: Any = None) -> None:
        self._checked(students=not self.hub)
        if self.hub:
            names = [line.strip().lower() for line in str(self.names.value).splitlines() if line.strip()]
            self._send({"users": names, "page": self.page.value, "minutes": self.minutes.value,
                        "language": self.language.value})  # each server builds the page ahead in it
        else:
            self._send({"page": self.page.value, "count": self.students.value, "minutes": self.minutes.value,
                        "language": self.language.value})  # the pages are built ahead in it

    @guarded
    def _on_release(self, _button: Any = None) -> None:
        minutes = self.minutes.value if MINUTES[0] <= self.minutes.value <= MINUTES[1] else MINUTES[0]
        self._send({"page": self.page.value, "count": 0, "minutes": minutes})  # the minutes matter not

    @guarded
    def _on_refresh(self, _button: Any = None) -> None:
        self._send({})

    def show(self, found: dict[str, Any]) -> None:
        """What the server (on the hub: the hub's service) says is prepared."""
        if self.hub:
            return self._show_servers(found)
        titles = dict((path, title) for title, path in self.page.options)
        lines = []
        for page in found.get("pages", []):
            path = str(page.get("page", ""))
            lines.append(t("{page}: {ready} of {students} ready ({memory} MB), {minutes} min left",
                           page=titles.get(path, path), ready=int(page.get("ready", 0)),
                           students=int(page.get("students", 0)),
                           memory=round(float(page.get("memory_mb", 0))),
                           minutes=int(page.get("minutes_left", 0))))
        if not lines:
            lines.append(t("Nothing is prepared."))
        self.shown.value = "<div class='gt-info'>" + "<br>".join(escape(line) for line in lines) + "</div>"

    def _show_servers(self, found: dict[str, Any]) -> None:
        users = found.get("users") if isinstance(found.get("users"), dict) else {}
        assert isinstance(users, dict)
        ready = sorted(str(name) for name, state in users.items() if state == "ready")
        lines = [t("{ready} of {count} students' servers ready", ready=len(ready), count=len(users))] if users \
            else [t("Nothing is prepared.")]
        lines += [f"{name}: {state}" for name, state in sorted(users.items()) if state != "ready"]
        self.shown.value = "<div class='gt-info'>" + "<br>".join(escape(str(line)) for line in lines) + "</div>"


def prepare_class(**kwargs: Any) -> PrepareClass:
    return PrepareClass(**kwargs)
