"""Stacked decks for scenario tests."""

from gintrainer.deals import stack_deck as stacked_deck  # noqa: F401
