"""What lessons, puzzles and trainers are made of: the sentences a learner reads, the pictures of cards
and tables, prepared deals, hands stepped through, and the quick reference."""
