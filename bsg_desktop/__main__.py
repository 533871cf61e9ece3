"""``python -m bsg_desktop`` is the same as the ``bsg-express`` command."""

import sys

from bsg_desktop.cli import main

sys.exit(main())
