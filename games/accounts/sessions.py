"""The site's sessions: Django's database sessions with the signed-in player's id in a column of
its own (`PlayerSession.user`), so that every request reads its session, its player and the
player's profile in one query instead of two, compiled once per connection
(hexsite.compiled_select). Django keeps the player's id only inside the signed session data.

The read hands the player it brought to the authentication backends (games/accounts/backends.py)
through a context variable, which lives as long as the request (or the websocket's handshake)
that read it: the backend takes it only for the very id Django read from the session's signed
data, and Django then checks the session's password hash against that player as always. A
session written before the column existed (or by a login through another engine) has no id in
it: its player is read by the backends' own query, as before.

An expired or missing session answers as Django's does: none, and a new key."""

from __future__ import annotations

from contextvars import ContextVar
from datetime import datetime

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.utils import timezone

from hexsite.compiled_select import CompiledSelect

# (user id, the user with their profile) as the session's read brought them, for this request.
_signed_in: ContextVar[tuple[int, object] | None] = ContextVar("signed_in", default=None)


def _session_model():
    from games.accounts.models import PlayerSession

    return PlayerSession


_live_session = CompiledSelect(
    lambda session_key, now: (
        _session_model()
        .objects.select_related("user__profile")
        .filter(session_key=session_key, expire_date__gt=now)
    ),
    session_key=str,
    now=datetime,
)


def user_read_with_session(user_id) -> object | None:
    """The user (with their profile) that this request's session read brought along, if it is
    the one with `user_id`; else None (the caller reads them)."""
    found = _signed_in.get()
    if found is None or found[0] != user_id:
        return None
    return found[1]


def _user_id(value) -> int | None:
    """The player's id of a session's data (Django stores it as a string), if it is one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


class SessionStore(db.SessionStore):
    @classmethod
    def get_model_class(cls):
        return _session_model()

    def create_model_instance(self, data):
        instance = super().create_model_instance(data)
        instance.user_id = _user_id(data.get(SESSION_KEY))
        return instance

    def _get_session_from_db(self):
        key = self.session_key
        if type(key) is not str:
            return super()._get_session_from_db()
        found = _live_session(session_key=key, now=timezone.now())
        if not found:
            self._session_key = None  # as Django's: a missing or expired session starts anew
            return None
        session = found[0]
        if session.user_id is not None:
            _signed_in.set((session.user_id, session.user))
        return session
