"""The window tests' fixtures (tests/ui/conftest.py) for this rule system's window tests."""
from tests.ui.conftest import _input_policy, isolated_settings, senna_path, window  # noqa: F401
