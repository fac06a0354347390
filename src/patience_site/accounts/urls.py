from django.urls import include, path

from patience_site.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("", include("django.contrib.auth.urls")),
]
