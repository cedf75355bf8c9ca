"""Jupyter widgets for the lessons: cards, hands, the table, a stepper and exercises.

Importing this package imports ipywidgets; ``import gintrainer`` does not.
A notebook needs one line per widget::

    from gintrainer.widgets import lesson
    lesson.demo("knock")
    lesson.exercise("knock_card")

The names below are imported when first used, so that a page importing one module of
the package (``gintrainer.widgets.site``) does not import the lessons' widgets too.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import lesson
    from .base import DisplaySettings, SettingsBar, View, guarded, settings
    from .cards import CardPicker, HandView, TableView
    from .exercise import CheckView, ExerciseView, RulesComparison
    from .stepper import Stepper

_HOMES = {"DisplaySettings": "base", "SettingsBar": "base", "View": "base", "guarded": "base", "settings": "base",
          "CardPicker": "cards", "HandView": "cards", "TableView": "cards", "CheckView": "exercise",
          "ExerciseView": "exercise", "RulesComparison": "exercise", "Stepper": "stepper"}
"""The module of the package that each name comes from."""

__all__ = ["CardPicker", "CheckView", "DisplaySettings", "ExerciseView", "HandView", "RulesComparison",
           "SettingsBar", "Stepper", "TableView", "View", "guarded", "lesson", "settings"]


def __getattr__(name: str) -> Any:
    if name == "lesson":
        return import_module(".lesson", __name__)
    if name in _HOMES:
        return getattr(import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
