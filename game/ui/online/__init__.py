"""Online play in the app: the Host, Join and lobby scenes, and the table's link to a server.

Nothing here imports :mod:`game.net`: :mod:`.service` declares what these scenes ask of online
play, and the app hands the App an implementation (game/net's) when it builds it.  The table
itself knows only that its match is played elsewhere (:class:`~game.ui.table.model.Online`).
"""
