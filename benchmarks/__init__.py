"""What measures the product, one command and one figure each: ``python -m benchmarks.<name>`` from the
repository's root (docs/testing.md, "Benchmarks")."""
