"""Hand histories: record a hand with comments, replay it step by step, and the
annotated example hands that ship with gintrainer.

* :func:`load` reads a history (a path, JSON text or a dict) and replays every
  action through :class:`~gintrainer.Hand`; :func:`dump` / :func:`to_record` /
  :func:`save` write one. The format is described in ``docs/hand-history.md``.
* :func:`annotate` adds the solver's notes: costly discards, missed knocks,
  take-or-draw choices.
* :func:`examples` returns the shipped example hands, in teaching order.

>>> replay = examples()["gin"]
>>> replay.hand.result.kind, replay.featured
(ScoreKind.GIN, 1)
"""

from .annotate import Advice, advice, annotate, known_after, with_solver_annotations
from .examples import build_examples, example, example_names, examples
from .history import (
    FORMAT,
    VERSION,
    Annotation,
    Replay,
    ReplayError,
    Step,
    dump,
    from_record,
    load,
    result_record,
    save,
    to_record,
)

__all__ = ["Advice", "Annotation", "FORMAT", "Replay", "ReplayError", "Step", "VERSION", "advice", "annotate",
           "build_examples", "known_after", "dump", "example", "example_names", "examples", "from_record", "load",
           "result_record", "save", "to_record", "with_solver_annotations"]
