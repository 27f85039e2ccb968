"""Glossary data, shipped as the package ``cardrules.glossary_data`` (see cardrules/glossary.py)."""
