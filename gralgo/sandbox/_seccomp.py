"""The seccomp filter of the sandbox: a BPF program built with libseccomp (through ctypes).

Denied system calls fail with EPERM (``clone3`` with ENOSYS, so glibc falls back to ``clone``,
whose namespace flags are checked); some are denied by their arguments (:data:`ARGUMENT_RULES`:
sockets other than unix stream sockets, raised socket buffers, larger pipes); everything else is
allowed. The program is built for the
native architecture only: a call made through another ABI (``int 0x80``, x32) kills the process.
bubblewrap installs it (``--seccomp FD``) just before it starts the sandboxed command.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import os

from gralgo.errors import GralgoError

DENIED_SYSCALLS = (
    # new namespaces, mounts, and changing root: the kernel paths behind them stay out of reach
    "unshare",
    "setns",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "move_mount",
    "open_tree",
    "mount_setattr",
    # other processes' memory, kernel keyrings, eBPF, perf, userfaultfd, io_uring
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "pidfd_getfd",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    # memory no RLIMIT_AS counts (memfd pages, System V shared memory, message queues and
    # semaphore sets of the IPC namespace): it would escape the sandbox's one memory budget
    "memfd_create",
    "memfd_secret",
    "shmget",
    "msgget",
    "semget",
    "mq_open",
    # kernel memory no limit counts: extended attributes (user.* on the tmpfs: ~1 GiB of
    # unreclaimable slab measured against a 1,024 MiB budget; seccomp cannot read the name, so
    # none may be set) and POSIX timers (one kernel object each, up to RLIMIT_SIGPENDING)
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "setxattrat",
    "timer_create",
    # kernel buffers no RLIMIT_AS counts either: no listening socket (its queue of unaccepted
    # connections would hold data beyond the descriptor limit), no pages spliced into pipes
    "listen",
    "vmsplice",
    "splice",
    "tee",
    # the machine itself
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "syslog",
    "open_by_handle_at",
    "name_to_handle_at",
    "settimeofday",
    "clock_settime",
    "clock_adjtime",
    "adjtimex",
    "iopl",
    "ioperm",
    "uselib",
    "personality",
    "lookup_dcookie",
    "vhangup",
)
"""System calls that fail with EPERM inside the sandbox."""

NAMESPACE_FLAGS = {
    "CLONE_NEWNS": 0x00020000,
    "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000,
    "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000,
}
"""``clone`` flags that are refused (EPERM): a new process may not create a namespace."""

AF_UNIX = 1
SOCK_STREAM = 1
SOCKET_BUFFER_OPTIONS = {"SO_SNDBUF": 7, "SO_RCVBUF": 8, "SO_SNDBUFFORCE": 32, "SO_RCVBUFFORCE": 33}
"""``setsockopt(SOL_SOCKET, ...)`` options that are refused (EPERM): buffers stay at the
kernel's default size (``net.core.wmem_default``), never ``2 x net.core.wmem_max``."""
F_SETPIPE_SZ = 1031
ARGUMENT_RULES = (
    "socket and socketpair: any family but AF_UNIX, any type but SOCK_STREAM",
    "setsockopt(SOL_SOCKET, SO_SNDBUF | SO_RCVBUF | SO_SNDBUFFORCE | SO_RCVBUFFORCE)",
    "fcntl(F_SETPIPE_SZ)",
)
"""Calls refused (EPERM) by their arguments. Every socket buffer and pipe then holds at most
about its default size (:func:`gralgo.sandbox._limits.kernel_buffer_bytes`); network sockets
are useless in the empty network namespace anyway, and CPython's own users of sockets (asyncio's
self-pipe, ``socket.socketpair()``) make unix stream pairs."""

_ALLOW = 0x7FFF0000
_CMP_NE = 1
_CMP_MASKED_EQ = 7
_INT = 0xFFFFFFFF
"""The kernel reads an ``int`` argument's low 32 bits: compare those only."""
_SOL_SOCKET = 1


