"""Dialogs (non-blocking: open() + finished)."""
