"""The rules options of RULES.md, their defaults and presets.

>>> Rules().knock_limit, Rules.preset("modern").undercut_bonus
(10, 25)
>>> Rules(knock_limit=-1)
Traceback (most recent call last):
...
gintrainer.words.errors.RulesError: knock_limit must be an int from 0 to 99, not -1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..words.errors import GinError, RulesError
from ..words.language import N_, t, tc
from .cards import Card, CardsLike, parse_cards

NEXT_DEALER_CHOICES = ("winner", "loser")

# field: (low, high) for ints; booleans and choices are checked by type.
_INT_RANGES = {
    "knock_limit": (0, 99),
    "gin_bonus": (0, 1000),
    "big_gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "dead_stock_cards": (0, 30),
    "target": (1, 100_000),
    "game_bonus": (0, 100_000),
    "box_bonus": (0, 100_000),
    "shutout_multiplier": (1, 100),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule book, with its default. Frozen and validated."""

    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin: bool = False
    big_gin_bonus: int = 31
    undercut_bonus: int = 10
    undercut_on_tie: bool = True
    dead_stock_cards: int = 2
    next_dealer: str = "winner"
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout_multiplier: int = 2
    oklahoma: bool = False
    oklahoma_spades_double: bool = False
    straight_gin: bool = False
    hollywood: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _INT_RANGES:
                low, high = _INT_RANGES[f.name]
                if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                    # Translators: {option} is the option's name as files and the command line write it
                    # (knock_limit, not translated); {value} what was given.
                    raise RulesError(t("{option} must be an int from {low} to {high}, not {value}", option=f.name,
                                       low=low, high=high, value=repr(value)))
            elif f.name == "next_dealer":
                if value not in NEXT_DEALER_CHOICES:
                    raise RulesError(t("next_dealer must be 'winner' or 'loser', not {value}", value=repr(value)))
            elif not isinstance(value, bool):
                raise RulesError(t("{option} must be true or false, not {value}", option=f.name, value=repr(value)))

    @classmethod
    def preset(cls, name: str, **changes: object) -> Rules:
        """A named preset (``standard``, ``modern``, ``classic``), optionally changed.

        >>> Rules.preset("classic", oklahoma=True).gin_bonus
        20
        """
        try:
            base = PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(t("unknown rules preset {name}: choose one of {choices}", name=repr(name),
                               choices=", ".join(PRESETS))) from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: object) -> Rules:
        """A copy with some options changed (each validated)."""
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise RulesError(t("unknown rules option {option}", option=repr(unknown[0])))
        # Through from_dict: the values are of any type until __post_init__ has checked them.
        return Rules.from_dict(asdict(self) | changes)

    def to_dict(self) -> dict[str, bool | int | str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from a dict of options (missing ones take their defaults), or a preset name."""
        if isinstance(data, Rules):
            return data
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise RulesError(t("rules must be a dict of options or a preset name, not {data}", data=repr(data)))
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise RulesError(t("unknown rules option {option}", option=repr(unknown[0])))
        return cls(**data)

    @property
    def name(self) -> str | None:
        """The preset these rules equal, if any (variants named after it)."""
        for preset_name, preset in PRESETS.items():
            if self == preset:
                return preset_name
        return None

    def describe(self) -> str:
        """A short description: the preset and the options that differ from it."""
        best_name, best_diff = "standard", None
        for preset_name, preset in PRESETS.items():
            diff = [f.name for f in fields(self) if getattr(self, f.name) != getattr(preset, f.name)]
            if best_diff is None or len(diff) < len(best_diff):
                best_name, best_diff = preset_name, diff
        parts = [preset_title(best_name)]
        for name in best_diff or ():
            value = getattr(self, name)
            if isinstance(value, bool):
                on, off = _SWITCH_WORDS[name]
                parts.append(t(on if value else off))
            elif name == "next_dealer":
                parts.append(t(_NEXT_DEALER_WORDS[value]))
            else:
                parts.append(t(_NUMBER_WORDS[name], value=value))
        # Translators: what separates the parts of a rules description ("standard, big gin, knock limit 8").
        return tc("list separator", ", ").join(parts)

    def knock_limit_for(self, upcard: CardsLike | None = None) -> int:
        """The knock limit in force for a hand: 0 under straight gin; under
        Oklahoma the first upcard's value, an ace meaning gin only.

        >>> Rules(oklahoma=True).knock_limit_for("AS"), Rules(oklahoma=True).knock_limit_for("KD")
        (0, 10)
        """
        if self.straight_gin:
            return 0
        if not self.oklahoma:
            return self.knock_limit
        card = self.require_upcard(upcard)
        return 0 if card.rank == 1 else card.value

    def require_upcard(self, upcard: CardsLike | None) -> Card:
        if upcard is None:
            raise GinError(t("Oklahoma rules need the hand's first upcard"))
        if isinstance(upcard, Card):
            return upcard
        cards = parse_cards(upcard)
        if len(cards) != 1:
            raise GinError(t("the upcard must be one card, not {count}", count=len(cards)))
        return cards[0]

    def score_multiplier(self, upcard: CardsLike | None = None) -> int:
        """2 when Oklahoma's spades option doubles this hand, else 1."""
        if self.oklahoma and self.oklahoma_spades_double:
            return 2 if self.require_upcard(upcard).suit == "S" else 1
        return 1


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "modern": Rules(big_gin=True, big_gin_bonus=31, undercut_bonus=25),
    "classic": Rules(gin_bonus=20),
}
"""The presets of RULES.md: ``standard`` is the rule book itself."""


PRESET_TITLES = {"standard": N_("standard"), "modern": N_("modern"), "classic": N_("classic")}
"""Each preset's name as a learner reads it (files and the command line keep the key)."""


def preset_title(name: str) -> str:
    """A preset's name in the current language (an unknown name as it is).

    >>> preset_title("modern"), preset_title("house")
    ('modern', 'house')
    """
    return t(PRESET_TITLES[name]) if name in PRESET_TITLES else name


_SWITCH_WORDS = {
    "big_gin": (N_("big gin"), N_("no big gin")),
    "undercut_on_tie": (N_("undercut on tie"), N_("no undercut on tie")),
    "oklahoma": (N_("oklahoma"), N_("no oklahoma")),
    "oklahoma_spades_double": (N_("oklahoma spades double"), N_("no oklahoma spades double")),
    "straight_gin": (N_("straight gin"), N_("no straight gin")),
    "hollywood": (N_("hollywood"), N_("no hollywood")),
}
"""How :meth:`Rules.describe` says a yes-or-no option that differs from its preset: (on, off)."""

_NUMBER_WORDS = {
    "knock_limit": N_("knock limit {value}"),
    "gin_bonus": N_("gin bonus {value}"),
    "big_gin_bonus": N_("big gin bonus {value}"),
    "undercut_bonus": N_("undercut bonus {value}"),
    "dead_stock_cards": N_("dead stock cards {value}"),
    "target": N_("target {value}"),
    "game_bonus": N_("game bonus {value}"),
    "box_bonus": N_("box bonus {value}"),
    "shutout_multiplier": N_("shutout multiplier {value}"),
}
"""How :meth:`Rules.describe` says an option with a value that differs from its preset."""

_NEXT_DEALER_WORDS = {"winner": N_("next dealer winner"), "loser": N_("next dealer loser")}
"""How :meth:`Rules.describe` says who deals next when that differs from its preset."""
