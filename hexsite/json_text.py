"""JSON kept in a PostgreSQL `text` column and decoded in Python only when it is read.

For a match's engine snapshot (`Match.snapshot`): every move writes it and every page, pick,
push and move reads it with the seats (one copy per seat row). As `jsonb`, PostgreSQL parsed it
on each write and printed it back to text on each read, and Python decoded each copy although
the page draws from the state it decoded once per version (`match_view._state_of_version`).
Measured on a 9.6 KB snapshot of a game in progress: PostgreSQL's text -> jsonb 0.23 ms and jsonb -> text
0.08 ms a copy. As `text`, PostgreSQL copies bytes; Python decodes only what is read.

Querying inside it from SQL needs a cast (`snapshot::jsonb -> 'key'`); the ORM's key lookups
are not offered (the column is text to PostgreSQL and Django alike).
"""

from __future__ import annotations

import json

from django.db import models
from django.db.models.query_utils import DeferredAttribute


class _Undecoded(str):
    """The column's text as PostgreSQL sent it, not decoded yet."""

    __slots__ = ()


class _DecodedOnRead(DeferredAttribute):
    """Decodes the stored text the first time the attribute is read, then keeps the value.
    A data descriptor (it has `__set__`): Python then asks it even when the instance's
    `__dict__` holds the value, which it would otherwise return as it is."""

    def __set__(self, instance, value):
        instance.__dict__[self.field.attname] = value

    def __get__(self, instance, cls=None):
        if instance is None:
            return self
        value = super().__get__(instance, cls)
        if type(value) is _Undecoded:
            value = json.loads(value, cls=self.field.decoder)
            instance.__dict__[self.field.attname] = value
        return value


class JSONTextField(models.JSONField):
    """A JSONField stored as `text`, decoded lazily; a value never read is saved back as the
    very text it was read as (no decoding, no encoding)."""

    descriptor_class = _DecodedOnRead

    def db_type(self, connection) -> str:
        return "text"

    def get_internal_type(self) -> str:
        return "TextField"

    def from_db_value(self, value, expression, connection):
        return None if value is None else _Undecoded(value)

    def pre_save(self, model_instance, add):
        # Model.save reads each field through getattr: read the undecoded text as it is.
        if self.attname in model_instance.__dict__:
            return model_instance.__dict__[self.attname]
        return super().pre_save(model_instance, add)

    def get_db_prep_value(self, value, connection, prepared=False):
        if value is None:
            return None
        if type(value) is _Undecoded:
            return str(value)
        if not prepared:
            value = self.get_prep_value(value)
        return json.dumps(value, cls=self.encoder)


def stored_json(instance, attname: str):
    """The field's value as the instance holds it, without decoding it: None for SQL NULL, else
    the undecoded text or the value already decoded (for "is there one?" on a hot path)."""
    if attname in instance.__dict__:
        return instance.__dict__[attname]
    return getattr(instance, attname)
