"""The match review: every decision of a seat judged from that seat's view, by the strongest
evaluation Tavolo has (:mod:`.model` holds what a review is; the judge computes it).

This package sits beside the AI: it reads the engine and the AI, and nothing of the UI or the
network; the History and replay scenes show what it computes.
"""
