from typing import Any

from jupyter_server.base.handlers import APIHandler

class VoilaContentsHandler(APIHandler):
    async def get(self, path: str = "") -> None: ...
    def _finish_model(self, model: Any, location: bool = True) -> None: ...
