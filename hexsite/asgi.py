"""ASGI entry point: HTTP through Django (in one thread hop per request: hexsite/http.py),
websockets through Channels (notifications only)."""

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hexsite.settings")
django.setup(set_prefix=False)

from hexsite.http import OneHopASGIHandler  # noqa: E402

django_asgi_app = OneHopASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.notifications.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
from hexsite import web_worker  # noqa: E402

if web_worker.asked():  # bin/serve's one web process runs the task worker too
    web_worker.start()

# What is loaded by now lives as long as the process: keep it out of the collector's full passes,
# which otherwise rescan all of Django at each one and pause every request and socket (~70 ms).
gc.freeze()
