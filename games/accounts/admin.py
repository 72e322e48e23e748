"""Player reports are read by the site's team here, and nowhere else; players' pictures may be
looked at and removed here."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.accounts.models import Avatar, PlayerReport
from games.accounts.services import avatar_remove
from games.accounts.templatetags.avatars import avatar


@admin.register(PlayerReport)
class PlayerReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "reporter", "reported", "handled"]
    list_filter = ["handled"]
    list_editable = ["handled"]
    search_fields = ["reporter__username", "reported__username", "reason"]
    readonly_fields = ["reporter", "reported", "reason", "created_at"]
    ordering = ["handled", "-created_at"]


@admin.register(Avatar)
class AvatarAdmin(admin.ModelAdmin):
    """Seen and deleted, never edited: a deletion goes through `avatar_remove`, which also
    clears the profile's digest (the player's initials show again, no page points at a picture
    that is gone)."""

    list_display = ["user", "picture", "updated_at"]
    list_select_related = ["user__profile"]
    search_fields = ["user__username"]
    fields = ["user", "picture", "updated_at"]
    readonly_fields = ["user", "picture", "updated_at"]
    ordering = ["-updated_at"]

    @admin.display(description=_("picture"))
    def picture(self, obj: Avatar):
        return avatar(obj.user, "medium", decorative=False)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj: Avatar) -> None:
        avatar_remove(user=obj.user)

    def delete_queryset(self, request, queryset) -> None:
        for picture in queryset.select_related("user"):
            avatar_remove(user=picture.user)
