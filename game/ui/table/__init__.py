"""The card table's parts, each handed the table's model (:mod:`.model`), none the scene.

:mod:`.model` holds the match and what the table shows of it; :mod:`.show` turns the engine's
events into animation beats; :mod:`.seats` are the AI seats; :mod:`.draw` paints a frame,
:mod:`.damage` says what a frame changes; :mod:`.input` takes the mouse and the keys;
:mod:`.hint` is the coach and the solitaire's verdict; :mod:`.tools` the solitaire's undo and
new deals.  The scene (:mod:`game.ui.scenes.table`) only wires them together.
"""
