"""One refusal type for every app: a service that says no raises `Refused` (or a subclass) with a
translated sentence for the person, and changes nothing. Views run services through `attempt`,
which turns a refusal into that sentence (a message on the next page, or the caller shows it in
place); nothing else about the refusal leaves the server.

`Forbidden` is the refusal of somebody who may not act at all (not the organiser, not your
registration): it is also Django's `PermissionDenied`, so it becomes a 403 page wherever it is
not caught, and `attempt` lets it through to become one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse

T = TypeVar("T")


class Refused(Exception):
    """A refused action; `message` is a translated sentence for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Forbidden(Refused, PermissionDenied):
    """The person may not do this at all: a 403 page with the sentence."""


@dataclass(frozen=True)
class Attempt(Generic[T]):
    """What one service call gave a view: its result, or the refusal."""

    result: T | None = None
    refusal: Refused | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @property
    def error(self) -> str:
        return self.refusal.message if self.refusal is not None else ""


def attempt(
    request, action: Callable[[], T], *, success: str = "", message: bool = True
) -> Attempt[T]:
    """Runs one service call for a view. With `message` (a plain POST that redirects), the
    refusal's sentence, or `success` when given, is shown on the next page; without it the
    caller shows `Attempt.error` in place (an htmx partial)."""
    try:
        result = action()
    except Forbidden:
        raise
    except Refused as refusal:
        if message:
            messages.error(request, refusal.message)
        return Attempt(refusal=refusal)
    if message and success:
        messages.success(request, success)
    return Attempt(result=result)


def refused_again(response: HttpResponse) -> HttpResponse:
    """The answer to a POST that `attempt` refused: the page it came from, drawn again with the
    reason on top, and status 400 (nothing was changed). A Forbidden refusal never gets here:
    `attempt` lets it through to become the 403 page."""
    response.status_code = 400
    return response
