"""The guides: pages on the rules whose every table and number is computed by the engine."""
