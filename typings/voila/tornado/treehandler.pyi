from jupyter_server.base.handlers import JupyterHandler

class TornadoVoilaTreeHandler(JupyterHandler):  # through voila.treehandler.VoilaTreeHandler
    async def get(self, path: str = "") -> None: ...
