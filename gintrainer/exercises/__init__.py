"""Exercises for the lessons: each kind builds a position from a seed with the
engine, under the rules in force, computes the answer with the engine, and checks
a learner's answer with an explanation that quotes the numbers. Which lesson shows
a kind is the lesson's definition (:mod:`gintrainer.lessons`).

>>> exercise = generate("deadwood_count", 5)
>>> exercise.check(exercise.answer).correct, exercise.check(exercise.answer + 1).correct
(True, False)
>>> from gintrainer.engine.rules import Rules
>>> "the knock limit is 7" in generate("can_knock", 0, Rules(knock_limit=7)).prompt
True
"""

from . import basics, going_out, matches, strategy  # noqa: F401  (register the kinds)
from .core import (  # noqa: F401
    ANSWER_TYPES,
    KINDS,
    Exercise,
    ExerciseKind,
    ExerciseSession,
    Feedback,
    Panel,
    generate,
    panel_html,
)
from .matches import compare_rules, rule_sets  # noqa: F401

__all__ = ["ANSWER_TYPES", "KINDS", "Exercise", "ExerciseKind", "ExerciseSession", "Feedback",
           "Panel", "compare_rules", "generate", "panel_html", "rule_sets"]
