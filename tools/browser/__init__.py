"""Real browser pages for the tests and benchmarks: the node driver and the pages it opens (docs/testing.md)."""
