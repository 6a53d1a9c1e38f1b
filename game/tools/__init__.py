"""The developers' tools: nothing here ships in the executable or is imported by the game.

Speed figures (:mod:`.bench`, :mod:`.search_bench`, :mod:`.solver_bench`, :mod:`.ui_bench`),
seats against seats (:mod:`.arena`, :mod:`.arena_record`), long runs that look for crashes and
leaks (:mod:`.soak`, :mod:`.monkey`), and the generators of the card art (:mod:`.art`) and the
sounds (:mod:`.sounds`) that ship, already made, in assets/.
"""
