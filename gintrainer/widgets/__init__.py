"""Jupyter widgets for the lessons: cards, hands, the table, a stepper and exercises.

Importing this package imports ipywidgets; ``import gintrainer`` does not.
A notebook needs one line per widget::

    from gintrainer.widgets import lesson
    lesson.demo("knock")
    lesson.exercise("knock_card")
"""

from . import lesson
from .base import DisplaySettings, SettingsBar, View, guarded, settings
from .cards import CardPicker, HandView, TableView
from .exercise import CheckView, ExerciseView, RulesComparison
from .stepper import Stepper

__all__ = ["CardPicker", "CheckView", "DisplaySettings", "ExerciseView", "HandView", "RulesComparison",
           "SettingsBar", "Stepper", "TableView", "View", "guarded", "lesson", "settings"]
