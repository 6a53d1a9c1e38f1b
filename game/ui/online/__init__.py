"""Online play in the app: the Host, Join and lobby scenes, and the table's link to a server.

The one part of the UI that reaches :mod:`game.net`: the table itself knows only that its
match is played elsewhere (:class:`~game.ui.table.model.Online`).
"""
