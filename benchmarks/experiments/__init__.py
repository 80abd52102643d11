"""One-off studies of the AI (README.md): ``python -m benchmarks.experiments.<name>`` from the repository's root."""
