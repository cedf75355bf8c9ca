"""The class pages: a teacher makes a set and gets its code and worksheets; a
student opens the set by code, answers, hands it in and downloads the results;
every answer goes to the class store as it is given (:mod:`gintrainer.classroom.store`),
and the teacher's gradebook shows the store's answers live, with any results files
uploaded for a class that worked offline.

Everyone in a class has the same puzzles, so the student page shows no verdict,
no score and no solver's table until the set is handed in. When the app is
started for a class (with a teacher passphrase: :mod:`gintrainer.app`), the
teacher's pages build nothing until the passphrase is given (:class:`TeacherOnly`);
started without one, they say that anyone can see the answer keys.

The student's session is named in the page's address (``?code=...&session=...``, set by
:class:`PageAddress` when Start is pressed), and its key is kept by the browser that started
it (:class:`SessionKey`), so a reload of the page continues the set there. The address opened
in another browser (another computer, or the next student's visit to a shared computer's
history) changes nothing and shows none of the answers until the set is handed in, and then
shows its review, which changes nothing either.
When the store cannot be reached, the page says so and works on: the session is kept on the
server (:mod:`gintrainer.classroom.pending`), where a reload finds it, until the store takes it
(with the next answer, at the page's next try, at a reload, or from the class's gradebook); the
results file is there to download once the set is handed in.

No page reads a path typed by its user: the gradebook reads the class store and uploaded files."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import TYPE_CHECKING, Any

import traitlets

from ..app import TICKET_HEADER, for_a_class, query_params, teacher_signed_in, teacher_ticket, try_teacher_passphrase
from ..classroom import ClassSet, StudentSession, pending, results_filename
from ..classroom.codes import ClassCodeError, normalise_code
from ..classroom.results import Attempt
from ..classroom.roster import Roster
from ..classroom.sets import SET_THEMES, clean_difficulty, takes_objective, teacher_set
from ..classroom.store import (
    SESSION_KEY,
    ClassStore,
    StoredSession,
    StoreError,
    new_session_key,
    open_store,
    opens,
    session_name,
)
from ..engine.solver import Objective
from ..puzzles import THEMES, Puzzle, PuzzleKind, bank_path
from ..puzzles.answers import Reading
from ..puzzles.registry import described, description
from ..puzzles.themes import theme_title
from ..records.storage import StorageError
from ..trainers.training import PuzzleAttempt
from ..words.errors import GinError
from ..words.language import LANGUAGES, N_, NAMES, check_language, current_language, list_words, t, tc, tn
from . import ui as widgets
from .base import Change, PageAddress, ScriptWidget, SignIn, View, close_tree, download_link, guarded, typed_name
from .prepare import PrepareClass
from .profile import Learner
from .roster import RosterLoader, exports_html
from .site import link_html
from .trainer import PuzzleView, kind_title, solver_table_html, theme_help_html, theme_options

if TYPE_CHECKING:
    from ..classroom.gradebook import Gradebook

log = logging.getLogger("gintrainer.widgets.classroom")

MAX_RESULTS_FILE = 1_000_000
REFRESH_SECONDS = 3
"""How often an open gradebook page reads the class store again."""
RETRY_SECONDS = 30
"""How long a student page whose try to reach the class store was slow to fail (a database
that does not answer costs each try its connection timeout) answers without trying it again;
Start and the hand-in always try, and a try that fails at once is made again at the next answer
or at the open page's next tick (every :data:`RETRY_TICK` seconds) while anything is unsent."""
RETRY_TICK = 10
SLOW_SECONDS = 1.0
CODE_BOX = "gt-code-input"
"""The class of a box a class code is typed in: the style sheet makes it as wide as the longest code."""
# Values are text the class set reads (a Dropdown shows nothing for an option whose value is None).
# The shown labels are English, marked here and translated where a form shows them (:func:`choices`).
DIFFICULTY_RANGES = [(N_("any"), "1100-2699"), (N_("easy (1100-1299)"), "easy"), (N_("medium (1300-1599)"), "medium"),
                     (N_("hard (1600 and up)"), "hard"), (N_("easy and medium"), "1100-1599"),
                     (N_("medium and hard"), "1300-2699")]
OBJECTIVES = [(N_("Mixed"), "mixed"), (N_("Least deadwood now"), Objective.DEADWOOD),
              (N_("Least deadwood after a draw"), Objective.LOOKAHEAD)]


def set_kinds() -> tuple[PuzzleKind, ...]:
    """The kinds a teacher can put in a set: every kind with a bank (its trainer's puzzles),
    in the order of the registry."""
    return tuple(d.kind for d in described() if bank_path(d.kind).exists())


