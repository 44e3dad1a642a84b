"""``python -m cardwars``: the same as the ``cardwars`` command."""

import sys

from cardwars.cli import main

sys.exit(main())
