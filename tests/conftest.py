"""Its presence puts tests/ on sys.path, so tests import the shared poskit module."""
