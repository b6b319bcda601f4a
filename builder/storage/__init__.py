"""Storage: paths, atomic JSON files, format versions.  Pure Python, no Qt."""
