"""The trainers: puzzles served one after another, whole practice hands against the computer, and the
coach that comments on them."""
