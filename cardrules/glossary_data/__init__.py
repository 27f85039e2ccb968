"""Glossary data, shipped as the package ``cardrules.glossary_data`` (see
cardrules/learn/glossary.py)."""
