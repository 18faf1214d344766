"""End-to-end tests of `docspec lsp` with a real LSP client (pytest-lsp, on pygls).

The server binary is $DOCSPEC (default: .build/debug/docspec). Each test works on a copy of the
bundled docs (docs-ja, docs-ru, docspec.yml) in a temporary folder, the workspace root.
"""
import os
import pathlib
import shutil
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCSPEC = os.environ.get("DOCSPEC", str(ROOT / ".build" / "debug" / "docspec"))
WORKSPACE = pathlib.Path(os.environ.get("DOCSPEC_LSP_WORKSPACE", "/tmp")) / f"docspec-lsp-e2e-{os.getpid()}"


def make_workspace() -> pathlib.Path:
    if WORKSPACE.exists():
        shutil.rmtree(WORKSPACE)
    WORKSPACE.mkdir(parents=True)
    for name in ["docs-ja", "docs-ru"]:
        shutil.copytree(ROOT / name, WORKSPACE / name)
    shutil.copy(ROOT / "docspec.yml", WORKSPACE / "docspec.yml")
    return WORKSPACE


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[DOCSPEC, "lsp", "--debounce-ms", "50"]))
async def client(lsp_client: LanguageClient):
    root = make_workspace()
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="docs")],
        )
    )
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(root, ignore_errors=True)
