"""Tile Table: start the program (see `python main.py --help`)."""
import os
import sys

# Before pygame is imported anywhere: no greeting on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from engine.ui.cli import run  # noqa: E402

if __name__ == "__main__":
    sys.exit(run())
