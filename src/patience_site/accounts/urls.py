from django.contrib.auth import views as auth_views
from django.urls import include, path

from patience_site.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("", include("django.contrib.auth.urls")),
]
