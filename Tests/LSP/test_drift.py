"""Open a translation, type a drifted number, get the diagnostic at the right UTF-16 position,
apply the code action, see the diagnostic go away; hover and go to source."""
import asyncio

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import WORKSPACE


def utf16(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


async def diagnostics_after(client: LanguageClient, uri: str, change):
    """Send `change` (a callable) and wait for the next diagnostics of `uri`."""
    waiter = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    change()
    await asyncio.wait_for(waiter, 30)
    return client.diagnostics.get(uri, [])


def open_page(client: LanguageClient, path):
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)))
    return uri, text


async def test_typed_number_drift_is_found_fixed_and_gone(client: LanguageClient):
    path = WORKSPACE / "docs-ru" / "authentication.md"
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    diags = await diagnostics_after(client, uri, lambda: open_page(client, path))
    assert not [d for d in diags if d.code == "number-mismatch"], diags

    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "3600" in l)
    # An emoji (two UTF-16 code units, one scalar) before the number: columns must be UTF-16.
    emoji_at = lines[line].index("5")
    number_at = lines[line].index("3600")

    def type_drift():
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=line, character=utf16(lines[line][:emoji_at])),
                                      end=types.Position(line=line, character=utf16(lines[line][:emoji_at]))),
                    text="🙂"),
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=line, character=utf16(lines[line][:number_at]) + 2),
                                      end=types.Position(line=line, character=utf16(lines[line][:number_at]) + 6)),
                    text="3601"),
            ]))

    diags = await diagnostics_after(client, uri, type_drift)
    drift = [d for d in diags if d.code == "number-mismatch"]
    assert len(drift) == 1, diags
    edited = lines[line][:emoji_at] + "🙂" + lines[line][emoji_at:number_at] + "3601"
    expected = utf16(edited) - 4
    assert drift[0].range.start == types.Position(line=line, character=expected), drift[0].range
    assert drift[0].range.end == types.Position(line=line, character=expected + 4)
    assert "3600" in drift[0].message

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=expected + 1)))
    assert hover is not None and "3600" in hover.contents.value and "```markdown" in hover.contents.value, hover

    target = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=expected)))
    location = target[0] if isinstance(target, list) else target
    assert location.uri.endswith("docs-ja/authentication.md"), location
    source_lines = (WORKSPACE / "docs-ja" / "authentication.md").read_text(encoding="utf-8").split("\n")
    assert "3600" in "\n".join(source_lines[location.range.start.line:location.range.end.line + 1])

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=drift[0].range,
        context=types.CodeActionContext(diagnostics=[drift[0]], only=[types.CodeActionKind.QuickFix])))
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert len(quick) == 1, actions
    edits = quick[0].edit.changes[uri]
    assert [e.new_text for e in edits] == ["3600"]

    def apply_fix():
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in edits]))

    diags = await diagnostics_after(client, uri, apply_fix)
    assert not [d for d in diags if d.code == "number-mismatch"], diags


async def test_source_edit_republishes_open_translation(client: LanguageClient):
    ru = WORKSPACE / "docs-ru" / "authentication.md"
    ja = WORKSPACE / "docs-ja" / "authentication.md"
    ru_uri = ru.as_uri()
    await diagnostics_after(client, ru_uri, lambda: open_page(client, ru))
    ja_uri, ja_text = open_page(client, ja)
    ja_lines = ja_text.split("\n")
    line = next(i for i, l in enumerate(ja_lines) if "3600" in l)
    col = utf16(ja_lines[line][:ja_lines[line].index("3600")])

    def edit_source():
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=ja_uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=line, character=col), end=types.Position(line=line, character=col + 4)),
                text="7200")]))

    for _ in range(5):
        diags = await diagnostics_after(client, ru_uri, edit_source if _ == 0 else (lambda: None))
        if [d for d in diags if d.code == "number-mismatch"]:
            break
    assert [d for d in client.diagnostics.get(ru_uri, []) if d.code == "number-mismatch" and "7200" in d.message]
