"""Qt item models adapting the pure core."""
