"""Routers by feature: the 18+ gate, the table pages, the JSON API."""