def choices(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A dropdown's options with their labels in the learner's language (the values as they are)."""
    return [(t(label), value) for label, value in options]


class TeacherPage(View):
    """Make a class set: name, count, kinds, objective, difficulty, themes, rules.
    Shows the short code for the students, the set, and the worksheet and answer
    key to download.

    The set made is kept in the page's address (``?code=...&class=...``), which the language menu's links carry
    too (:meth:`~gintrainer.widgets.profile.Learner.class_params`): the page opened with a code shows that set
    again, its form filled in, with the class's name when the address has it (a reload, or the page in
    another language)."""

    def __init__(self, learner: Learner | None = None):
        self.learner = learner or Learner.from_page()
        self.name = widgets.Text(placeholder=t("e.g. Year 9, Tuesday"), description=tc("label", "Class:"))
        # IntText, not BoundedIntText: a number out of range is refused with its reason (the class set's),
        # not changed behind the teacher's back
        self.count = widgets.IntText(value=10, description=tc("label", "Puzzles:"))
        self.kind_boxes = {kind: widgets.Checkbox(value=description(kind).in_new_sets, description=kind_title(kind),
                                                  indent=False,
                                                  layout=widgets.fixed_layout(width="auto", margin="0 12px 0 0"))
                           for kind in set_kinds()}
        self.kinds = widgets.wrapping_row(widgets.HTML(escape(tc("label", "Kinds:"))), *self.kind_boxes.values())
        self.objective = widgets.Dropdown(options=choices(OBJECTIVES), value="mixed",
                                         description=tc("label", "Discard goal:"))
        self.difficulty = widgets.Dropdown(options=choices(DIFFICULTY_RANGES), value="1100-2699",
                                          description=tc("label", "Difficulty:"))
        names = [name for name in SET_THEMES if set(THEMES[name].kinds) & set(self.kind_boxes)]  # of a kind offered
        self.themes = widgets.SelectMultiple(options=theme_options(names), rows=6, description=tc("label", "Themes:"))
        self.themes_help = widgets.HTML(theme_help_html(names, several=True))
        self.themes.observe(lambda change: setattr(self.themes_help, "value", theme_help_html(
            names, chosen=change["new"], several=True)), names="value")
        self.oklahoma = widgets.Checkbox(value=False, description=tc("checkbox", "Oklahoma rules"), indent=False)
        self.print_language = widgets.Dropdown(options=[(NAMES[lang], lang) for lang in LANGUAGES],
                                               value=current_language() if current_language() in LANGUAGES else "en",
                                               description=tc("label", "Print in:"))
        self.print_language.observe(lambda _change: self._show_downloads(), names="value")
        self.make_button = widgets.Button(description=tc("button", "Make the set"), button_style="primary")
        self.code = widgets.HTML()
        self.downloads = widgets.HTML()
        self.listing = widgets.HTML()
        self.address = PageAddress()
        self.roster = RosterLoader()
        """The class's roster, loaded for the set made (students pick their name from it)."""
        self.classset: ClassSet | None = None
        self.form = widgets.VBox([self.name, self.count, self.kinds, self.objective, self.difficulty, self.themes,
                                  self.themes_help, self.oklahoma, self.print_language, self.make_button])
        self.prepare = PrepareClass()
        """Prepare a class: a page held ready on the server for the students (its own module)."""
        super().__init__([self.form, self.address, self.code, self.downloads, self.roster, self.listing,
                          self.prepare], _dom_classes=("gt-teacher",))
        self.status_beside(self.form)  # a refused set says why under Make, not under the set's listing
        self.make_button.on_click(self._on_make)
        params = query_params()
        if params.get("code"):
            self._show_from_address(params["code"], params.get("class", ""))

    def options(self) -> dict[str, Any]:
        """The form as the keywords of a :class:`~gintrainer.classroom.ClassSet`, which checks them
        (they are what the page sent)."""
        kinds = tuple(kind for kind, box in self.kind_boxes.items() if box.value is True)
        if not kinds:
            raise GinError(t("choose the kinds of puzzle"))
        return dict(count=self.count.value, kinds=kinds,
                    objective=self.objective.value if any(takes_objective(kind) for kind in kinds) else None,
                    difficulty=self.difficulty.value, themes=tuple(self.themes.value), oklahoma=self.oklahoma.value)

    @guarded
    def _on_make(self, _button: widgets.Button | None = None) -> None:
        making = t("Making the set: each puzzle is checked by the solver…")
        self.code.value = f"<div class='gt-info'>{escape(making)}</div>"
        self.downloads.value = self.listing.value = ""
        try:
            classset = ClassSet(typed_name(self.name.value, t("Type the class's name first.")), **self.options())
            puzzles = classset.puzzles()  # made before the code is shown: a code always names a set that exists
        except Exception:
            self.code.value = ""  # "Making the set…" would outlive the problem
            raise
        self._show(classset, puzzles)

    @guarded
    def _show_from_address(self, code: str, name: str) -> None:
        """Show the set of the code in the page's address, its form filled in, with the class's ``name`` when
        it is the code's class (both are what the address says: checked)."""
        found = teacher_set(code)
        if found is None:
            return
        if name:
            try:
                found = found.with_name(name)
            except GinError:
                log.warning("teacher page: the address's class name is not the class of %s", found.code)
        self._fill_form(found)
        self._show(found, found.puzzles())

    def _fill_form(self, classset: ClassSet) -> None:
        """The form as it makes ``classset`` (a difficulty range the menu lacks is added to it)."""
        self.name.value, self.count.value, self.oklahoma.value = classset.name or "", classset.count, classset.oklahoma
        for kind, box in self.kind_boxes.items():
            box.value = kind in classset.kinds
        if classset.objective is not None:
            self.objective.value = next(v for _, v in self.objective.options if v == classset.objective)
        wanted = classset.difficulty
        value = next((v for _, v in self.difficulty.options if clean_difficulty(v) == wanted), None)
        if value is None and wanted is not None:
            value = f"{wanted[0]}-{wanted[1]}"
            self.difficulty.options = (*self.difficulty.options, (f"{wanted[0]}–{wanted[1]}", value))
        self.difficulty.value = value
        self.themes.value = tuple(name for _, name in self.themes.options if name in classset.themes)

    def _show(self, classset: ClassSet, puzzles: tuple[Puzzle, ...]) -> None:
        """Show the set made: its code, what it is, the student page, its downloads, its puzzles and its roster."""
        self.classset = classset
        self.address.query = {"code": classset.code, "class": classset.name or ""}
        # the page's links to the gradebook and the student page; the language menu's, with the class's name
        self.learner.carry_code(classset.code, classset.name)
        link = link_html("classroom/student.ipynb", "classroom/teacher.ipynb", t("the student page"),
                         self.learner.query(code=classset.code))
        code = f"<b class='gt-code'>{escape(classset.code)}</b>"
        # Translators: {code} is the set's code in bold, {link} a link to "the student page"; keep both.
        students = escape(t("Students open {link} and type this code (and their name).")).replace("{link}", link)
        code_line = escape(t("Class code: {code}")).replace("{code}", code)
        self.code.value = (f"<div class='gt-code-box'>{code_line}"
                           f"</div><div class='gt-info'>{escape(classset.describe())}</div>"
                           f"<div class='gt-info'>{students}</div>")
        self._show_downloads()
        items = "".join(f"<li>{escape(p.question)} <span class='gt-info'>{escape(_listing_note(p))}</span></li>"
                        for p in puzzles)
        self.listing.value = f"<ol>{items}</ol>"
        self.clear_status()
        self.roster.show_for(classset.code)

    def _show_downloads(self) -> None:
        """The worksheet and answer key of the set made, in the language chosen to print in
        (the set and its code are the same in every language)."""
        from ..classroom.worksheet import answer_key_html, worksheet_filename, worksheet_html  # the teacher's only
        classset = self.classset
        if classset is None:
            return
        lang = check_language(self.print_language.value)  # a value the page sent
        self.downloads.value = (
            download_link(worksheet_html(classset, lang=lang), worksheet_filename(classset),
                          t("Download the worksheet (HTML, print it from the browser)"), "text/html") + " · "
            + download_link(answer_key_html(classset, lang=lang), worksheet_filename(classset, answers=True),
                            t("Download the answer key"), "text/html"))


def _listing_note(puzzle: Puzzle) -> str:
    """A made set's puzzle in the teacher's list: its difficulty and themes."""
    titles = list_words(theme_title(name) for name in puzzle.themes)
    if titles:
        return t("(difficulty {difficulty}; {themes})", difficulty=puzzle.difficulty, themes=titles)
    return t("(difficulty {difficulty}; no theme)", difficulty=puzzle.difficulty)


