"""LibreOffice opening a file as a person's spreadsheet would: headless, with a profile of its own under the
test's folder, where it is installed (`.ci/run` installs libreoffice-calc-nogui); the tests that need it skip
with `NEEDED` elsewhere."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
NEEDED = pytest.mark.skipif(
    not SOFFICE, reason="no LibreOffice (soffice) here: .ci/run installs libreoffice-calc-nogui"
)


def convert(source: Path, infilter: str, convert_to: str, tmp_path: Path) -> Path:
    """`source` opened with the import options `infilter` and written back as `convert_to` (`fods`, or a CSV
    filter), into `tmp_path / "out"`: the file it wrote."""
    out = tmp_path / "out"
    subprocess.run(
        [str(SOFFICE), "--headless", "--norestore", f"-env:UserInstallation={(tmp_path / 'lo').as_uri()}"]
        + [f"--infilter={infilter}", "--convert-to", convert_to, "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return out / f"{source.stem}.{convert_to.partition(':')[0]}"
