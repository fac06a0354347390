"""Build the optional compiled search (everything else is in pyproject.toml)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "patience.solver._bisley",
            ["src/patience/solver/_bisley.c"],
            depends=["src/patience/solver/_search.h"],
            extra_compile_args=["-O2"],
            optional=True,  # without a C compiler the pure-Python engine is used
        ),
        Extension(
            "patience.solver._gilbert",
            ["src/patience/solver/_gilbert.c"],
            depends=[
                "src/patience/solver/_heap.h",
                "src/patience/solver/_nrpa.h",
                "src/patience/solver/_rng.h",
                "src/patience/solver/_search.h",
                "src/patience/solver/_twins.h",
            ],
            extra_compile_args=["-O2"],
            libraries=["m"],  # exp() of the NRPA phase (_nrpa.h)
            optional=True,
        ),
        Extension(
            "patience.solver._bigapple",
            ["src/patience/solver/_bigapple.c"],
            depends=[
                "src/patience/solver/_heap.h",
                "src/patience/solver/_rng.h",
                "src/patience/solver/_search.h",
            ],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ]
)
