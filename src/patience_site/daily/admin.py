from django.contrib import admin

from patience_site.daily.models import DailyDeal, DailyGame, DailyResult


@admin.register(DailyDeal)
class DailyDealAdmin(admin.ModelAdmin[DailyDeal]):
    list_display = ("date", "game", "deal", "created")
    list_filter = ("game",)
    date_hierarchy = "date"


@admin.register(DailyGame)
class DailyGameAdmin(admin.ModelAdmin[DailyGame]):
    list_display = ("daily", "user", "game")
    raw_id_fields = ("game",)


@admin.register(DailyResult)
class DailyResultAdmin(admin.ModelAdmin[DailyResult]):
    list_display = ("daily", "user", "moves", "seconds", "undos", "recorded")
    list_filter = ("daily__game",)
    search_fields = ("user__username",)
