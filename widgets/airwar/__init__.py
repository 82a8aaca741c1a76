"""Widgets for the AirWar: Pacific! lessons (cards, a raid, odds, the table, strategy)."""
