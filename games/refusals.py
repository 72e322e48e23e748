"""One refusal type for every app: a service that says no raises `Refused` (or a subclass) with a
translated sentence for the person, and changes nothing. Views turn it into a 4xx answer showing
that sentence; nothing else about the refusal leaves the server."""

from __future__ import annotations


class Refused(Exception):
    """A refused action; `message` is a translated sentence for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
