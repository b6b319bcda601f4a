"""The frozen bundle's entry point: the same as ``character-builder``."""
import sys

from builder.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
