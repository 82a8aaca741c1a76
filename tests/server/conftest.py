"""The server tests start their servers per test module, with the settings that module checks
(see serverkit.running_server); the headless Chromium is the session's (tests/conftest.py)."""
