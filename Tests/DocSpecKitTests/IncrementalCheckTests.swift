import DocSpecTestSupport
import Foundation
import Testing

@testable import DocSpecKit

/// The language server checks an edited page incrementally (issue 16: the parse keeps the blocks
/// an edit did not touch, the section alignment the scores of the sections it did not change).
/// After each of many random edits its diagnostics must be exactly those of a server that sees
/// the page for the first time.
@Suite("Incremental checks give the diagnostics of a fresh check")
struct IncrementalCheckTests {
    static func section(_ i: Int, ja: Bool) -> String {
        let heading = ja ? "## 項目 \(i) {#item-\(i)}" : "## Пункт \(i) {#item-\(i)}"
        let para = ja ? "上限は \(i + 100) 件です。`field\(i)` を [参照](page\(i).md) してください。" : "Предел — \(i + 100) записей. См. `field\(i)` на [странице](page\(i).md)."
        let item = ja ? "- 既定値は \(i * 3 + 11) 秒です。" : "- По умолчанию \(i * 3 + 11) секунд."
        let table = ja ? "| キー | 説明 |\n| --- | --- |\n| `k\(i)` | 値 \(i + 7) |" : "| Ключ | Описание |\n| --- | --- |\n| `k\(i)` | значение \(i + 7) |"
        let sample = "```json\n{\"field\(i)\": \(i)}\n```"
        let parts = i % 3 == 0 ? [heading, para, item, sample, table] : i % 3 == 1 ? [heading, para, sample] : [heading, item, table, para]
        return parts.joined(separator: "\n\n") + "\n\n"
    }

    /// What random edits insert into the translation.
    static let inserts = [
        "9", "1", "42", "\n", "\n\n", " ", "## ", "### Новый {#item-3}\n\n", "`", "`code`", "|", "| x |", "- ", "1. ", "```\n", "```json\n{}\n```\n", "Пример",
        "слово ", "[a](b.md)", "{#item-1}", "> ", "<!-- x -->", "---\n",
    ]

    final class Client {
        let server = LanguageServer()
        let uri: String
        var version = 1

        init(root: URL, uri: String, text: String) {
            self.uri = uri
            _ = server.handle(LanguageServerTests.body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)"}}"#))
            _ = server.handle(Array(try! JSONEncoder().encode(RPCMessage(method: "textDocument/didOpen", params: .from(LSP.DidOpenParams(
                textDocument: LSP.TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: text)))))))
        }

        func change(_ c: LSP.ContentChange) {
            version += 1
            _ = server.handle(Array(try! JSONEncoder().encode(RPCMessage(method: "textDocument/didChange", params: .from(LSP.DidChangeParams(
                textDocument: LSP.VersionedTextDocumentIdentifier(uri: uri, version: version), contentChanges: [c]))))))
        }

        var diagnostics: [LSP.Diagnostic] { server.lspDiagnostics(uri).0 }
    }

    @Test("random edits of a translation: the incremental diagnostics equal a fresh check's")
    func randomEdits() throws {
        let root = try LanguageServerTests.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let sections = 0..<14
        try ("# 概要\n\n" + sections.map { Self.section($0, ja: true) }.joined()).write(to: root.appendingPathComponent("ja/p.md"), atomically: true, encoding: .utf8)
        let uri = root.appendingPathComponent("ru/p.md").absoluteString
        var rng = SeededGenerator(seed: 16)
        var spliced = 0
        var steps = 0
        var drifted = 0
        for run in 0..<4 {
            var text = "# Обзор\n\n" + sections.map { Self.section($0, ja: false) }.joined()
            let client = Client(root: root, uri: uri, text: text)
            for step in 0..<40 {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = Int.random(in: 0..<lines.count, using: &rng)
                let width = lines[line].utf16.count
                let change: LSP.ContentChange
                if Int.random(in: 0..<8, using: &rng) == 0, line + 1 < lines.count {
                    // A whole line deleted.
                    change = LSP.ContentChange(
                        range: LSP.Range(start: LSP.Position(line: line, character: 0), end: LSP.Position(line: line + 1, character: 0)), text: "")
                } else {
                    let at = Int.random(in: 0...width, using: &rng)
                    let removed = min(width - at, [0, 0, 1, 1, 3].randomElement(using: &rng)!)
                    change = LSP.ContentChange(
                        range: LSP.Range(start: LSP.Position(line: line, character: at), end: LSP.Position(line: line, character: at + removed)),
                        text: Self.inserts.randomElement(using: &rng)!)
                }
                text = LanguageServer.apply(change, to: text)
                client.change(change)
                let incremental = client.diagnostics
                steps += 1
                if client.server.parses[uri]?.reparsedLines != nil { spliced += 1 }
                if !incremental.isEmpty { drifted += 1 }
                let fresh = Client(root: root, uri: uri, text: text).diagnostics
                #expect(incremental == fresh, "run \(run), step \(step): \(text.debugDescription)")
                if incremental != fresh { return }
            }
        }
        #expect(spliced * 2 > steps, "\(spliced) of \(steps) checks re-parsed only the edited blocks")
        #expect(drifted * 2 > steps, "\(drifted) of \(steps) checks found drift")
    }
}
