"""gralgo: the GrAlgoBench benchmark of (reasoning) language models on graph algorithm problems."""

__version__ = "0.1.0"
