from django.urls import path

from patience_site.daily import views

app_name = "daily"
urlpatterns = [
    path("daily/", views.overview, name="overview"),
    path("<gameid:game_id>/daily", views.play_today, name="play"),
    path("<gameid:game_id>/daily/leaderboard", views.board, name="today"),
    path("<gameid:game_id>/daily/<str:date>", views.board, name="board"),
]
