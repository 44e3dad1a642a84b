"""A small plugin game, Duel, that ``tests/test_plugin_registry.py`` installs as a
distribution of its own (package ``cw_duel``, entry point ``duel``), written only
against :mod:`cardwars.authoring`."""
