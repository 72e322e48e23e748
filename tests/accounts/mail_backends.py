"""Email backends that refuse to send, as an SMTP server that is down would (Django's locmem
backend otherwise): for the jobs that must keep, or forget, an address they failed to send to."""

from __future__ import annotations

import smtplib

from django.core.mail.backends import locmem


class Unreachable(locmem.EmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server is down")


class UnreachableOnce(locmem.EmailBackend):
    """Down for the first message it is given, up afterwards."""

    failed = False

    def send_messages(self, messages):
        if not UnreachableOnce.failed:
            UnreachableOnce.failed = True
            raise ConnectionRefusedError("the mail server is down")
        return super().send_messages(messages)


class Refusing(locmem.EmailBackend):
    """An SMTP server that refuses every recipient, naming them in its answer (as real ones do)."""

    def send_messages(self, messages):
        raise smtplib.SMTPRecipientsRefused(
            {to: (550, b"5.1.1 mailbox unavailable") for m in messages for to in m.to}
        )
