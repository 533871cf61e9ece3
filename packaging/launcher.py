"""Entry point of the one-file build: the same as the ``bsg-express`` command."""

import multiprocessing
import sys

from bsg_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # `simulate --jobs N` starts copies of this executable
    sys.exit(main())
