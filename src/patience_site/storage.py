"""Static files with hashed names, also in the ES modules' own ``import`` lines, so
that a changed module is never served from a stale cache."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    support_js_module_import_aggregation = True
