from django.urls import path  # noqa: F401

app_name = "campaigns"
urlpatterns: list = []
