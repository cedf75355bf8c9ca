"""The words every layer may use: the package's error, the languages and their catalogs, and its fixed
vocabularies (phases, actions, puzzle kinds, objectives)."""
