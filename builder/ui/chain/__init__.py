"""The advancement chain, drawn (story-points): graph, rank tokens, plan."""
