"""The lab: card counting, computer-perfect play and betting systems, measured on many shoes."""