class Ticker(ScriptWidget):
    """Sends the kernel a message every ``seconds`` while the page is open (the browser
    keeps the time, which works under Voila, where a kernel thread may not touch widgets).
    It draws nothing."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      // A page whose kernel has gone (closed, culled, the server stopped) cannot send: the
      // ticking stops there instead of throwing every few seconds (the page says the
      // connection is lost).
      const tick = () => {
        try { model.send({ tick: true }); } catch (error) { window.clearInterval(timer); }
      };
      const timer = window.setInterval(tick, 1000 * model.get("seconds"));
      el.classList.add("gt-ticker");
      return () => window.clearInterval(timer);
    }
    export default { render };
    """).tag(sync=True)
    seconds = traitlets.Float(REFRESH_SECONDS).tag(sync=True)

    def on_tick(self, callback: Callable[[], None]) -> None:
        self.on_msg(lambda _widget, content, _buffers: callback() if isinstance(content, dict)
                    and content.get("tick") is True else None)


class GridView(ScriptWidget):
    """Draws the class grid (:func:`~gintrainer.classroom.gradebook.class_grid_svg`, its ``svg``) and tells
    the kernel which cell was clicked, or chosen with the keyboard (Enter or Space on a focused cell):
    its ``data-cell``, "row:column"."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      el.classList.add("gt-grid-view");
      const draw = () => { el.innerHTML = model.get("svg"); };
      const pick = (target) => {
        const cell = target && target.closest ? target.closest("[data-cell]") : null;
        if (cell) model.send({ cell: cell.getAttribute("data-cell") });
      };
      el.addEventListener("click", (event) => pick(event.target));
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(event.target); }
      });
      draw();
      model.on("change:svg", draw);
    }
    export default { render };
    """).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)

    def on_cell(self, callback: Callable[[int, int], None]) -> None:
        """Call ``callback(row, column)`` for each cell the browser says was picked (anything else is dropped)."""
        def heard(_widget: object, content: object, _buffers: object) -> None:
            cell = content.get("cell") if isinstance(content, dict) else None
            parts = cell.split(":") if isinstance(cell, str) and len(cell) < 12 else []
            if len(parts) == 2 and all(part.isdigit() for part in parts):
                callback(int(parts[0]), int(parts[1]))
        self.on_msg(heard)


