"""The class's roster on the teacher's pages: loading a roster file for the set made (:class:`RosterLoader`,
on the teacher's page), and the gradebook's exports for the school's grade book, with the students who are
not on the roster (:func:`exports_html`, on the gradebook). The student page's list of names is
:class:`~gintrainer.widgets.classroom.StudentPage`'s own.

The exports (:mod:`~gintrainer.classroom.exports`) are imported when first used: a student's page never
writes one."""

from __future__ import annotations

import logging
from html import escape
from typing import TYPE_CHECKING

from ..classroom.roster import MAX_ROSTER_BYTES, Roster, RosterError, read_roster
from ..classroom.store import ClassStore, StoreError, open_store
from ..words.errors import GinError
from ..words.language import t, tc, tn
from . import ui as widgets
from .base import Change, View, download_link, guarded

if TYPE_CHECKING:
    from ..classroom.gradebook import Gradebook

log = logging.getLogger("gintrainer.widgets.roster")


def roster_summary_html(roster: Roster | None) -> str:
    """What the teacher's page says of the roster kept for the set: how many students, and their names."""
    if roster is None:
        none = t("No roster is loaded for this class code: students type their name.")
        return f"<div class='gt-info gt-roster-summary'>{escape(none)}</div>"
    line = tn("Roster loaded: {n} student. Students pick their name from it.",
              "Roster loaded: {n} students. Students pick their name from it.", len(roster))
    names = ", ".join(roster.names)
    return (f"<div class='gt-info gt-roster-summary'>{escape(line)}"
            f"<div class='gt-roster-names' dir='auto'>{escape(names)}</div></div>")


class RosterLoader(View):
    """Load a roster file (CSV: name, email, optional section) for the class code of the set made, into
    the class store; hidden until a set is made. A file that is no roster is refused, its line named, and
    the roster kept before stays."""

    def __init__(self, *, store: ClassStore | None = None) -> None:
        self.store = store
        self.code: str | None = None
        self.upload = widgets.FileUpload(accept=".csv", multiple=False,
                                         description=tc("button", "Load the class's roster"))
        help_line = t("A roster is a CSV file with the columns name, email and, if wanted, section: one row per "
                      "student.")
        self.help = widgets.HTML(f"<div class='gt-info'>{escape(help_line)}</div>")
        self.summary = widgets.HTML()
        super().__init__([widgets.wrapping_row(self.upload), self.help, self.summary],
                         _dom_classes=("gt-roster",), layout=widgets.Layout(display="none"))
        self.upload.observe(self._on_upload, names="value")

    def _store(self) -> ClassStore:
        if self.store is None:
            self.store = open_store()
        return self.store

    @guarded
    def show_for(self, code: str) -> None:
        """Show the loader for the set of ``code``, with the roster the store keeps for it."""
        self.code = code
        self.layout.display = ""
        try:
            self.summary.value = roster_summary_html(self._store().roster(code))
        except StoreError as error:
            log.warning("teacher page: %s", error)
            self.summary.value = ""
            raise

    @guarded
    def _on_upload(self, change: Change) -> None:
        items = list(change["new"] or ())
        if not items or self.code is None:
            return
        item = items[-1]
        name = str(item["name"] if isinstance(item, dict) else item.name)
        content = bytes(item["content"] if isinstance(item, dict) else item.content)
        if len(content) > MAX_ROSTER_BYTES:
            raise GinError(t("{file}: the roster file is too large: at most {limit} bytes", file=name,
                             limit=MAX_ROSTER_BYTES))
        try:
            roster = read_roster(content)
        except RosterError as error:
            raise GinError(t("{file}: {error}", file=name, error=str(error))) from None
        self._store().set_roster(self.code, roster)
        self.summary.value = roster_summary_html(roster)


def exports_html(book: Gradebook, roster: Roster | None) -> str:
    """The gradebook's exports for Canvas, Moodle and Google Classroom as download links, the students
    who are in no export, not being on the roster, and each student of the roster with several sessions of
    the set with the one the exports count; a line saying what is missing when no export can be made."""
    from ..classroom.exports import PLATFORM_NAMES, ExportError, Platform, export_csv, not_on_roster, several_sessions
    if book.code is None:
        return ""
    if roster is None:
        missing = t("To export the results for the school's grade book (Canvas, Moodle, Google Classroom), load "
                    "the class's roster on the teacher's page.")
        return f"<div class='gt-info gt-exports'>{escape(missing)}</div>"
    links = []
    for platform in Platform:
        try:
            export = export_csv(book, roster, platform)
        except ExportError as error:
            return f"<div class='gt-notice gt-exports'>{escape(str(error))}</div>"
        # Translators: {platform} is a grade book's own name (Canvas, Moodle, Google Classroom).
        label = t("Export for {platform} (CSV)", platform=PLATFORM_NAMES[platform])
        links.append(download_link(export.text, export.filename, label, "text/csv"))
    heading = tc("gradebook", "Into the school's grade book:")
    parts = [f"<div class='gt-exports'><b>{escape(heading)}</b> {' · '.join(links)}"]
    missing_students = not_on_roster(book, roster)
    if missing_students:
        line = t("Not on the roster, so in no export: {names}", names=", ".join(missing_students))
        parts.append(f"<div class='gt-notice gt-not-on-roster' dir='auto'>{escape(line)}</div>")
    for repeat in several_sessions(book, roster):
        rows, n = ", ".join(repeat.rows), len(repeat.rows)
        if repeat.handed_in:
            # Translators: {rows} are the gradebook's rows of one student ("Ann, Ann (2)"); {counted} is one of them
            line = tn("{student} has {n} session of this set ({rows}): the exports count {counted}, the first "
                      "handed in.", "{student} has {n} sessions of this set ({rows}): the exports count {counted}, "
                      "the first handed in.", n, student=repeat.student, rows=rows, counted=repeat.counted)
        else:
            line = tn("{student} has {n} session of this set ({rows}): the exports count {counted}, the one with "
                      "the most answers (none is handed in yet).", "{student} has {n} sessions of this set "
                      "({rows}): the exports count {counted}, the one with the most answers (none is handed in "
                      "yet).", n, student=repeat.student, rows=rows, counted=repeat.counted)
        parts.append(f"<div class='gt-notice gt-several-sessions' dir='auto'>{escape(line)}</div>")
    parts.append("</div>")
    return "".join(parts)


__all__ = ["RosterLoader", "exports_html", "roster_summary_html"]
