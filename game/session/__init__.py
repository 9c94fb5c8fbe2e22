"""Sessions: what table scenes talk to (LocalSession here, RemoteSession in net/)."""

from game.session.base import SeatStatus, Session, Update
from game.session.local import LocalSession
from game.session.saves import SaveError, SaveGame, read_save, resume, write_save

__all__ = ["LocalSession", "SaveError", "SaveGame", "SeatStatus", "Session", "Update", "read_save",
           "resume", "write_save"]