def _errno_action(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = (
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    )


class SeccompUnavailableError(GralgoError):
    """libseccomp cannot be loaded, so no filter can be built."""


@functools.lru_cache(maxsize=1)
def seccomp_program() -> bytes:
    """The filter as a BPF program (what ``bwrap --seccomp`` reads); built once per process.

    Raises :class:`SeccompUnavailableError` when libseccomp is missing.
    """
    lib = _libseccomp()
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        raise SeccompUnavailableError("seccomp_init failed")
    try:
        for name in DENIED_SYSCALLS:
            _add(lib, ctx, name, errno.EPERM, ())
        _add(lib, ctx, "clone3", errno.ENOSYS, ())
        for flag in NAMESPACE_FLAGS.values():
            _add(lib, ctx, "clone", errno.EPERM, ((0, _CMP_MASKED_EQ, flag, flag),))
        for name, conditions in _argument_conditions():
            _add(lib, ctx, name, errno.EPERM, conditions)
        return _export(lib, ctx)
    finally:
        lib.seccomp_release(ctx)


def _argument_conditions() -> list[tuple[str, tuple[tuple[int, int, int, int], ...]]]:
    """The rules of :data:`ARGUMENT_RULES`; the conditions of one rule must all hold."""
    rules: list[tuple[str, tuple[tuple[int, int, int, int], ...]]] = []
    for name in ("socket", "socketpair"):
        # The whole 64-bit argument must be AF_UNIX: stricter than the kernel's int, never laxer.
        rules.append((name, ((0, _CMP_NE, AF_UNIX, 0),)))
        for kind in range(16):  # the type's low four bits (flags above them are allowed)
            if kind != SOCK_STREAM:
                rules.append((name, ((1, _CMP_MASKED_EQ, 0xF, kind),)))
    for option in SOCKET_BUFFER_OPTIONS.values():
        level = (1, _CMP_MASKED_EQ, _INT, _SOL_SOCKET)
        rules.append(("setsockopt", (level, (2, _CMP_MASKED_EQ, _INT, option))))
    rules.append(("fcntl", ((1, _CMP_MASKED_EQ, _INT, F_SETPIPE_SZ),)))
    return rules


def _libseccomp() -> ctypes.CDLL:
    name = ctypes.util.find_library("seccomp")
    if name is None:
        raise SeccompUnavailableError(
            "libseccomp is not installed (apt-get install -y libseccomp2)"
        )
    lib = ctypes.CDLL(name, use_errno=True)
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = (ctypes.c_uint32,)
    lib.seccomp_release.argtypes = (ctypes.c_void_p,)
    lib.seccomp_syscall_resolve_name.argtypes = (ctypes.c_char_p,)
    lib.seccomp_rule_add_array.argtypes = (
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_ArgCmp),
    )
    lib.seccomp_export_bpf.argtypes = (ctypes.c_void_p, ctypes.c_int)
    return lib


def _add(
    lib: ctypes.CDLL,
    ctx: int,
    name: str,
    code: int,
    conditions: tuple[tuple[int, int, int, int], ...],
) -> None:
    number = lib.seccomp_syscall_resolve_name(name.encode())
    if number < 0:  # not a system call on this architecture (e.g. iopl elsewhere)
        return
    args = (_ArgCmp * max(1, len(conditions)))(*(_ArgCmp(*c) for c in conditions))
    status = lib.seccomp_rule_add_array(ctx, _errno_action(code), number, len(conditions), args)
    if status != 0:
        raise SeccompUnavailableError(f"seccomp rule for {name} failed ({-status})")


def _export(lib: ctypes.CDLL, ctx: int) -> bytes:
    fd = os.memfd_create("gralgo-seccomp", 0)
    try:
        status = lib.seccomp_export_bpf(ctx, fd)
        if status != 0:
            raise SeccompUnavailableError(f"seccomp_export_bpf failed ({-status})")
        size = os.lseek(fd, 0, os.SEEK_END)
        return os.pread(fd, size, 0)
    finally:
        os.close(fd)


def program_fd() -> int:
    """A fresh readable file descriptor holding :func:`seccomp_program` (for ``--seccomp``);
    the caller passes it to the child and closes it."""
    program = seccomp_program()
    fd = os.memfd_create("gralgo-seccomp", 0)
    os.write(fd, program)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
