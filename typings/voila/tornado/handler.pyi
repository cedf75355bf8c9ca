from ..handler import VoilaHandler

class TornadoVoilaHandler(VoilaHandler):
    async def get(self, path: str | None = None) -> None: ...
