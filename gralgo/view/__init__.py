"""The run viewer (``gralgo view``): one page listing every job and sweep under an outputs
folder, with each job's score and interval as the job computed them, its samples, tokens, cost,
duration and links to its transcripts, its sweep's study page and its MLflow run."""

from gralgo.view._catalog import read_catalog
from gralgo.view._command import view_main
from gralgo.view._serve import start_server

__all__ = ["read_catalog", "start_server", "view_main"]
