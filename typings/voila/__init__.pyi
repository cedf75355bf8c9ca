# Voila ships no type information. This partial stub declares the classes and functions the
# package builds on (gintrainer.app), on their real bases (Tornado, Jupyter Server and traitlets
# are typed); any other module of Voila is untyped (pyproject.toml: ignore_missing_imports).
