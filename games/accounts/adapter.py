"""django-allauth, adjusted so login limits lock out attackers, never the player they target.

allauth counts failed logins per client address and per account (`ACCOUNT_RATE_LIMITS`,
"login_failed"). Its per-account count is shared by everyone, so five wrong passwords typed by a
stranger would lock the real player out for five minutes. Here the per-account count is kept
per account *and* client address: a stranger guessing a password blocks only their own address
for that account; the player, from anywhere else, signs in as usual. A password reset clears the
count for the address that reset (allauth does it on a successful reset).

The client address is the one a trusted reverse proxy reports (settings.TRUSTED_PROXIES,
hexsite/security.py): behind the README's proxy every visitor would otherwise share the proxy's
address and one visitor's failures would block everybody.

A deleted account's former name is refused at sign-up, in words: allauth's clean_username runs
the username field's validators, retired_names.refuse_retired_name among them.
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from hexsite.security import address_block, client_address


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "too_many_login_attempts": _(
            "Too many failed sign-in attempts for this account from your address. Wait a few "
            "minutes, or reset your password by email."
        ),
    }

    def get_client_ip(self, request) -> str:
        return client_address(
            request.META.get("REMOTE_ADDR", ""),
            request.headers.get("X-Forwarded-For", ""),
            settings.TRUSTED_PROXIES,
        )

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        # allauth's key is "<site>:<login>"; the client address makes it per account and address.
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}@{address_block(self.get_client_ip(request))}"
