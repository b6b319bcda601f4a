"""Extra CLI commands.  Each module here defines ``register(subparsers)``;
builder.cli finds them all, so adding a command never edits cli.py."""
