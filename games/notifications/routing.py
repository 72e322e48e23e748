from django.urls import path

from games.notifications.consumers import NotifyConsumer

websocket_urlpatterns = [path("ws/notify/", NotifyConsumer.as_asgi())]
