"""Widgets of the Rails across the USA lessons (map, odds, tickets, the game table)."""
