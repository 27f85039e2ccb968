"""The browser's side in Python: the board's JSON (steps, links, look-ups) and play mode."""
