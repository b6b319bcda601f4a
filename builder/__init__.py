"""Character Builder: an offline character builder for tabletop role-playing games."""

__version__ = "0.1.0"
APP_NAME = "character-builder"
APP_TITLE = "Character Builder"
