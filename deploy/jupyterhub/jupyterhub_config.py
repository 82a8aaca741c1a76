"""JupyterHub recipe: every student gets their own Voila server with the lessons.

Start it with ``make hub``, or from any folder (paths are taken relative to this file):

    LESSONS_HUB_PASSWORD=<class password, 8+ characters> \
        .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

One machine, JupyterHub's own parts only: configurable-http-proxy from the npm registry
(installed into deploy/jupyterhub/node_modules by ``make hub-proxy``), SimpleLocalProcessSpawner
(one jupyter_server + Voila extension process per student, all as the hub's own Unix user), the
built-in SharedPasswordAuthenticator (one class password; an optional teacher/admin password)
and jupyterhub-idle-culler as a hub service. docs/jupyterhub.md explains the choices and limits.

Environment (all optional except the class password):
  LESSONS_HUB_PASSWORD        students' shared password (required, >= 8 characters)
  LESSONS_HUB_ADMIN_PASSWORD  teacher's password (>= 32 characters) for the admin page
  LESSONS_HUB_ADMIN           teacher's user name (default "teacher")
  LESSONS_HUB_STATE           folder for the hub's database, cookie secret and student
                              working folders (default deploy/jupyterhub/state)
  LESSONS_HUB_CULL_TIMEOUT    seconds of inactivity before a student's server stops (1800)
  LESSONS_HUB_CULL_EVERY      seconds between the culler's checks (300)
  LESSONS_HUB_MAX_SERVERS     most student servers running at once (40)
  LESSONS_DB_URL              the learners' record in PostgreSQL (postgresql+psycopg://...),
                              for a class whose servers span machines; without it, one SQLite
                              file in LESSONS_HUB_STATE/record shared by every student's server
  LESSONS_EXPIRE_DAYS         days after a learner's last visit before their record is erased
"""

import ast
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - injected by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
# Students see only the lessons, as with the one-machine server (classroom/serve.py).
LESSONS = REPO / "notebooks"


def _read_constant(source: Path, name: str) -> str:
    """A string constant of another module, read without importing it (one source of truth)."""
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        targets = [getattr(t, "id", None) for t in getattr(node, "targets", [])]
        if isinstance(node, ast.Assign) and targets == [name]:
            return ast.literal_eval(node.value)
    raise SystemExit(f"{source} no longer defines {name}: align deploy/jupyterhub with it")


# The landing page the one-machine server redirects to, relative to the server's base URL.
LANDING = _read_constant(REPO / "classroom" / "serve.py", "LANDING")
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
STATE = Path(os.environ.get("LESSONS_HUB_STATE", HERE / "state")).resolve()
STATE.mkdir(parents=True, exist_ok=True)


def _int_env(name: str, default: int) -> int:
    """A whole number from the environment, so a typo fails at start, not mid-lesson."""
    raw = os.environ.get(name, "")
    return int(raw) if raw.strip() else default


# --- the hub and its proxy ---------------------------------------------------------------------
# Public address: override with --JupyterHub.bind_url=http://0.0.0.0:8000 for a classroom LAN
# (and put TLS in front of it, or set ssl_cert/ssl_key: the password travels in the login form).
c.JupyterHub.bind_url = "http://127.0.0.1:8000"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:8081"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
c.ConfigurableHTTPProxy.command = [str(PROXY)]
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.cleanup_proxy = True
# A class logging in at the bell: spawn a few at a time, never more servers than the machine holds.
c.JupyterHub.concurrent_spawn_limit = 10
c.JupyterHub.active_server_limit = _int_env("LESSONS_HUB_MAX_SERVERS", 40)
c.JupyterHub.shutdown_on_logout = True

# --- who may log in ----------------------------------------------------------------------------
# Built in since JupyterHub 5.3, no extra package: any name + the class password. Anyone with the
# password can also log in under another student's name, so it suits a lesson, not graded work.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("LESSONS_HUB_PASSWORD")
c.SharedPasswordAuthenticator.allow_all = True
if os.environ.get("LESSONS_HUB_ADMIN_PASSWORD"):
    c.SharedPasswordAuthenticator.admin_password = os.environ["LESSONS_HUB_ADMIN_PASSWORD"]
    c.SharedPasswordAuthenticator.admin_users = {os.environ.get("LESSONS_HUB_ADMIN", "teacher")}
if not c.SharedPasswordAuthenticator.user_password:
    raise SystemExit("Set LESSONS_HUB_PASSWORD (8 or more characters) before starting the hub.")
if not PROXY.exists():
    raise SystemExit(f"{PROXY} is missing: run `make hub-proxy` (needs node and npm).")

# --- each student's server: jupyter_server + Voila, landing on the lessons ---------------------
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: no Unix account per student
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
# jupyter_server refuses to run as root without this; CI and containers run the hub as root.
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.notebook_dir = str(LESSONS)
c.Spawner.default_url = "/" + LANDING.lstrip("/")
c.Spawner.disable_user_config = True  # a student's ~/.jupyter cannot change the server
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.environment = {
    # Voila's server extension reads the repository's jupyter_server_config.json (the lessons'
    # template, allow-listed assets, idle-kernel culling: the settings of the one-machine server);
    # deploy/jupyterhub/singleuser comes first and only takes away what students do not need.
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(HERE / "singleuser"), str(REPO)]),
    # the lessons' template, even when the package's data files are not installed
    "JUPYTER_PATH": os.pathsep.join(
        p for p in [str(REPO / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")] if p
    ),
    # the learners' record (widgets/kit/memory.py, docs/record.md): one for the whole class, not
    # one per student's home folder, so that a resume code works on any student's server
    "LESSONS_DATA_DIR": str(STATE / "record"),
    **{k: os.environ[k] for k in ("LESSONS_DB_URL", "LESSONS_EXPIRE_DAYS") if k in os.environ},
}
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 30
# Read by the single-user server and shown to tools like jupyter-resource-usage, but NOT enforced:
# LocalProcessSpawner and SimpleLocalProcessSpawner ignore mem_limit and cpu_limit. Enforcing
# them needs a spawner that does (SystemdSpawner, DockerSpawner, KubeSpawner). Same figures as
# deploy/zero-to-jupyterhub: a student's server measured ~306 MB with one lesson open.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0

# --- stop idle servers -------------------------------------------------------------------------
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={_int_env('LESSONS_HUB_CULL_TIMEOUT', 1800)}",
            f"--cull-every={_int_env('LESSONS_HUB_CULL_EVERY', 300)}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
# The culler sees activity through the proxy; poll it often enough for the culler's timeout.
c.JupyterHub.last_activity_interval = min(300, max(5, _int_env("LESSONS_HUB_CULL_EVERY", 300)))
