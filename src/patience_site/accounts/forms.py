from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm[User]):
    """Username and password; an e-mail address (optional) makes a forgotten
    password resettable."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"email": _("Optional: needed to reset a forgotten password.")}
