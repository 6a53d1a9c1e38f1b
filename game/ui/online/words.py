"""The online words: the table's quick phrases and the server's error codes, in the player's
language (the server sends codes; each client words them)."""

from __future__ import annotations

from game.i18n import N_, _

#: The phrases a player may say to the table, by the protocol's id.
PHRASES: dict[str, str] = {
    "hello": N_("Hello!"),
    "well_played": N_("Well played!"),
    "thanks": N_("Thanks!"),
    "oops": N_("Oops!"),
    "good_game": N_("Good game!"),
    "bye": N_("Bye!"),
}

#: What each error code of the server means to a player.
ERRORS: dict[str, str] = {
    "bad_message": N_("The server did not understand the app's message."),
    "too_big": N_("The server did not understand the app's message."),
    "too_deep": N_("The server did not understand the app's message."),
    "wrong_version": N_(
        "This server speaks another version of the online protocol: update the app or the server."
    ),
    "hello_first": N_("The server did not understand the app's message."),
    "unknown_table": N_("No table has this code."),
    "table_full": N_("This table has no free seat."),
    "already_started": N_("The match at this table has already started."),
    "bad_token": N_("Your seat at this table was taken back from another window."),
    "bad_table": N_("The server cannot open a table with these choices."),
    "rate_limited": N_("Too many wrong codes: wait a minute, then try again."),
    "not_seated": N_("You are not seated at a table."),
    "not_host": N_("Only the host starts the match."),
    "not_ready": N_("Every seat must be taken and every player ready."),
    "not_started": N_("The match has not started yet."),
    "not_your_turn": N_("It is not your turn."),
    "stale_move": N_("The table moved on before your move arrived: play again."),
    "internal": N_("The server failed on that message; the table goes on."),
}


def phrase_text(phrase: str) -> str:
    """A quick phrase in the player's language."""
    return _(PHRASES[phrase]) if phrase in PHRASES else phrase


def error_text(code: str) -> str:
    """An error code of the server in the player's language."""
    return _(ERRORS.get(code, N_("The server refused that ({code}).")).format(code=code))
