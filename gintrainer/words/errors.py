"""The project's exceptions: one root, a few specific kinds."""


class GinError(ValueError):
    """Root of every error gintrainer raises on bad input or an illegal move."""


class InvalidNotationError(GinError):
    """Text that does not name cards, actions or records correctly."""


class IllegalActionError(GinError):
    """A move the rules do not allow in the current state (the state is unchanged)."""


class RulesError(GinError):
    """A rules option with a value outside its range."""


QUOTE_LIMIT = 40
"""The most characters of a user's value an error message quotes."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value as an error message quotes it (its ``repr``), cut to ``limit``
    characters so that a huge bad value never floods the one line of an error.

    >>> quoted("7X"), quoted("Z" * 100)
    ("'7X'", "'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ...'")
    """
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real fault
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return text[:limit - 4] + "..." + text[-1] if text[-1] in "'\"" else text[:limit - 3] + "..."
