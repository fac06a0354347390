from django.urls import path, register_converter

from patience_site.play import views


class GameIdConverter:
    regex = "[a-z][a-z-]*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(GameIdConverter, "gameid")

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
    path("<gameid:game_id>/", views.play, name="play"),
    path("<gameid:game_id>/deal/<int:number>", views.deal, name="deal"),
    path("<gameid:game_id>/rules", views.rules, name="rules"),
]
