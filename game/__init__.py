"""Pipopipette: Dots and Boxes on square, triangular and hexagonal boards."""

__version__ = "0.1.0"
