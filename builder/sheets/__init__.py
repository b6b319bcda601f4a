"""Sheet descriptions: pure Python (no Qt), built from a character's derived state."""
