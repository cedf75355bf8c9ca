"""``python -m gintrainer``: the same as the ``gintrainer`` command."""

import sys

from .cli import main

sys.exit(main())
