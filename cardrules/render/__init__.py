"""Renderers of the account of a deal: deal diagrams and the rulebook's drawn examples (HTML,
one set of CSS classes), card pictures (SVG)."""
