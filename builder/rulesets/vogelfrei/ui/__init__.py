"""The Vogelfrei window parts: the editor, the creation form and the party XP dialog."""
