from django.contrib import admin

from patience_site.play.models import Game, PlayerSettings, ProvedDeal


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("id", "game", "deal", "cursor", "verdict", "won_at", "user", "updated")
    list_filter = ("game", "verdict", "solvable")
    search_fields = ("id", "deal", "user__username")
    readonly_fields = ("id", "created", "updated")


@admin.register(ProvedDeal)
class ProvedDealAdmin(admin.ModelAdmin[ProvedDeal]):
    list_display = ("game", "deal", "winnable", "nodes", "created")
    list_filter = ("game", "winnable")
    search_fields = ("deal",)


@admin.register(PlayerSettings)
class PlayerSettingsAdmin(admin.ModelAdmin[PlayerSettings]):
    list_display = ("user", "auto_play", "auto_complete", "updated")
