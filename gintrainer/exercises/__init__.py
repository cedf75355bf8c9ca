"""Exercises for the lessons: each kind builds a position from a seed with the
engine, computes the answer with the engine, and checks a learner's answer
with an explanation that quotes the numbers.

>>> exercise = generate("deadwood_count", 5)
>>> exercise.check(exercise.answer).correct, exercise.check(exercise.answer + 1).correct
(True, False)
>>> kinds_for(5)
['knock_card', 'can_knock', 'going_out', 'knock_deadwood']
"""

from .core import (ANSWER_TYPES, KINDS, NAMES, Exercise, ExerciseKind, ExerciseSession, Feedback,  # noqa: F401
                   Panel, generate, kinds_for, panel_html)
from . import basics, going_out, matches  # noqa: F401  (register the kinds)
from .matches import RULE_SETS, compare_rules  # noqa: F401

__all__ = ["ANSWER_TYPES", "KINDS", "NAMES", "RULE_SETS", "Exercise", "ExerciseKind", "ExerciseSession", "Feedback",
           "Panel", "compare_rules", "generate", "kinds_for", "panel_html"]