class SessionKey(ScriptWidget):
    """Keeps a class session's key in the browser that started it: a cookie of the browser's
    session (gone once the browser is closed) for that session only (``gintrainer_session_``
    and its name), for the class pages' folder, SameSite=Strict, Secure over HTTPS; it is
    deleted once the set is handed in. Asked (``asking``), it sends the kernel the key it keeps
    for ``session`` (empty when it keeps none). It draws nothing."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      el.classList.add("gt-session-key");
      const folder = window.location.pathname.replace(/[^/]*$/, "");
      const secure = window.location.protocol === "https:" ? "; Secure" : "";
      const cookie = () => {
        const session = model.get("session");
        return /^[A-Za-z0-9_-]{16,64}$/.test(session) ? "gintrainer_session_" + session : "";
      };
      const keep = () => {
        const name = cookie(), key = model.get("key");
        if (!name) return;
        if (model.get("handed_in")) {
          document.cookie = name + "=; Path=" + folder + "; Max-Age=0; SameSite=Strict" + secure;
        } else if (/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
          document.cookie = name + "=" + key + "; Path=" + folder + "; SameSite=Strict" + secure;
        }
      };
      const ask = () => {
        const name = cookie();
        if (!name || !model.get("asking")) return;
        const kept = document.cookie.split("; ").find(c => c.startsWith(name + "="));
        model.send({ key: kept ? kept.slice(name.length + 1) : "" });
      };
      keep();
      ask();
      for (const trait of ["session", "key", "handed_in"]) model.on("change:" + trait, keep);
      model.on("change:asking", ask);
    }
    export default { render };
    """).tag(sync=True)
    session = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)
    """The key to keep, sent when the session starts on this page (never read back from the browser)."""
    handed_in = traitlets.Bool(False).tag(sync=True)
    asking = traitlets.Bool(False).tag(sync=True)

    def on_key(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the key the browser sends (whatever it sent: check it)."""
        self.on_msg(lambda _widget, content, _buffers: callback(content.get("key"))
                    if isinstance(content, dict) else None)


def _notice(text: str) -> str:
    return f"<div class='gt-notice'>{escape(text)}</div>"


class StudentPage(View):
    """Open a set by its code, answer each puzzle (the answer is recorded, not
    judged), hand the set in, then see the score, each puzzle's answer and
    solver's table, and download the results.

    Each answer and the hand-in go to the class store (``store``, else the one the
    environment names: :func:`~gintrainer.classroom.store.open_store`) under the
    session's name (``session_key``: :func:`~gintrainer.classroom.store.session_name` of
    its key). ``session`` (else the address's ``session``) names a session the store has:
    handed in, the page shows its review; not yet, the page continues it only given its
    key (``key``, else the one the browser that started it keeps: :class:`SessionKey`), and
    without it shows nothing of it and says that only that browser can answer it. What the
    store could not take is kept on the server (:mod:`~gintrainer.classroom.pending`), where
    the page finds it at a reload while the store is away, and is sent with the next answer,
    at the page's next tick (:class:`Ticker`) or at a reload."""

    def __init__(self, *, code: str | None = None, student: str | None = None, learner: Learner | None = None,
                 session: str | None = None, key: str | None = None, store: ClassStore | None = None):
        params = query_params()
        self.store = store
        self.session_key: str | None = None
        """The session's name in the store and the address (not its key, which only the browser keeps)."""
        self._key = key
        self._waiting: str | None = None
        """The session whose key the page asked the browser for."""
        self.keeper = SessionKey()
        self._unsent: dict[int, Attempt] = {}
        self._hand_in_unsent = False
        self._kept = False
        """Whether the session is kept on the server for the store (the page says so)."""
        self._retry_at = 0.0
        self.address = PageAddress()
        self.connection = widgets.HTML()
        """A line when the class store cannot be reached (saying where the answers are)."""
        self.retry = Ticker(seconds=RETRY_TICK)
        self.retry.on_tick(self._on_retry)
        self.when_lost = widgets.HTML()
        """What the page's notice of a lost server says of the answers (hidden till then: ``connection.js``)."""
        self.learner = learner or Learner.from_page()  # the profile's settings hold here too
        self.code = widgets.Text(value=code or params.get("code", ""), placeholder=t("e.g. 8QM3R-013VD-1D730"),
                                 description=tc("label", "Class code:"), _dom_classes=(CODE_BOX,))
        self.student = widgets.Text(value=student or self.learner.name or "", placeholder=t("your name or nickname"),
                                    description=tc("label", "Name:"))
        self.roster: Roster | None = None
        """The class's roster, when the teacher loaded one for the code: the student picks a name from it."""
        self.names: widgets.Dropdown | None = None
        """The roster's names, in the name box's place while the code has a roster (made when first needed)."""
        self.start_button = widgets.Button(description=tc("button", "Start"), button_style="primary")
        self.progress = widgets.HTML()
        self.view = PuzzleView(on_result=self._on_result, hints=False, table=False, blind=True)
        self.view.layout = widgets.Layout(display="none")  # shown and hidden: its own layout, as the buttons'
        self.next_button = widgets.Button(description=tc("button", "Next puzzle"), button_style="info",
                                          layout=widgets.Layout(display="none"))
        self.hand_in_button = widgets.Button(description=tc("button", "Hand in the set"),
                                             layout=widgets.Layout(display="none"))
        self.confirm_button = widgets.Button(description=tc("button", "Hand in anyway"), button_style="warning",
                                             layout=widgets.Layout(display="none"))
        self.results = widgets.HTML()
        self.review = widgets.HTML()
        self.session: StudentSession | None = None
        self.index = 0
        self.name_row = widgets.wrapping_row(self.code, self.student, self.start_button)
        super().__init__([self.name_row,
                          self.address, self.keeper, self.progress, self.connection, self.retry, self.when_lost,
                          self.view,
                          widgets.wrapping_row(self.next_button, self.hand_in_button, self.confirm_button),
                          self.results, self.review], _dom_classes=("gt-student",))
        self.start_button.on_click(self._on_start)
        self.next_button.on_click(self._on_next)
        self.hand_in_button.on_click(self._on_hand_in)
        self.confirm_button.on_click(self._on_confirm)
        self.keeper.on_key(self._on_browser_key)
        self.code.observe(lambda _change: self._look_up_roster(), names="value")
        if self.code.value:
            self._look_up_roster()
        name = session or params.get("session")
        if name and self.code.value:
            self._resume(name)

    def _look_up_roster(self) -> None:
        """Offer the names of the roster the teacher loaded for the code typed (none: the name is typed);
        while the class store cannot be reached, the name is typed too."""
        roster: Roster | None = None
        try:
            code = normalise_code(self.code.value)
        except (ClassCodeError, GinError):
            code = None  # not a code yet (being typed)
        if code is not None:
            try:
                roster = self._store().roster(code)
            except StoreError as error:
                log.warning("student page: no roster: %s", error)
                self.connection.value = _notice(t("The class store cannot be reached just now: type your name, "
                                                  "and press Start."))
            except GinError:  # a code that names no set: Start says why
                pass
        self._show_roster(roster)

    def _show_roster(self, roster: Roster | None) -> None:
        """The roster's names in the name box's place (the name box again without a roster)."""
        self.roster = roster
        if roster is None:
            self.name_row.children = (self.code, self.student, self.start_button)
            return
        if self.names is None:
            self.names = widgets.Dropdown(options=[], description=tc("label", "Name:"))
            self.names.observe(self._on_name_picked, names="value")
        found = roster.find(self.student.value) if isinstance(self.student.value, str) else None
        pick = t("pick your name")
        self.names.options = [(pick, ""), *((name, name) for name in roster.names)]
        self.names.value = found.name if found is not None else ""
        self.student.value = self.names.value
        self.name_row.children = (self.code, self.names, self.start_button)

    def _on_name_picked(self, change: Change) -> None:
        self.student.value = change["new"] if isinstance(change["new"], str) else ""

    def _store(self) -> ClassStore:
        if self.store is None:
            self.store = open_store()
        return self.store

    def _to_store(self, write: Callable[[ClassStore], Any] | None = None, *, retry: bool = False) -> bool:
        """Send what this server keeps for the session, the answers the store lacks, the hand-in,
        then ``write``; when the store cannot be reached, the session is kept on the server
        (:func:`~gintrainer.classroom.pending.keep`), a line says so and the page works on without
        the store, trying again after :data:`RETRY_SECONDS` (at once with ``retry``). True when all went."""
        session, key = self.session, self.session_key
        started = time.monotonic()
        if session is None or key is None:
            return False
        if not retry and started < self._retry_at:  # not tried: kept as if it had failed
            self._keep()
            return False
        try:
            store = self._store()
            self._send_kept(store, key)
            for index in sorted(self._unsent):
                kept = store.record(session.code, key, session.student, self._unsent[index])
                if kept != self._unsent[index]:  # answered first in another tab: that answer stands
                    session.resume([kept])
                del self._unsent[index]
            if self._hand_in_unsent:
                store.hand_in(session.code, key, session.student)
                self._hand_in_unsent = False
            if write is not None:
                write(store)
        except StoreError as error:
            log.warning("student page: %s", error)
            if time.monotonic() - started >= SLOW_SECONDS:
                self._retry_at = time.monotonic() + RETRY_SECONDS
            self._keep()
            return False
        if self._kept:
            back = t("The class store is back: the answers kept on the server are recorded.")
            self.connection.value = f"<div class='gt-info'>{escape(back)}</div>"
        else:
            self.connection.value = ""
        self._kept = False
        self._say_kept(True)
        return True

    def _say_kept(self, kept: bool) -> None:
        """Whether the notice of a lost server says that the answers given so far are kept (in the
        store or on the server: true while a session is open and nothing is on the page alone)."""
        line = t("The answers you gave so far are kept: after the reload, the set goes on where you are.")
        self.when_lost.value = f"<span class='gt-when-lost' hidden>{escape(line)}</span>" if kept else ""

    def _send_kept(self, store: ClassStore, key: str) -> tuple[Attempt, ...] | None:
        """Send what this server keeps for the session ``key`` (from before a reload or a restart);
        the store's answers of the session, None when nothing was kept. A pending file that cannot
        be locked is left for a later try."""
        try:
            return pending.send(store, key)
        except StorageError as error:
            log.warning("student page: %s", error)
            return None

    def _keep(self) -> None:
        """Keep the session on the server for the store, and say where the answers are."""
        session, key = self.session, self.session_key
        assert session is not None and key is not None
        try:
            pending.keep(session.code, key, session.student, session.given, handed_in=session.handed_in)
        except (StorageError, GinError) as error:
            log.error("student page: the answers cannot be kept on the server: %s", error)
            self._kept = False
            self._say_kept(False)
            self.connection.value = _notice(t("The teacher's gradebook cannot be reached just now: your answers "
                                              "stay on this page. Hand in the set and download your results "
                                              "for your teacher."))
            return
        self._kept = True
        self._say_kept(True)
        self.connection.value = _notice(t("The class store cannot be reached just now: your answers are kept on "
                                          "the server and will be sent to your teacher's gradebook when the "
                                          "store is back."))

    def _on_retry(self) -> None:
        """The open page's tick: send what the store lacks, when something does (and a try is due)."""
        try:
            if (self._kept or self._unsent or self._hand_in_unsent) and time.monotonic() >= self._retry_at:
                self._to_store()
        except GinError as error:  # refused by the store (the set handed in from another tab)
            self.connection.value = _notice(str(error))
        except Exception:
            log.exception("student page: retry")

    @guarded
    def _resume(self, name: str) -> None:
        """Open the session ``name`` (a reload of the page, or its address opened elsewhere) as the
        store has it, with what this server kept for it sent first; while the store cannot be
        reached, as this server keeps it. Handed in, its review; not yet and with its key, the set
        goes on with its answers answered; without the key, the page asks the browser for the key
        it keeps."""
        if not SESSION_KEY.fullmatch(name):  # not a name a page gives: the store and the server have none
            self._no_session(name)
            return
        kept_only = False
        stored: StoredSession | pending.Pending | None
        try:
            store = self._store()
            self._send_kept(store, name)
            stored = store.session(self.code.value, name)
        except StoreError as error:
            log.warning("student page: %s", error)
            stored = self._kept_here(name)
            if stored is None:
                self.connection.value = _notice(t("The teacher's gradebook cannot be reached just now: the set "
                                                  "starts again when you press Start."))
                return
            kept_only = True
        if stored is None:
            self._no_session(name)
            return
        handed_in = bool(stored.handed_in)
        if not handed_in and not opens(stored.session, self._key):
            self._ask_browser(stored.session)
            return
        session = StudentSession(stored.code, stored.student)
        session.resume(stored.attempts, handed_in=handed_in)
        self._unsent = {a.position - 1: a for a in stored.attempts} if kept_only else {}
        self._hand_in_unsent = kept_only and session.handed_in
        self._continue(session, stored.session)
        if kept_only:
            self._keep()  # says so

    def _no_session(self, name: str) -> None:
        """Say that the address names a session that neither the store nor this server has
        (mistyped, or of another class set); a name longer than any session's is cut short."""
        # Translators: {name} is the session's name as the page's address gives it (random letters).
        self.report(t("No session is called “{name}”.", name=name if len(name) <= 64 else name[:63] + "…"))

    def _kept_here(self, name: str) -> pending.Pending | None:
        try:
            return pending.load(self.code.value, name)
        except (StorageError, GinError) as error:
            log.warning("student page: %s", error)
            return None

    def _continue(self, session: StudentSession, name: str) -> None:
        """Show a session opened at a reload: its first puzzle not answered, or its review."""
        self.session, self.session_key = session, name
        self._say_kept(True)
        self.student.value, self.code.value = session.student, session.code
        self.address.query = {"code": session.code, "session": name}
        if session.handed_in:
            self._show_handed_in()
            return
        self.index = next((i for i in range(len(session)) if session.can_answer(i)), len(session) - 1)
        self._show()
        if not session.can_answer(self.index):
            self.view.layout.display = "none"
            last = t("That was the last puzzle: hand in the set.")
            self.progress.value += f"<div class='gt-info'>{escape(last)}</div>"

    @guarded
    def _on_start(self, _button: widgets.Button | None = None) -> None:
        session = self.session
        if session is not None and session.answered and not session.handed_in:
            raise GinError(t("hand in this set before you open another: its answers would be lost"))
        if self.roster is not None and self.roster.find(self.student.value) is None:
            raise GinError(t("pick your name from the class's list"))
        typed_name(self.student.value)
        opening = t("Opening the set…")
        self.progress.value = f"<div class='gt-info'>{escape(opening)}</div>"
        try:
            opened = StudentSession(self.code.value, self.student.value)
        except Exception:
            self.progress.value = ""  # "Opening the set…" would outlive the problem
            raise
        if session is not None and not session.handed_in and not session.answered and \
                (opened.code, opened.student) == (session.code, session.student):
            self._show()  # the set open already, nothing answered (a double click's second press): kept
            return
        self.session = opened
        self.index = 0
        self.results.value = self.review.value = ""
        key = new_session_key()
        self.session_key, self._unsent, self._waiting = session_name(key), {}, None
        self._hand_in_unsent, self._kept = False, False
        with self.keeper.hold_sync():  # the browser keeps the key; the address names the session
            self.keeper.session, self.keeper.key, self.keeper.handed_in = self.session_key, key, False
            self.keeper.asking = False
        self.address.query = {"code": self.session.code, "session": self.session_key}
        session, key = self.session, self.session_key
        self._to_store(lambda store: store.start(session.code, key, session.student), retry=True)
        self._show()

    def _ask_browser(self, name: str) -> None:
        """Wait for the key the browser keeps for the session ``name`` (:meth:`_on_browser_key`)."""
        opening = t("Opening the set…")
        self.progress.value = f"<div class='gt-info'>{escape(opening)}</div>"
        self._waiting = name
        with self.keeper.hold_sync():
            self.keeper.session, self.keeper.asking = name, True

    @guarded
    def _on_browser_key(self, key: object) -> None:
        """The key the browser keeps for the session the page waits for (empty: none)."""
        waiting, self._waiting = self._waiting, None
        self.keeper.asking = False
        if waiting is None or self.session is not None:  # nothing asked, or Start pressed since
            return
        if opens(waiting, key):
            self._key = key if isinstance(key, str) else None
            self._resume(waiting)
            return
        # Translators: a class set's address opened in a browser other than the one that started it.
        other = t("Only the browser that started this set can answer it or hand it in, and only until that "
                  "browser is closed. To answer here, type your name and press Start: the set starts again, "
                  "and your teacher sees the answers of both.")
        self.progress.value = _notice(other)

    def _require(self) -> StudentSession:
        if self.session is None:
            raise GinError(t("open the set first"))
        return self.session

    def _show(self) -> None:
        session = self._require()
        self.view.layout.display = ""
        self.view.show(session.show(self.index))
        self.next_button.layout.display = "none"
        self.confirm_button.layout.display = "none"
        self._refresh_progress()

    def _refresh_progress(self) -> None:
        session = self._require()
        if session.handed_in:
            right, _ = session.score
            # Right out of the set's puzzles, as the gradebook counts them, with those not answered said.
            # Translators: {student} is the student's name; {n} the number of puzzles in the set.
            text = (tn("{student} · handed in · right {right} of {n} ({unanswered} not answered)",
                       "{student} · handed in · right {right} of {n} ({unanswered} not answered)", len(session),
                       student=session.student, right=right, unanswered=session.unanswered)
                    if session.unanswered else
                    tn("{student} · handed in · right {right} of {n}", "{student} · handed in · right {right} of {n}",
                       len(session), student=session.student, right=right))
        else:
            text = tn("{student} · puzzle {number} of {n} · answered {answered} · the score shows once you hand the "
                      "set in", "{student} · puzzle {number} of {n} · answered {answered} · the score shows once you "
                      "hand the set in", len(session), student=session.student, number=self.index + 1,
                      answered=session.answered)
        self.progress.value = f"<div class='gt-stats'>{escape(text)}</div>"
        self.hand_in_button.layout.display = "" if session.answered and not session.handed_in else "none"
        if not session.handed_in:  # an "are you sure?" about fewer answers is out of date
            self.confirm_button.layout.display, self.results.value = "none", ""

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> None:
        if self.session is None or not self.session.can_answer(self.index):
            raise GinError(t("this puzzle is already answered"))
        self._unsent[self.index] = self.session.answer(self.index, attempt.answer_text)
        self._refresh_progress()
        if self.index + 1 < len(self.session):
            self.next_button.layout.display = ""
        else:
            last = t("That was the last puzzle: hand in the set.")
            self.progress.value += f"<div class='gt-info'>{escape(last)}</div>"
        self._to_store()  # last: a store that refuses (the set handed in from another tab) says so, the page is done

    @guarded
    def _on_next(self, _button: widgets.Button | None = None) -> None:
        session = self._require()
        if session.handed_in:
            raise GinError(t("the set is handed in"))
        if session.can_answer(self.index):
            raise GinError(t("answer this puzzle first"))
        if self.index + 1 >= len(session):
            raise GinError(t("that was the last puzzle"))
        self.index += 1
        self._show()

    @guarded
    def _on_hand_in(self, _button: widgets.Button | None = None) -> None:
        session = self.session
        if session is None or not session.answered:
            raise GinError(t("answer a puzzle first"))
        if session.unanswered:
            self.confirm_button.description = tc("button", "Hand in with {count} not answered",
                                                 count=session.unanswered)
            self.confirm_button.layout.display = ""
            warning = tn("{n} of {total} puzzles is not answered yet. Once the set is handed in, no more answers "
                         "can be given.", "{n} of {total} puzzles are not answered yet. Once the set is handed in, "
                         "no more answers can be given.", session.unanswered, total=len(session))
            self.results.value = f"<div class='gt-notice'>{escape(warning)}</div>"
            return
        self._hand_in()

    @guarded
    def _on_confirm(self, _button: widgets.Button | None = None) -> None:
        if self.session is None or self.confirm_button.layout.display == "none":
            raise GinError(t("press Hand in first"))
        self._hand_in()

    def _hand_in(self) -> None:
        self._require().hand_in()
        self._hand_in_unsent = True
        self._to_store(retry=True)
        self._show_handed_in()

    def _show_handed_in(self) -> None:
        session = self._require()
        self.view.layout.display = "none"
        for button in (self.next_button, self.hand_in_button, self.confirm_button):
            button.layout.display = "none"
        self._refresh_progress()
        self.results.value = download_link(session.to_csv(), results_filename(session.student, session.code),
                                           t("Download your results (CSV) for your teacher"), "text/csv")
        self.review.value = review_html(session)
        if self.session_key is not None:  # the key changes nothing any more: the browser forgets it
            with self.keeper.hold_sync():
                self.keeper.session, self.keeper.key, self.keeper.handed_in = self.session_key, "", True


def review_html(session: StudentSession) -> str:
    """Every puzzle of a handed-in set: the question, the student's answer (as its kind's description
    reads it), right or not, the explanation and the solver's table."""
    answers = {a.position: a for a in session.attempts}
    parts = []
    for position, puzzle in enumerate(session.puzzles, start=1):
        attempt = answers.get(position)
        chosen = None
        if attempt is None:
            not_answered = t("Not answered.")
            verdict = f"<div class='gt-info'>{escape(not_answered)}</div>"
        else:
            answer, chosen = _reading(puzzle, attempt.answer)
            # Translators: {answer} is the student's answer: yes, no and cards (yes 7♥), take or draw, a
            # knock layout (melds apart by /), or a defend layout (melds · lay-offs as card → meld number · yes or no).
            css, mark = (("gt-feedback-right", t("✓ Right: you answered {answer}.", answer=answer)) if attempt.correct
                         else ("gt-feedback-wrong", t("✗ Not right: you answered {answer}.", answer=answer)))
            verdict = f"<div class='{css}'>{escape(mark)}</div><div>{escape(attempt.message)}</div>"
        heading = tn("Puzzle {position} of {n}", "Puzzle {position} of {n}", len(session), position=position)
        parts.append(f"<div class='gt-review-puzzle'><h4>{escape(heading)}</h4>"
                     f"<div class='gt-prompt'>{escape(puzzle.question)}</div>{verdict}"
                     f"{solver_table_html(puzzle, chosen)}</div>")
    heading = t("Your answers")
    return f"<h3>{escape(heading)}</h3>" + "".join(parts)


def _reading(puzzle: Puzzle, answer: str) -> Reading:
    """A recorded answer as the student reads it; one its kind cannot read (a store written by
    another version) shows as written, and the rest of the review still shows."""
    try:
        return description(puzzle.kind).reading(answer)
    except GinError:
        log.warning("class review: puzzle %s's recorded answer %r cannot be read", puzzle.id, answer)
        return Reading(answer)


def _kept_line(code: str) -> str:
    """A line saying how many students' answers this server keeps for the unreachable store."""
    try:
        students = len({p.student for p in pending.kept_for(code)})
    except StorageError as error:
        log.warning("gradebook: %s", error)
        return ""
    if not students:
        return ""
    return _notice(tn("The answers of {n} student are kept on this server and will be sent to the class store "
                      "when it is back.", "The answers of {n} students are kept on this server and will be sent "
                      "to the class store when it is back.", students))


def _no_answers_note(code: str) -> str:
    """The line under the gradebook's code box when the class store has no answers for the code."""
    line = t("The class store has no answers for class code {code} yet: no student has started its set. If your "
             "class has, check the code.", code=code)
    return f"<div class='gt-info'>{escape(line)}</div>"


def _send_class(store: ClassStore, code: str) -> None:
    """Send the class's answers and hand reviews this server keeps for the store (students whose page is
    closed)."""
    try:
        pending.send_class(store, code)
        pending.send_reviews(store, code)
    except StorageError as error:
        log.warning("gradebook: %s", error)


class GradebookPage(View):
    """The class's results: students by puzzles, and how the class did on each theme.

    The results come from the class store, for the class code typed (or given in the
    address, ``?code=...``), read again every few seconds while the page is open
    (:class:`Ticker`), and from results files the teacher uploads (never from a path
    typed on the page). Answers and hand reviews this server keeps for the store (given while it could
    not be reached) are sent to it first. Below them, the practice hands the class's students reviewed
    (:func:`~gintrainer.classroom.gradebook.reviewed_hands`).

    Text typed that is no set's code shows no class, and its problem shows under the code box (so does every
    problem of the page: the status line), in a teacher's words (:func:`~gintrainer.classroom.sets.teacher_set`);
    a code the class store has no answers for says so there too."""

    def __init__(self, *, store: ClassStore | None = None) -> None:
        self.store = store
        self.code = widgets.Text(value=query_params().get("code", ""), placeholder=t("the set's code (optional)"),
                                 description=tc("label", "Class code:"), continuous_update=False,
                                 _dom_classes=(CODE_BOX,))
        self.upload = widgets.FileUpload(accept=".csv", multiple=True,
                                         description=tc("button", "Upload results files"))
        self.code_note = widgets.HTML()
        """Under the code box: that the class store has no answers for the code yet."""
        self.code_part = widgets.VBox([widgets.wrapping_row(self.code), self.code_note])
        self.refreshed = widgets.HTML()
        self.ticker = Ticker()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.grid = GridView()
        """The class at a glance: students by themes and kinds; a cell clicked lists its puzzles (``picked``)."""
        self.picked = widgets.HTML()
        self.picked_cell: tuple[str, str, str] | None = None
        """The cell whose puzzles are listed: the student, the column's group and name."""
        self.follow_ups = widgets.VBox(_dom_classes=("gt-follow-ups",))
        """A button per student with a miss that makes their follow-up set, and the set made."""
        self.follow_up_students: tuple[str, ...] = ()
        self.all_follow_ups = widgets.Button(description=tc("button", "Follow-up sets for the whole class"),
                                             layout=widgets.Layout(width="auto", display="none"))
        self.follow_up_sheet = widgets.HTML()
        self.reviews = widgets.HTML()
        """The practice hands the class's students reviewed (from the class store)."""
        self.problems = widgets.HTML()
        self.exports = widgets.HTML()
        """The results as files for the school's grade book, and the students not on the class's roster."""
        self.class_roster: Roster | None = None
        self.files: list[tuple[str, bytes]] = []
        self.book: Gradebook | None = None
        self.sources = widgets.wrapping_row(self.upload)
        """Where the results come from besides the class store: uploaded files."""
        super().__init__([self.code_part,
                          self.sources, self.refreshed, self.ticker, self.problems, self.table, self.exports,
                          self.chart, self.grid, self.picked, self.follow_ups, self.all_follow_ups,
                          self.follow_up_sheet, self.reviews], _dom_classes=("gt-gradebook",))
        self.status_beside(self.code_part)  # a code that names no class says so by the box it was typed in
        self.upload.observe(self._on_upload, names="value")
        self.grid.on_cell(self._on_cell)
        self.all_follow_ups.on_click(self._on_all_follow_ups)
        self.code.observe(self._on_code, names="value")
        self.ticker.on_tick(self._on_tick)
        if self.code.value:
            self._on_code()

    def _code(self) -> str | None:
        """The code typed, as codes are shown (None: none typed); text that names no set is refused."""
        found = teacher_set(self.code.value if isinstance(self.code.value, str) else "")
        return None if found is None else found.code

    @guarded
    def _on_upload(self, change: Change) -> None:
        files = []
        for item in change["new"] or ():
            name = item["name"] if isinstance(item, dict) else item.name
            content = bytes(item["content"] if isinstance(item, dict) else item.content)
            if len(content) > MAX_RESULTS_FILE:
                raise GinError(t("{file} is too large for a results file", file=str(name)))
            files.append((str(name), content))
        if files:
            self.files = files
            self.refresh()

    @guarded
    def _on_code(self, _change: Change | None = None) -> None:
        self.refresh()

    def _on_tick(self) -> None:
        """Read the store again, leaving the status line (the teacher's last action's) as it is."""
        try:
            if self._code() is not None:  # files alone do not change
                self.refresh(tick=True)
        except GinError:
            pass  # a code being typed: its problem shows when the teacher is done (the field's own callback)
        except Exception:
            log.exception("gradebook refresh")

    def refresh(self, *, tick: bool = False) -> None:
        """Read the class store again for the class code, with the files uploaded, and show it all
        (``tick``: a refresh nobody asked for, which leaves the status line as it is). Text that names no set
        shows no class (nor the class shown before), and is refused."""
        try:
            code = self._code()
        except GinError:
            self._show_no_class()
            raise
        if code is None and not self.files:
            self._show_no_class()
            return
        from ..classroom.gradebook import build_gradebook  # the teacher's only
        shown = self.book.code if self.book is not None else None
        stored, reached = self._read_store(code, same=code == shown) if code is not None else ((), False)
        if code is None:
            self.refreshed.value = self.reviews.value = ""
        book = build_gradebook(self.files, code=code, stored=stored)
        if book.code != shown:  # another class: not the roster of the one before (kept while the store is away)
            self.class_roster = None
        self._read_roster(book.code)
        self.code_note.value = _no_answers_note(code) if code is not None and reached and not book.results else ""
        if tick:
            self._draw(book)
        else:
            self.show(book)

    def _read_store(self, code: str, *, same: bool) -> tuple[tuple[StoredSession, ...], bool]:
        """The class store's sessions of ``code`` (after what this server keeps for it), its hand reviews shown,
        and whether the store was reached (the line under the upload says when, or why not). While it cannot
        be reached, the reviews shown stay if they are the ``same`` code's."""
        from ..classroom.gradebook import reviewed_hands, reviewed_hands_html  # the teacher's only
        when = datetime.now(UTC).strftime("%H:%M:%S")
        if self.store is None:
            self.store = open_store()
        try:
            _send_class(self.store, code)
            stored = self.store.class_sessions(code)
            reviews = self.store.reviews(code)
        except StoreError as error:
            self.refreshed.value = _notice(t("{error}; tried at {time} UTC", error=str(error), time=when)) \
                + _kept_line(code)
            if not same:
                self.reviews.value = ""
            return (), False
        line = t("From the class store, refreshed at {time} UTC (every {seconds} seconds while this page "
                 "is open).", time=when, seconds=REFRESH_SECONDS)
        self.refreshed.value = f"<div class='gt-info gt-refreshed'>{escape(line)}</div>" + "".join(
            _notice(t("The class store was found damaged and set aside as {aside}: the answers it held are "
                      "in that file, not in this gradebook.", aside=str(aside)))
            for aside in self.store.set_aside_files())
        self.reviews.value = reviewed_hands_html(reviewed_hands(reviews))
        return stored, True

    def _show_no_class(self) -> None:
        """Show no class: nothing typed names one (and no file was uploaded), so nothing of the class shown
        before stays under what is typed now."""
        self.book, self.picked_cell, self.class_roster = None, None, None
        for part in (self.code_note, self.refreshed, self.problems, self.table, self.exports, self.chart,
                     self.picked, self.follow_up_sheet, self.reviews):
            part.value = ""
        self.grid.svg = ""
        self._show_follow_ups(())

    def _read_roster(self, code: str | None) -> None:
        """The roster the class store keeps for ``code`` (the one read before while the store cannot be
        reached)."""
        if code is None:
            self.class_roster = None
            return
        if self.store is None:
            self.store = open_store()
        try:
            self.class_roster = self.store.roster(code)
        except StoreError as error:
            log.warning("gradebook: %s", error)

    def show(self, book: Gradebook) -> None:
        self._draw(book)
        self.clear_status()

    def _draw(self, book: Gradebook) -> None:
        from ..classroom.gradebook import gradebook_html, theme_chart_svg
        self.book = book
        skipped = t("Skipped:")
        self.problems.value = (f"<div class='gt-notice'><b>{escape(skipped)}</b><ul>"
                               + "".join(f"<li>{escape(p.file)}: {escape(p.reason)}</li>" for p in book.problems)
                               + "</ul></div>") if book.problems else ""
        self.table.value = gradebook_html(book)
        self.exports.value = exports_html(book, self.class_roster)
        self.chart.value = theme_chart_svg(book)
        self._draw_grid(book)
        self._draw_follow_ups(book)

    # -- the class at a glance, and what next per student ------------------------------------------------

    def _draw_grid(self, book: Gradebook) -> None:
        """The grid, and the puzzles of the cell picked (the same student and column, where they are now)."""
        from ..classroom.gradebook import class_grid_svg, grid_cell_html
        self.grid.svg = class_grid_svg(book)
        picked = self.picked_cell
        grid = book.grid()
        keys = [(column.group, column.name) for column in grid.columns]
        if picked is None or picked[0] not in grid.students or picked[1:] not in keys:
            self.picked.value = ""
            return
        self.picked.value = grid_cell_html(book, grid.students.index(picked[0]), keys.index(picked[1:]))

    @guarded
    def _on_cell(self, row: int, column: int) -> None:
        book = self.book
        if book is None:
            return
        grid = book.grid()
        if not (0 <= row < len(grid.students) and 0 <= column < len(grid.columns)):
            return  # a grid drawn before the last refresh: nothing to list
        self.picked_cell = (grid.students[row], grid.columns[column].group, grid.columns[column].name)
        self._draw_grid(book)

    def _draw_follow_ups(self, book: Gradebook) -> None:
        """A button for each student with a miss (the rows kept while the same students have one)."""
        self._show_follow_ups(tuple(student for student, row in zip(book.students, book.table, strict=True)
                                    if False in row) if book.code is not None else ())

    def _show_follow_ups(self, students: tuple[str, ...]) -> None:
        """A follow-up button for each of ``students`` (the rows kept while they are the same students)."""
        self.all_follow_ups.layout.display = None if students else "none"
        if students == self.follow_up_students:
            return
        self.follow_up_students = students
        rows = []
        for student in students:
            button = widgets.Button(description=t("Follow-up set for {student}", student=student),
                                    layout=widgets.fixed_layout(width="auto"))
            shown = widgets.HTML()
            button.on_click(lambda _button, student=student, shown=shown: self._on_follow_up(student, shown))
            rows.append(widgets.wrapping_row(button, shown))
        what_next = t("What next, per student")
        heading = widgets.HTML(f"<h4>{escape(what_next)}</h4>") if students else None
        old = self.follow_ups.children
        self.follow_ups.children = ((heading,) if heading else ()) + tuple(rows)
        for child in old:
            close_tree(child)

    @guarded
    def _on_follow_up(self, student: str, shown: widgets.HTML) -> None:
        from ..classroom.gradebook import follow_up_set
        book = self.book
        if book is None or student not in book.students:
            raise GinError(t("no results for student {student}", student=student))
        found = follow_up_set(book, student)
        if found is None:
            nothing = t("No puzzle missed: nothing to follow up.")
            shown.value = f"<span class='gt-info'>{escape(nothing)}</span>"
            return
        code = f"<b class='gt-code gt-follow-up-code'>{escape(found.classset.code)}</b>"
        link = link_html("classroom/student.ipynb", "classroom/gradebook.ipynb", t("the student page"),
                         f"?code={found.classset.code}")
        students = escape(t("Students open {link} and type this code (and their name).")).replace("{link}", link)
        # Translators: the positions of the puzzles a student missed in the class's set ("2, 4")
        missed = t("from the puzzles missed: {positions}", positions=list_words(map(str, found.missed)))
        code_line = escape(t("Class code: {code}")).replace("{code}", code)
        shown.value = (f"{code_line} <span class='gt-info'>{escape(found.classset.describe())} · "
                       f"{escape(missed)} · {students}</span>")

    @guarded
    def _on_all_follow_ups(self, _button: widgets.Button | None = None) -> None:
        from ..classroom.gradebook import follow_up_sets
        from ..classroom.worksheet import follow_up_sheet_html
        book = self.book
        if book is None or book.code is None:
            raise GinError(t("type the class code first"))
        sets = follow_up_sets(book)
        sheet = follow_up_sheet_html(book.code, [(found.student, found.classset) for found in sets])
        self.follow_up_sheet.value = download_link(sheet, f"follow-ups-{book.code}.html",
                                                   t("Download the follow-up codes (one page to print)"),
                                                   "text/html")


class TeacherOnly(View):
    """A teacher's page (making sets, the gradebook) for whoever may see it.

    Started for a class, it shows a passphrase box and nothing else: the page is
    built only once the teacher passphrase is given, so no answer key or result
    reaches a browser before that (hidden widgets would still reach it). Once given,
    the browser is signed in as the teacher for its session (:class:`~gintrainer.widgets.base.SignIn`),
    and the teacher's pages open at once in it. Started without one, it shows the page
    at once under a line saying that anyone can."""

    def __init__(self, build: Callable[[], View]):
        self.build = build
        self.page: View | None = None
        self.notice = widgets.HTML()
        self.passphrase = widgets.Password(description=tc("label", "Passphrase:"))
        self.open_button = widgets.Button(description=tc("button", "Open the teacher's page"),
                                          button_style="primary", layout=widgets.fixed_layout(width="auto"))
        self.gate = widgets.HBox([self.passphrase, self.open_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.body = widgets.VBox()
        self.sign_in = SignIn(header=TICKET_HEADER)
        super().__init__([self.notice, self.gate, self.sign_in, self.body], _dom_classes=("gt-teacher-only",))
        self.open_button.on_click(self._on_open)
        if for_a_class() and teacher_signed_in():
            self.gate.layout.display = "none"
            self._signed_in()
            self._open()
        elif for_a_class():
            ask = t("This page is for the teacher: type the teacher passphrase.")
            self.notice.value = f"<div class='gt-info'>{escape(ask)}</div>"
        else:
            self.gate.layout.display = "none"
            warning = t("Anyone who opens this page can see the answer keys: start the app with a teacher "
                        "passphrase for a class.")
            self.notice.value = f"<div class='gt-notice'>{escape(warning)}</div>"
            self._open()

    @property
    def unlocked(self) -> bool:
        return self.page is not None

    @guarded
    def _on_open(self, _source: Any = None) -> None:
        if self.page is not None:
            return
        typed = self.passphrase.value
        self.passphrase.value = ""
        if not try_teacher_passphrase(typed):
            raise GinError(t("that is not the teacher passphrase"))
        self.gate.layout.display = "none"
        self.notice.value = ""
        self._open()
        ticket = teacher_ticket()
        if ticket is not None:
            self.sign_in.ticket = ticket
            self._signed_in()

    def _signed_in(self) -> None:
        line = t("You are signed in as the teacher in this browser until you close it.")
        self.notice.value = f"<div class='gt-info'>{escape(line)}</div>"

    def _open(self) -> None:
        self.page = self.build()
        self.body.children = (self.page,)


def teacher() -> TeacherOnly:
    return TeacherOnly(TeacherPage)


def student() -> StudentPage:
    return StudentPage()


def gradebook() -> TeacherOnly:
    return TeacherOnly(GradebookPage)
