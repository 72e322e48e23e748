from django.urls import path

from games.armies import views

app_name = "armies"
urlpatterns = [
    path("", views.index, name="index"),
    path("import/", views.import_list, name="import"),
    path("new/<slug:system>/", views.new, name="new"),
    path("<slug:system>/price/", views.price, name="price"),
    path("<slug:system>/save/", views.save, name="save"),
    path("<int:list_id>/", views.edit, name="edit"),
    path("<int:list_id>/copy/", views.duplicate, name="duplicate"),
    path("<int:list_id>/delete/", views.delete, name="delete"),
    path("<int:list_id>/export.json", views.export, name="export"),
    path("join/<int:match_id>/", views.join, name="join"),
]
