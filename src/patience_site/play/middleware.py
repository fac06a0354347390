"""Every error under ``/api/`` is JSON with a message, also the ones Django or
django-ninja answer before a view runs (unknown path, method not allowed, ...)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse


class ApiJsonErrors:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.path.startswith("/api/")
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            json = JsonResponse({"detail": response.reason_phrase}, status=response.status_code)
            if response.has_header("Allow"):
                json["Allow"] = response["Allow"]
            return json
        return response
