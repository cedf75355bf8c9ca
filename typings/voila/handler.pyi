from typing import Any

from jupyter_server.base.handlers import JupyterHandler

class BaseVoilaHandler(JupyterHandler): ...

class VoilaHandler(BaseVoilaHandler):
    def __getattr__(self, name: str) -> Any: ...
