"""The rules core: pure Python, no Qt.

Every rule system implements :class:`builder.rules.base.Ruleset`; the registry
in :mod:`builder.rules.registry` finds them by id.
"""
