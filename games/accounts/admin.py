"""Player reports are read by the site's team here, and nowhere else."""

from django.contrib import admin

from games.accounts.models import PlayerReport


@admin.register(PlayerReport)
class PlayerReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "reporter", "reported", "handled"]
    list_filter = ["handled"]
    list_editable = ["handled"]
    search_fields = ["reporter__username", "reported__username", "reason"]
    readonly_fields = ["reporter", "reported", "reason", "created_at"]
    ordering = ["handled", "-created_at"]
