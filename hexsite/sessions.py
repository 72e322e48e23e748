"""Django's database sessions, whose read (every request's first query, and every websocket's)
is compiled once per connection (hexsite.compiled_select) instead of at each request: the same
row, the same expiry check, the same answer to a missing or expired session."""

from __future__ import annotations

from datetime import datetime

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from hexsite.compiled_select import CompiledSelect

_live_session = CompiledSelect(
    lambda session_key, now: Session.objects.filter(session_key=session_key, expire_date__gt=now),
    session_key=str,
    now=datetime,
)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        key = self.session_key
        if self.get_model_class() is not Session or type(key) is not str:
            return super()._get_session_from_db()
        found = _live_session(session_key=key, now=timezone.now())
        if found:
            return found[0]
        self._session_key = None  # as Django's: a missing or expired session starts anew
        return None
