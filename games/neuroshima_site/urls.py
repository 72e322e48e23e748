from django.urls import path  # noqa: F401

app_name = "neuroshima_site"
urlpatterns: list = []
