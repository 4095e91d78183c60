#!/usr/bin/env python3
"""Prints the ZIG_DIGESTS entry (src/setup/zig-digests.ts) of a `ziglang` version on PyPI.

    python3 scripts/zig-digests.py 0.17.1

Downloads the version's wheel for every platform bench-action knows (pip download, into a temporary
directory) and prints, per wheel, the sha256 of the .whl file, of ziglang/zig inside it, and of the
whole ziglang/ tree as src/setup/zig.ts's zigTreeDigest computes it on the unpacked directory: the
sha256 of `find . -type f | LC_ALL=C sort | xargs sha256sum` run inside it.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile

# One tag per wheel ziglang publishes (wheelPlatformTags in src/setup/zig.ts).
PLATFORMS = [
    "manylinux_2_12_x86_64", "manylinux_2_17_aarch64", "manylinux_2_12_i686", "manylinux_2_17_armv7l",
    "manylinux_2_17_ppc64le", "manylinux_2_17_s390x", "manylinux_2_31_riscv64",
    "macosx_15_0_x86_64", "macosx_15_0_arm64", "win_amd64", "win32", "win_arm64",
]


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def entry(wheel_path: str) -> dict:
    with open(wheel_path, "rb") as f:
        wheel_digest = sha256(f.read())
    lines, zig = [], None
    with zipfile.ZipFile(wheel_path) as z:
        for info in z.infolist():
            name = info.filename
            if not name.startswith("ziglang/") or name.endswith("/"):
                continue
            relative = name[len("ziglang/"):]
            digest = sha256(z.read(info))
            if relative in ("zig", "zig.exe"):
                zig = digest
            lines.append((relative.encode(), digest))
    lines.sort(key=lambda line: line[0])
    tree = sha256(b"".join(d.encode() + b"  " + r + b"\n" for r, d in lines))
    tag = re.sub(r"^ziglang-[^-]+-py3-none-", "", os.path.basename(wheel_path))[: -len(".whl")]
    return {"wheel": tag, "sha256": wheel_digest, "zig": zig, "tree": tree}


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    version = sys.argv[1]
    with tempfile.TemporaryDirectory() as dest:
        for platform in PLATFORMS:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 f"ziglang=={version}", "--platform", platform, "--dest", dest],
                check=True,
            )
        print(f"  '{version}': [")
        for name in sorted(os.listdir(dest)):
            e = entry(os.path.join(dest, name))
            print("    {")
            for key in ("wheel", "sha256", "zig", "tree"):
                print(f"      {key}: '{e[key]}',")
            print("    },")
        print("  ],")


if __name__ == "__main__":
    main()
