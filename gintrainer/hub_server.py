"""A user's Jupyter server under the hub, which serves the pages through Voila's server extension, made
able to keep a prepared class's page ready: Voila's preheated kernels, which only Voila's own server
sets up, set up in the user's server.

- :data:`HubPageKernelManager` (``ServerApp.kernel_manager_class``, deploy/settings.py) is the page
  kernel manager of :mod:`gintrainer.app` with Voila's pools of preheated kernels: its pools are empty
  (a user's server holds no kernel ahead) until a class is prepared.
- The server extension (:func:`_load_jupyter_server_extension`, ``ServerApp.jpserver_extensions``)
  gives the pools what Voila's server would (its templates, its configuration: :class:`Site`), the
  ``voila/query/<kernel id>`` websocket on which a preheated kernel hears of its request, and the
  address the hub's service prepares a class through (:class:`HubPrepareHandler`): a request that
  the hub signed in, as every request to the user's server is (the service's token, whose scope is
  this server's).

The page's request then takes the kernel that has run its page up to the request (Voila's own
handler does, when the page's pool holds one), as on one server (:mod:`gintrainer.preparing`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join
from tornado import web
from voila.voila_kernel_manager import voila_kernel_manager_factory

from .app import PageKernelManager, prepare_answer
from .preparing import HUB_SERVICE_NAME, PREPARE_PATH

QUERY_PATH = r"/voila/query/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"
"""Where a preheated kernel hears of its request (as Voila's server has it)."""


@dataclass(frozen=True)
class Site:
    """What Voila's own server gives its pools and the user's server does not: Voila's configuration
    (voila.json's), its template's folders, the server's settings and address."""

    voila_configuration: Any
    template_paths: list[str]
    settings: dict[str, Any]
    base_url: str


_Preheating: Any = voila_kernel_manager_factory(PageKernelManager, True, 0)


class HubPageKernelManager(_Preheating):  # type: ignore[misc]  # a class Voila's factory makes
    """The page kernel manager with Voila's pools, made by the user's server (its ``parent``), which is
    not Voila's: the pools start empty and wait for the server extension's :class:`Site`."""

    site: Site | None = None

    def __init__(self, **kwargs: Any):
        # Voila's own __init__ reads Voila's server (its notebook, its folder) and fills a pool for every
        # notebook: here each pool starts empty, as the pools' default size (0) has it.
        super(_Preheating, self).__init__(**kwargs)  # the page kernel manager's, past Voila's
        self.notebook_data: dict[str, Any] = {}
        self._pools: dict[str, list[Any]] = {}
        self.notebook_path = None

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
        """Voila's renderer of a page, as Voila's server makes it for a pool, from the :class:`Site`."""
        from voila.notebook_renderer import NotebookRenderer
        from voila.utils import get_page_config

        site, parent = self.site, self.parent
        assert site is not None
        voila_configuration = site.voila_configuration
        page_config_kwargs = {"base_url": site.base_url, "settings": site.settings, "log": parent.log,
                              "voila_configuration": voila_configuration}
        page_config = get_page_config(**page_config_kwargs)
        hook = voila_configuration.page_config_hook
        if hook:
            page_config = hook(page_config, **page_config_kwargs, notebook_path=notebook_path)
        return NotebookRenderer(
            voila_configuration=voila_configuration, traitlet_config=parent.config, notebook_path=notebook_path,
            template_paths=site.template_paths, config_manager=parent.config_manager,
            contents_manager=parent.contents_manager, base_url=site.base_url,
            kernel_spec_manager=parent.kernel_spec_manager, page_config=page_config,
            mathjax_config=site.settings.get("mathjax_config"), mathjax_url=site.settings.get("mathjax_url"))


def asked_by_the_service(user: Any) -> bool:
    """Whether the signed-in ``user`` of a request may prepare a class on this server: under the hub, the
    hub's service that prepares classes only (the server's own user, a student, may not hold kernels
    ahead); a server without the hub, the one its token signs in."""
    hub_user = getattr(user, "hub_user", None)
    if hub_user is None:
        return user is not None
    return isinstance(hub_user, dict) and hub_user.get("kind") == "service" and hub_user.get("name") == HUB_SERVICE_NAME


class HubPrepareHandler(APIHandler):
    """The hub's service prepares a class on this server: the POST of :func:`gintrainer.app.prepare_answer`,
    from a request the hub signed in as the service (its token, with access to this server); 403 for
    anyone else."""

    @web.authenticated
    async def post(self) -> None:
        if not asked_by_the_service(self.current_user):
            raise web.HTTPError(403, "only the hub's service prepares a class")
        status, found = await prepare_answer(self.settings["kernel_manager"], self.request.body)
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(found))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gintrainer.hub_server"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Give the page kernel manager its :class:`Site` and add the query websocket and the address that
    prepares a class. A server whose kernel manager is another (no pools) serves as before."""
    from voila.configuration import VoilaConfiguration
    from voila.paths import collect_template_paths
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.server_extension import load_config_file

    manager = server_app.kernel_manager
    if not isinstance(manager, HubPageKernelManager):
        server_app.log.info("the server's kernel manager keeps no page ready: %s", type(manager).__name__)
        return
    web_app = server_app.web_app
    voila_configuration = VoilaConfiguration(parent=server_app)
    found = load_config_file()
    if found is not None:
        voila_configuration.update_config(found)
    base_url = web_app.settings["base_url"]
    templates = collect_template_paths(["voila", "nbconvert"], voila_configuration.template)
    manager.site = Site(voila_configuration, templates, web_app.settings, base_url)
    server_app.server_url = base_url  # what Voila's pools tell their kernels: where the query websocket is
    web_app.add_handlers(".*$", [(url_path_join(base_url, QUERY_PATH), RequestInfoSocketHandler),
                                 (url_path_join(base_url, PREPARE_PATH), HubPrepareHandler)])
    server_app.log.info("a prepared class's pages are kept ready on this server (%s)",
                        url_path_join(base_url, PREPARE_PATH))
