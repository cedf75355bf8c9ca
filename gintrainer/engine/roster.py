"""Every computer player by name: the players of :mod:`~gintrainer.engine.players` (``random``, ``naive``,
``lookahead``, ``best``) and the evaluator playing (``evaluator``, :mod:`~gintrainer.engine.evaluate`).

The names live here, above both modules, because the evaluator is built on the players (it reads the
opponent as ``best`` does and plays hands out with a greedy player): a registry in ``players`` could not
reach it without an import cycle. Practice, duels and the command line choose their players here.

>>> from gintrainer import Hand
>>> from gintrainer.engine.players import decide
>>> hand = Hand.deal(seed=1)
>>> players = [make_player("naive"), make_player("lookahead")]
>>> while not hand.is_over:
...     hand.apply(decide(players[hand.to_act], hand, seed=5))
>>> hand.result.kind in ("knock", "gin", "undercut", "dead")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..words.errors import GinError
from ..words.language import t
from .evaluate import EvaluatorPlayer
from .players import BestPlayer, LookaheadPlayer, Player, RandomPlayer, naive_player

PLAYERS: dict[str, Callable[..., Player]] = {"random": RandomPlayer, "naive": naive_player,
                                             "lookahead": LookaheadPlayer, "best": BestPlayer,
                                             "evaluator": EvaluatorPlayer}
"""Each computer player's maker by name, weakest first (practice offers them in this order)."""
PLAYER_NAMES = tuple(PLAYERS)


def make_player(name: str, **options: Any) -> Player:
    """A player by name: ``random``, ``naive``, ``lookahead``, ``best`` or ``evaluator``."""
    try:
        factory = PLAYERS[name]
    except (KeyError, TypeError):
        raise GinError(t("unknown player {name}: choose one of {choices}", name=repr(name),
                         choices=", ".join(PLAYER_NAMES))) from None
    return factory(**options)
