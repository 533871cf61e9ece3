"""BSG: Express Desktop: rules engine, window, bots and print-and-play pack."""

__version__ = "0.1.0"
