"""The project's exceptions: one root, a few specific kinds."""


class GinError(ValueError):
    """Root of every error gintrainer raises on bad input or an illegal move."""


class InvalidNotationError(GinError):
    """Text that does not name cards, actions or records correctly."""


class IllegalActionError(GinError):
    """A move the rules do not allow in the current state (the state is unchanged)."""


class RulesError(GinError):
    """A rules option with a value outside its range."""
