"""Online play: the wire protocol, the table authority, storage, the server, a bot client, and
the finding of tables nearby (:mod:`.discovery`).

A layer beside :mod:`game.ui`: it imports the engine, the AI and the catalogue, never the UI
nor pygame (tests/app/test_layers.py checks it).
"""
