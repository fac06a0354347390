from django.urls import path

from patience_site.play import views

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
    path("<gameid:game_id>/", views.play, name="play"),
    path("<gameid:game_id>/deal/<int:number>", views.deal, name="deal"),
    path("<gameid:game_id>/rules", views.rules, name="rules"),
]
