"""Read finished evaluation jobs, only through the public results reader (``gralgo.results``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from gralgo.analysis._responses import AnalysisInputError


def read_inputs(paths: Sequence[Path], *, prompts: bool = True) -> pd.DataFrame:
    """All samples of the given job folders (or ledger files), one frame, in input order."""
    if not paths:
        raise AnalysisInputError(
            "no inputs: pass finished evaluation job folders, analyze.inputs=[outputs/runs/...]"
        )
    try:
        from gralgo.results import read_samples
    except ImportError as err:  # the reader is its own stage; say what is missing
        raise AnalysisInputError(
            f"the results reader gralgo.results is not available ({err}); analyses read "
            "evaluation jobs only through it"
        ) from err
    frames = []
    for path in paths:
        if not Path(path).exists():
            raise AnalysisInputError(f"analysis input {path} does not exist")
        frames.append(read_samples(Path(path), reasoning=True, prompts=prompts))
    return pd.concat(frames, ignore_index=True)
