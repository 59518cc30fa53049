"""Refuse a SQLite ledger on a network filesystem, where its locks do not hold.

SQLite in WAL mode keeps its lock state in a shared-memory file next to the database; over NFS,
SMB, Lustre, GPFS or sshfs that memory is not shared between machines and POSIX locks are
unreliable, so two Slurm jobs on different nodes could both claim, and both pay for, the same
sample, or corrupt the file. The check reads ``/proc/mounts`` (Linux); elsewhere it passes.
"""

from __future__ import annotations

from pathlib import Path

from gralgo.errors import ConfigError

NETWORK_FILESYSTEMS = frozenset(
    {
        "nfs",
        "nfs4",
        "cifs",
        "smb",
        "smb2",
        "smb3",
        "smbfs",
        "lustre",
        "gpfs",
        "fuse.sshfs",
        "sshfs",
        "ceph",
        "fuse.ceph",
        "glusterfs",
        "fuse.glusterfs",
        "beegfs",
        "9p",
    }
)
MOUNTS = Path("/proc/mounts")


class LedgerOnNetworkFilesystemError(ConfigError):
    """The SQLite ledger's folder is on a network filesystem."""


def _unescape(field: str) -> str:
    """``/proc/mounts`` writes space, tab, newline and backslash as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def filesystem_type(path: Path, mounts_text: str) -> str | None:
    """The type of the filesystem holding ``path`` (the longest matching mount point)."""
    target = Path(path).resolve()
    best: tuple[int, str] | None = None
    for line in mounts_text.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        mount_point = Path(_unescape(fields[1]))
        if target == mount_point or mount_point in target.parents:
            depth = len(mount_point.parts)
            if best is None or depth >= best[0]:
                best = (depth, fields[2])
    return best[1] if best else None


def check_ledger_location(ledger_path: Path, mounts: Path = MOUNTS) -> None:
    """Raise :class:`LedgerOnNetworkFilesystemError` if the ledger would live on a network FS."""
    if not mounts.is_file():
        return
    folder = Path(ledger_path).resolve().parent
    fstype = filesystem_type(folder, mounts.read_text(encoding="utf-8", errors="replace"))
    if fstype is not None and fstype.lower() in NETWORK_FILESYSTEMS:
        raise LedgerOnNetworkFilesystemError(
            f"the ledger {ledger_path} is on a {fstype} network filesystem, where SQLite's WAL "
            "locks do not work across machines (samples could be paid twice or the file "
            "corrupted). Put it on a local disk (ledger.path=/local/scratch/ledger.sqlite) for "
            "jobs on one machine; jobs on several machines need a server ledger "
            "(ledger.url=postgresql://..., see design/scaling.md)."
        )
