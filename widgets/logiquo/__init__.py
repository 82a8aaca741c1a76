"""Logiquo CyberGame widgets."""
