"""The account of a deal: what a viewer is told of each step, in words, and its score table."""
