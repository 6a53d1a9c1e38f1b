"""Tavolo's pygame front end: scenes, layout, animation, input and card rendering.

Nothing here decides a rule: legality, scores and teams come from ``game.engine``; the UI only
shows the engine's state and events, and turns clicks into the engine's moves.
"""
