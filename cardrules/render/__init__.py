"""Renderers: deal diagrams (HTML) and card pictures (SVG)."""
