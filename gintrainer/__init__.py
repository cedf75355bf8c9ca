"""gintrainer: an exact Gin Rummy engine for lessons, puzzles and replays.

>>> from gintrainer import parse_cards, best_arrangement
>>> best_arrangement(parse_cards("7S 7H 7D 5S 6S 8S")).points
14
"""

from .engine.cards import DECK, Card, format_cards, parse_card, parse_cards, show_cards
from .engine.hand import Action, ActionKind, Hand, Phase
from .engine.match import Match
from .engine.melds import (
    Arrangement,
    MeldKind,
    all_best_arrangements,
    best_arrangement,
    is_meld,
    meld_kind,
    min_deadwood,
    min_deadwood_batch,
)
from .engine.rules import PRESETS, Rules
from .engine.scoring import DefenderReply, HandScore, Layoff, ScoreKind, best_layoffs, score_hand
from .words.errors import GinError, IllegalActionError, InvalidNotationError, RulesError

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionKind", "Arrangement", "Card", "DECK", "DefenderReply", "GinError", "Hand", "HandScore",
    "IllegalActionError", "InvalidNotationError", "Layoff", "Match", "MeldKind", "PRESETS", "Phase", "Rules",
    "RulesError", "ScoreKind",
    "all_best_arrangements", "best_arrangement", "best_layoffs", "format_cards", "is_meld", "meld_kind",
    "min_deadwood", "min_deadwood_batch", "parse_card", "parse_cards", "score_hand", "show_cards",
]
