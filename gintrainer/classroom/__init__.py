"""Teaching a class: shared puzzle sets named by a short code, printable
worksheets with answer keys, students' results files and the gradebook.

Nothing here imports ipywidgets; the pages build on this package.

- :mod:`~gintrainer.classroom.codes`: the short code's bits and characters.
- :mod:`~gintrainer.classroom.sets`: :class:`ClassSet`, its options and puzzles.
- :mod:`~gintrainer.classroom.worksheet`: worksheet and answer key pages.
- :mod:`~gintrainer.classroom.marking`: reading and marking one answer.
- :mod:`~gintrainer.classroom.results`: the results CSV format.
- :mod:`~gintrainer.classroom.session`: a student answering a set.
- :mod:`~gintrainer.classroom.store`: the class results store, on the database of
  :mod:`~gintrainer.classroom.database` (SQLite or PostgreSQL).
- :mod:`~gintrainer.classroom.gradebook`: merging the store's answers and results files.

>>> s = ClassSet("Year 5", count=2, kinds="can_knock")
>>> s == ClassSet.from_code(s.code.lower())
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .codes import ClassCodeError, looks_like_code, normalise_code
from .marking import AnswerError, Marked, mark, parse_response
from .results import COLUMNS, Attempt, Results, ResultsError, clean_student, read_results, results_csv, results_filename
from .session import StudentSession
from .sets import (
    DIFFICULTY_NAMES,
    MAX_COUNT,
    OBJECTIVES,
    ClassSet,
    ClassSetError,
    class_set,
    clean_class_name,
    clean_difficulty,
)
from .store import DATABASE_ENV, ClassStore, StoredSession, StoreError, database_url, new_session_key, open_store

if TYPE_CHECKING:
    from .gradebook import (
        Gradebook,
        Problem,
        Rate,
        ThemeRate,
        build_gradebook,
        gradebook_html,
        gradebook_page,
        theme_chart_svg,
    )
    from .worksheet import answer_key_html, puzzle_section_html, worksheet_filename, worksheet_html, write_worksheet

_LATER = {"gradebook": ("Gradebook", "Problem", "Rate", "ThemeRate", "build_gradebook", "gradebook_html",
                        "gradebook_page", "theme_chart_svg"),
          "worksheet": ("answer_key_html", "puzzle_section_html", "worksheet_filename", "worksheet_html",
                        "write_worksheet")}
"""The teacher's modules, imported when first used: a student's page answers a set and never
reads a gradebook or prints a worksheet."""


def __getattr__(name: str) -> Any:
    for module, names in _LATER.items():
        if name in names:
            return getattr(importlib.import_module(f".{module}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AnswerError", "Attempt", "COLUMNS", "ClassCodeError", "ClassSet", "ClassSetError", "ClassStore",
           "DATABASE_ENV", "DIFFICULTY_NAMES", "Gradebook", "MAX_COUNT", "Marked", "OBJECTIVES", "Problem", "Rate",
           "Results", "ResultsError", "StoreError", "StoredSession", "StudentSession", "ThemeRate",
           "answer_key_html", "build_gradebook", "class_set", "clean_class_name", "clean_difficulty",
           "clean_student", "database_url", "gradebook_html", "gradebook_page", "looks_like_code", "mark",
           "new_session_key", "normalise_code", "open_store", "parse_response", "puzzle_section_html",
           "read_results", "results_csv", "results_filename", "theme_chart_svg", "worksheet_filename",
           "worksheet_html", "write_worksheet"]
