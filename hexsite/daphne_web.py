"""The web process: daphne (`python -m hexsite.daphne_web`, daphne's own arguments), started
without two libraries its site never uses, which its dependencies import at start anyway.

- TLS: the reverse proxy terminates it (README, "Deploying on several machines"), daphne listens
  in plain HTTP. Twisted imports pyOpenSSL, service_identity and its TLS layer whenever they are
  installed (daphne requires them, `twisted[tls]`); without them it serves as it does, only
  unable to start TLS itself.
- WAMP: daphne's websockets use autobahn's websocket protocol, but `autobahn.twisted`'s package
  module also imports its WAMP sessions and their authentication, and with them cryptography.

Measured in process (RSS after importing daphne's server, the ASGI application and the URLconf):
105 -> 92 MB. cryptography is still loaded where it is needed: by the first Web Push sent or its
key read (games/notifications/push.py), so a site whose players take Web Push gets back its
~9 MB then; pyOpenSSL's and Twisted's TLS part (~4 MB) stay out. `tests/hexsite/
test_daphne_web.py` holds what is left out, and `manage.py bench live` (its smoke
test too) serves pages and websockets through this module.
"""

from __future__ import annotations

import importlib.util
import sys

# What the web process may not import: `import OpenSSL` raises ImportError (a None in
# sys.modules), which Twisted and autobahn catch as "no TLS here".
LEFT_OUT = ("OpenSSL",)


def leave_out_unused() -> None:
    """Before daphne or Twisted is imported: no TLS libraries, and autobahn's Twisted package
    without its package module (its submodules, daphne's `autobahn.twisted.websocket` among
    them, import as they do: that one calls `txaio.use_twisted()` itself)."""
    for name in LEFT_OUT:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]
    if "autobahn.twisted" not in sys.modules:
        import autobahn

        spec = importlib.util.find_spec("autobahn.twisted")
        if spec is None:  # pragma: no cover (autobahn is daphne's requirement)
            return
        package = importlib.util.module_from_spec(spec)  # a package with its path, not run
        sys.modules["autobahn.twisted"] = package
        autobahn.twisted = package  # type: ignore[attr-defined]


def main() -> None:
    leave_out_unused()
    from daphne.cli import CommandLineInterface

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
