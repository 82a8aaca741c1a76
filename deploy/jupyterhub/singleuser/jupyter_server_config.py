"""Each student's single-user server under JupyterHub: Voila and nothing else.

Loaded before the repository's own jupyter_server_config.json (JUPYTER_CONFIG_PATH set by
../jupyterhub_config.py), which keeps the Voila settings `make run` uses. This file only takes away
what a student does not need: JupyterLab, terminals, and writing files through the REST API, so
one student cannot change the lessons every other student opens. It is not a security boundary:
all servers run as the hub's Unix user and a kernel runs whatever code it is sent.
"""

from jupyter_server.auth import Authorizer

c = get_config()  # noqa: F821 - injected by jupyter_server when it loads this file

c.ServerApp.jpserver_extensions = {
    "jupyterlab": False,
    "jupyter_lsp": False,
    "jupyter_server_terminals": False,
    "notebook_shim": False,
    "voila.server_extension": True,
}
c.ServerApp.terminals_enabled = False

READ_ONLY = {"contents", "files", "config"}


class LessonsReadOnly(Authorizer):
    """Voila renders and runs kernels; nobody saves, renames or deletes files over HTTP."""

    def is_authorized(self, handler, user, action: str, resource: str) -> bool:
        return not (action == "write" and resource in READ_ONLY)


c.ServerApp.authorizer_class = LessonsReadOnly
