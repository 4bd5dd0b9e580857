"""Helpers shared by the tests (oracles, builders); not tests themselves."""
