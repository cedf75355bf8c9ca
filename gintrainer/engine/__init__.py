"""The game: cards, rules, melds and deadwood, one hand as a state machine, scoring, a match, what a
player sees, the solver, the computer players and their duels. It imports only :mod:`gintrainer.words`."""
