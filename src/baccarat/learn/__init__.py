"""Learning: the draw-or-stand quiz, per-cell progress with spaced repetition, and its heatmap."""
