"""The data the shared tests need of each shipped rule system written as data (an example
file, ``install-example``, with no tests folder of its own): one module per system,
``<id with - as _>.py``, with the names a built-in system's ``samples.py`` has where the
shared test goes over every shipped system (tests/rule_systems.py)."""
