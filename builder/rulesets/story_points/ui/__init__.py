"""The story-points window parts: the editor and the creation form (editor.py)."""
