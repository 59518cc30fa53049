"""A SQLite ledger on a network filesystem is refused, with a message naming the way out."""

from __future__ import annotations

from pathlib import Path

import pytest

from gralgo.ledger._location import (
    LedgerOnNetworkFilesystemError,
    check_ledger_location,
    filesystem_type,
)

MOUNTS = """\
/dev/sda1 / ext4 rw,relatime 0 0
tmpfs /tmp tmpfs rw 0 0
fileserver:/export/home /home nfs4 rw,vers=4.2 0 0
//nas/share /mnt/lab\\040data cifs rw 0 0
scratch@lustre /lustre lustre rw 0 0
user@host:/data /mnt/remote fuse.sshfs rw 0 0
/dev/sdb1 /home/alice/local ext4 rw 0 0
"""


@pytest.mark.parametrize(
    ("path", "fstype"),
    [
        ("/home/bob/runs/ledger.sqlite", "nfs4"),
        ("/home/alice/local/ledger.sqlite", "ext4"),  # a local disk mounted inside the NFS home
        ("/mnt/lab data/ledger.sqlite", "cifs"),
        ("/lustre/project/outputs/ledger.sqlite", "lustre"),
        ("/mnt/remote/x/ledger.sqlite", "fuse.sshfs"),
        ("/tmp/ledger.sqlite", "tmpfs"),
        ("/var/ledger.sqlite", "ext4"),
    ],
)
def test_filesystem_type_picks_the_deepest_mount(path: str, fstype: str) -> None:
    assert filesystem_type(Path(path), MOUNTS) == fstype


def test_network_ledger_refused_pointing_to_the_server_option(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text(MOUNTS)
    with pytest.raises(LedgerOnNetworkFilesystemError, match=r"nfs4.*ledger\.url=postgresql"):
        check_ledger_location(Path("/home/bob/outputs/ledger.sqlite"), mounts)
    check_ledger_location(Path("/home/alice/local/ledger.sqlite"), mounts)  # local: accepted


def test_this_machines_temp_dir_is_accepted(tmp_path: Path) -> None:
    check_ledger_location(tmp_path / "ledger.sqlite")  # reads the real /proc/mounts
