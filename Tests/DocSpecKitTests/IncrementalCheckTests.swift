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

        /// A server with the translation `text` at `uri` open (and the source page `sourceText`
        /// at `sourceURI`, when given, opened first).
        init(root: URL, uri: String, text: String, sourceURI: String? = nil, sourceText: String? = nil) {
            self.uri = uri
            _ = server.handle(LanguageServerTests.body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)"}}"#))
            if let sourceURI, let sourceText { open(sourceURI, sourceText) }
            open(uri, text)
        }

        func open(_ uri: String, _ text: String) {
            _ = server.handle(Array(try! JSONEncoder().encode(RPCMessage(method: "textDocument/didOpen", params: .from(LSP.DidOpenParams(
                textDocument: LSP.TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: text)))))))
        }

        /// Applies `c` to the document at `uri` (default: the translation).
        func change(_ c: LSP.ContentChange, uri: String? = nil) {
            version += 1
            _ = server.handle(Array(try! JSONEncoder().encode(RPCMessage(method: "textDocument/didChange", params: .from(LSP.DidChangeParams(
                textDocument: LSP.VersionedTextDocumentIdentifier(uri: uri ?? self.uri, version: version), contentChanges: [c]))))))
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
                let freshClient = Client(root: root, uri: uri, text: text)
                let fresh = freshClient.diagnostics
                #expect(incremental == fresh, "run \(run), step \(step): \(text.debugDescription)")
                // The block structure, whose units of kept blocks were reused, is the fresh one.
                #expect(client.server.extracted[uri]?.page.structure == freshClient.server.extracted[uri]?.page.structure, "run \(run), step \(step)")
                if incremental != fresh { return }
            }
        }
        #expect(spliced * 2 > steps, "\(spliced) of \(steps) checks re-parsed only the edited blocks")
        #expect(drifted * 2 > steps, "\(drifted) of \(steps) checks found drift")
    }

    /// An edit of the structure: a heading added or removed, a table row added, changed or
    /// removed, a fence's info string changed or a fence line removed or added; `nil` when the
    /// page has no line of the kind the draw asked for.
    static func structuralEdit(_ text: String, ja: Bool, using rng: inout SeededGenerator) -> LSP.ContentChange? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func linesWhere(_ p: (String) -> Bool) -> [Int] { lines.indices.filter { p(lines[$0]) } }
        func whole(_ l: Int, _ replacement: String) -> LSP.ContentChange {
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: l, character: 0), end: LSP.Position(line: l + 1, character: 0)), text: replacement)
        }
        func insert(before l: Int, _ s: String) -> LSP.ContentChange {
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: l, character: 0), end: LSP.Position(line: l, character: 0)), text: s)
        }
        func pick(_ xs: [Int]) -> Int? { xs.isEmpty ? nil : xs[Int.random(in: 0..<xs.count, using: &rng)] }
        let headings = linesWhere { $0.hasPrefix("#") }
        let rows = linesWhere { $0.hasPrefix("| `") || $0.hasPrefix("| x") }
        let fences = linesWhere { $0.hasPrefix("```") }
        let blankBeforeHeading = headings.filter { $0 > 0 && lines[$0 - 1].isEmpty }
        let n = Int.random(in: 0..<100, using: &rng)
        switch Int.random(in: 0..<9, using: &rng) {
        case 0:  // a heading added before another
            guard let l = pick(blankBeforeHeading) else { return nil }
            let level = ["## ", "### ", "#### "].randomElement(using: &rng)!
            let anchor = Bool.random(using: &rng) ? " {#new-\(n)}" : ""
            return insert(before: l, level + (ja ? "新しい項目 \(n)" : "Новый пункт \(n)") + anchor + "\n\n" + (ja ? "本文 \(n) 件。" : "Текст \(n) штук.") + "\n\n")
        case 1:  // a heading removed
            guard let l = pick(headings) else { return nil }
            return whole(l, "")
        case 2:  // a heading's level or anchor changed
            guard let l = pick(headings) else { return nil }
            let line = lines[l]
            let changed = Bool.random(using: &rng) ? "#" + line : line.replacingOccurrences(of: "{#item-", with: "{#punkt-")
            return whole(l, changed + "\n")
        case 3:  // a row added after a row
            guard let l = pick(rows) else { return nil }
            return insert(before: l + 1, "| `k\(n)` | \(ja ? "値" : "значение") \(n) |\n")
        case 4:  // a row removed
            guard let l = pick(rows) else { return nil }
            return whole(l, "")
        case 5:  // a row's cell changed: its key, a number, a cell more
            guard let l = pick(rows) else { return nil }
            let line = lines[l]
            let changed = [line.replacingOccurrences(of: "`k", with: "`key"), line + " \(n) |", line.replacingOccurrences(of: " |", with: " \(n) |")].randomElement(using: &rng)!
            return whole(l, changed + "\n")
        case 6:  // a fence's info string changed
            guard let l = pick(fences.filter { lines[$0].count > 3 }) ?? pick(fences) else { return nil }
            return whole(l, ["```js", "```", "```json title=\"a.json\"", "````"].randomElement(using: &rng)! + "\n")
        case 7:  // a fence line removed (the sample runs on) or one added
            guard let l = pick(fences) else { return nil }
            return Bool.random(using: &rng) ? whole(l, "") : insert(before: l, "```\n")
        default:  // a sample's code changed
            guard let l = pick(fences.filter { lines[$0].count > 3 }) else { return nil }
            return insert(before: l + 1, "{\"extra\(n)\": \(n)}\n")
        }
    }

    @Test("structural edits of a translation and of its open source page: the incremental diagnostics equal a fresh check's")
    func structuralEdits() throws {
        let root = try LanguageServerTests.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let sections = 0..<12
        let uri = root.appendingPathComponent("ru/p.md").absoluteString
        let sourceURI = root.appendingPathComponent("ja/p.md").absoluteString
        var rng = SeededGenerator(seed: 1616)
        var steps = 0
        var sourceSteps = 0
        var drifted = 0
        var kept = 0
        for run in 0..<4 {
            var source = "# 概要\n\n" + sections.map { Self.section($0, ja: true) }.joined()
            var text = "# Обзор\n\n" + sections.map { Self.section($0, ja: false) }.joined()
            try source.write(to: root.appendingPathComponent("ja/p.md"), atomically: true, encoding: .utf8)
            let client = Client(root: root, uri: uri, text: text, sourceURI: sourceURI, sourceText: source)
            for step in 0..<40 {
                // One edit in four is of the source page.
                let ofSource = Int.random(in: 0..<4, using: &rng) == 0
                guard let change = Self.structuralEdit(ofSource ? source : text, ja: ofSource, using: &rng) else { continue }
                if ofSource {
                    source = LanguageServer.apply(change, to: source)
                    client.change(change, uri: sourceURI)
                    sourceSteps += 1
                } else {
                    text = LanguageServer.apply(change, to: text)
                    client.change(change)
                }
                let incremental = client.diagnostics
                steps += 1
                if !incremental.isEmpty { drifted += 1 }
                let freshClient = Client(root: root, uri: uri, text: text, sourceURI: sourceURI, sourceText: source)
                let fresh = freshClient.diagnostics
                #expect(incremental == fresh, "run \(run), step \(step): source \(source.debugDescription), translation \(text.debugDescription)")
                #expect(client.server.extracted[uri]?.page.structure == freshClient.server.extracted[uri]?.page.structure, "run \(run), step \(step)")
                if client.server.parses[uri]?.splice != nil { kept += 1 }
                if incremental != fresh { return }
            }
        }
        #expect(steps > 120 && sourceSteps > 20, "\(steps) edits, \(sourceSteps) of the source page")
        #expect(kept * 2 > steps, "\(kept) of \(steps) checks kept blocks of the previous parse")
        #expect(drifted * 2 > steps, "\(drifted) of \(steps) checks found drift")
    }
}
