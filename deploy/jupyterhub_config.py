"""JupyterHub for a school: each user's server opens the Gin Rummy trainer with Voila.

Run it from the repository (deploy/README.md says how):

    jupyterhub -f deploy/jupyterhub_config.py

Every setting comes from an environment variable, with its default (deploy/settings.py owns them):

GINTRAINER_HUB_IP (default ''): the address the hub listens on (all addresses when empty)
GINTRAINER_HUB_PORT (default '8000'): the port the hub listens on
GINTRAINER_HUB_BASE_URL (default '/'): the hub's path under its address
GINTRAINER_HUB_STATE (default '.'): the folder of the hub's own files: its cookie secret, proxy pid file, and its
    database unless GINTRAINER_HUB_DB_URL names one
GINTRAINER_HUB_DB_URL (default ''): the hub's own database (users, servers): sqlite:///<state>/jupyterhub.sqlite
    when empty
GINTRAINER_HUB_AUTHENTICATOR (default 'pam'): how users sign in: pam (the machine's accounts), shared-password (one
    class password, GINTRAINER_HUB_SHARED_PASSWORD), dummy (anyone: trials only), or any authenticator's import name
GINTRAINER_HUB_SHARED_PASSWORD (default ''): the class password for the shared-password authenticator (at least 8
    characters)
GINTRAINER_HUB_SPAWNER (default 'localprocess'): how user servers start: localprocess (as the user's own account,
    the hub running as root), simple (every server as the hub's account, homes under GINTRAINER_HUB_HOMES), or an
    import name
GINTRAINER_HUB_HOMES (default '/srv/gintrainer/homes/{username}'): the homes of the simple spawner's users
GINTRAINER_HUB_ADMINS (default ''): comma-separated user names that administer the hub
GINTRAINER_HUB_TEACHERS (default ''): comma-separated user names of the teachers: only their servers are given the
    teacher passphrase (every other server gets a random one, so a student who reads the environment learns
    nothing); when empty, every server has it
GINTRAINER_DATABASE (default ''): the shared class results database (postgresql://...); when empty each user's
    server keeps its class results in its own data folder and no gradebook sees the whole class
GINTRAINER_TEACHER_PASSPHRASE (default ''): the teacher passphrase (required: the teacher's pages of every server
    ask for it)
GINTRAINER_HUB_DATA (default '~/.local/share/gintrainer'): each user's data folder (~ is the user's home)
GINTRAINER_HUB_START_TIMEOUT (default '120'): seconds a user's server may take to start
GINTRAINER_HUB_CULL_TIMEOUT (default '3600'): seconds after which an idle user's server is stopped, by
    jupyterhub-idle-culler when it is installed (0: never)
GINTRAINER_HUB_PREPARE_PORT (default '8082'): the port, on the hub's machine, of the service that prepares a class
    (starts the named students' servers ahead; 0: no such service)

JupyterHub's own command-line options (``--JupyterHub.hub_port=...``) still win over this file.
"""

import importlib.util
import logging
import shutil
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location("gintrainer_deploy_settings", Path(__file__).resolve().with_name(
    "settings.py"))
assert _spec is not None and _spec.loader is not None
settings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(settings)
setting = settings.setting

c = get_config()  # noqa: F821 (given by the config loader)

# -- the hub ----------------------------------------------------------------------
c.JupyterHub.ip = setting("GINTRAINER_HUB_IP")
c.JupyterHub.port = int(setting("GINTRAINER_HUB_PORT"))
c.JupyterHub.base_url = setting("GINTRAINER_HUB_BASE_URL")
state = Path(setting("GINTRAINER_HUB_STATE")).expanduser().resolve()
state.mkdir(parents=True, exist_ok=True)
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = setting("GINTRAINER_HUB_DB_URL") or f"sqlite:///{state / 'jupyterhub.sqlite'}"
# The proxy installed by `npm ci --prefix deploy`, else one on the PATH.
c.ConfigurableHTTPProxy.command = [str(settings.PROXY) if settings.PROXY.is_file()
                                   else shutil.which("configurable-http-proxy") or "configurable-http-proxy"]

# -- who signs in -----------------------------------------------------------------
c.JupyterHub.authenticator_class = setting("GINTRAINER_HUB_AUTHENTICATOR")
c.Authenticator.allow_all = True  # everyone the authenticator lets in: a school's own accounts or class password
c.Authenticator.admin_users = settings.names(setting("GINTRAINER_HUB_ADMINS"))
if setting("GINTRAINER_HUB_SHARED_PASSWORD"):
    c.SharedPasswordAuthenticator.user_password = setting("GINTRAINER_HUB_SHARED_PASSWORD")

# -- each user's server -------------------------------------------------------------
c.JupyterHub.spawner_class = setting("GINTRAINER_HUB_SPAWNER")
c.SimpleLocalProcessSpawner.home_dir_template = setting("GINTRAINER_HUB_HOMES")
# The single-user server of the Python that runs the hub, where the trainer is installed.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = settings.DEFAULT_URL
c.Spawner.environment = settings.user_environment()
c.Spawner.start_timeout = c.Spawner.http_timeout = int(setting("GINTRAINER_HUB_START_TIMEOUT"))

# -- idle users' servers stopped (a page's kernels are culled sooner, by voila.json's settings) ------
# -- a class prepared ahead: the named students' servers started by a service of the hub ----------
_public = f"http://{c.JupyterHub.ip or '127.0.0.1'}:{c.JupyterHub.port}{c.JupyterHub.base_url.rstrip('/')}"
c.JupyterHub.services, c.JupyterHub.load_roles = settings.prepare_service(
    int(setting("GINTRAINER_HUB_PREPARE_PORT")), sys.executable, _public, setting("GINTRAINER_HUB_TEACHERS"))
if importlib.util.find_spec(settings.CULLER) is not None:
    _services, _roles = settings.culler_service(int(setting("GINTRAINER_HUB_CULL_TIMEOUT")), sys.executable)
    c.JupyterHub.services, c.JupyterHub.load_roles = c.JupyterHub.services + _services, c.JupyterHub.load_roles + _roles
elif int(setting("GINTRAINER_HUB_CULL_TIMEOUT")) > 0:
    logging.getLogger("JupyterHub").warning("jupyterhub-idle-culler is not installed: idle users' servers keep "
                                            "running until the hub stops (pip install jupyterhub-idle-culler)")
