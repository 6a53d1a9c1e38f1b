"""A finished match replayed on the table, move by move, and its review drawn over it.

The replay scene (:mod:`.scene`) is the table scene in replay mode; its parts live beside it:
the match's positions (:mod:`.track`), the keys and the slider that move through them
(:mod:`.keys`, :mod:`.slider`), what a review says at a position (:mod:`.review`) and the
drawing of it all over the table (:mod:`.draw`).
"""
