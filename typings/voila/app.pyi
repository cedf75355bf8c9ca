from typing import Any

import tornado.web
from traitlets.config import Application

class Voila(Application):
    server_url: str
    identity_provider: Any  # jupyter_server.auth.IdentityProvider
    app: tornado.web.Application
    def init_handlers(self) -> list[Any]: ...
    def listen(self) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
