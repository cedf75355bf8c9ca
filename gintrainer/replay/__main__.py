"""``python -m gintrainer.replay``: rebuild the example hands, check or annotate histories.

    python -m gintrainer.replay build-examples [FOLDER]
    python -m gintrainer.replay build-example-reviews
    python -m gintrainer.replay check FILE...
    python -m gintrainer.replay annotate FILE [--featured SEAT] [--write]

A history that does not load prints one line naming the step and the reason
and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..words.errors import GinError
from .annotate import with_solver_annotations
from .examples import build_examples
from .history import load


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gintrainer.replay", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build-examples", help="rebuild the shipped example hands from their scripts")
    build.add_argument("folder", nargs="?", help="where to write (default: the package's data/hands)")
    commands.add_parser("build-example-reviews",
                        help="judge the example hands' featured players again and ship their reviews")
    check = commands.add_parser("check", help="load histories and print each one's result")
    check.add_argument("files", nargs="+")
    note = commands.add_parser("annotate", help="add the solver's annotations to a history")
    note.add_argument("file")
    note.add_argument("--featured", type=int, choices=(0, 1), help="only this seat's decisions")
    note.add_argument("--write", action="store_true", help="save the annotated history over the file")
    args = parser.parse_args(argv)
    try:
        if args.command == "build-examples":
            for name, path in build_examples(args.folder).items():
                print(f"{name}: {path}")
        elif args.command == "build-example-reviews":
            from .example_reviews import build_example_reviews  # the evaluator, only for this command
            print(build_example_reviews())
        elif args.command == "check":
            for path in args.files:
                replay = load(path)
                result = replay.result
                outcome = "unfinished" if result is None else f"{result.kind}, {result.points} points"
                print(f"{path}: {replay.step_count} steps, {len(replay.annotations)} annotations, {outcome}")
        else:
            replay = load(args.file)
            replay = with_solver_annotations(replay, featured=args.featured)
            if args.write:
                replay.save(args.file)
            else:
                sys.stdout.write(replay.dump())
    except GinError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
