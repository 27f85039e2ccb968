"""Core types: cards, packs, rank orders, actions and their notation, options, the seeded shuffle,
play labels and the package's exceptions."""
