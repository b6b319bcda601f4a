"""The advancement chain, drawn: graph, rank tokens, plan (any rule system with a chain)."""
