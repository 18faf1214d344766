import DocDiagnostics
@testable import DocSpecKit
import Foundation
import Testing

/// The language server without an editor: framing, JSON-RPC errors, cancellation, a client that
/// goes away, UTF-16 positions and a very large document. (`Tests/LSP` drives it with a real client.)
@Suite("Language server")
struct LanguageServerTests {
    static func body(_ json: String) -> [UInt8] { Array(json.utf8) }

    static func framed(_ json: String) -> [UInt8] { MessageFramer.frame(body(json)) }

    static func decode(_ m: RPCMessage) -> [String: Any] {
        let data = try! JSONEncoder().encode(m)
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test("framing: split chunks, two messages in one chunk, a bad header and an oversized body are survived")
    func framing() {
        var f = MessageFramer(maximumLength: 100)
        let a = Self.framed(#"{"jsonrpc":"2.0","method":"a"}"#)
        f.append(a.prefix(10))
        #expect(f.next() == nil)
        f.append(a.dropFirst(10))
        #expect(f.next() == .message(Self.body(#"{"jsonrpc":"2.0","method":"a"}"#)))
        f.append(Array("Content-Type: x\r\n\r\n".utf8) + Self.framed(#"{"m":1}"#) + Self.framed(#"{"m":2}"#))
        guard case .error(let e)? = f.next() else { Issue.record("no framing error"); return }
        #expect(e.contains("Content-Length"))
        #expect(f.next() == .message(Self.body(#"{"m":1}"#)))
        #expect(f.next() == .message(Self.body(#"{"m":2}"#)))
        let big = String(repeating: "x", count: 500)
        f.append(Array("Content-Length: 500\r\n\r\n".utf8) + Array(big.utf8).prefix(200))
        guard case .error(let tooLarge)? = f.next() else { Issue.record("no size error"); return }
        #expect(tooLarge.contains("larger"))
        f.append(Array(big.utf8).dropFirst(200) + Self.framed(#"{"m":3}"#))
        #expect(f.next() == .message(Self.body(#"{"m":3}"#)))
        #expect(f.next() == nil)
    }

    @Test("malformed messages get an error response, never a crash")
    func malformed() throws {
        let server = LanguageServer()
        let notJSON = server.handle(Self.body("{not json"))
        #expect(notJSON.count == 1)
        #expect(notJSON[0].error?.code == RPCError.parseError)
        let encoded = Self.decode(notJSON[0])
        #expect(encoded["id"] is NSNull)
        #expect(server.handle(Self.body("[1,2]")).first?.error?.code == RPCError.invalidRequest)
        #expect(server.handle(Self.body(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#)).first?.error?.code == RPCError.serverNotInitialized)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let initialize = server.handle(Self.body(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)"}}"#))
        #expect(initialize.first?.result != nil)
        // No docspec.yml: said once the client is ready, not a crash.
        let shown = server.handle(Self.body(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
        #expect(shown.first?.method == "window/showMessage")
        #expect(server.handle(Self.body(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{}}}"#)).first?.error?.code == RPCError.invalidParams)
        #expect(server.handle(Self.body(#"{"jsonrpc":"2.0","id":4,"method":"workspace/frobnicate"}"#)).first?.error?.code == RPCError.methodNotFound)
        // A notification with bad params is logged, not answered.
        #expect(server.handle(Self.body(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"x":1}}"#)).first?.method == "window/logMessage")
    }

    /// A scripted client: all of `input` at once, then the end of input.
    final class Script: @unchecked Sendable {
        var chunks: [[UInt8]]
        var output: [UInt8] = []
        let lock = NSLock()
        init(_ messages: [String]) { chunks = [messages.flatMap { LanguageServerTests.framed($0) }] }
        func read() -> [UInt8] { lock.withLock { chunks.isEmpty ? [] : chunks.removeFirst() } }
        func write(_ b: [UInt8]) { lock.withLock { output += b } }
        var messages: [[String: Any]] {
            var f = MessageFramer()
            f.append(lock.withLock { output })
            var out: [[String: Any]] = []
            while case .message(let b)? = f.next() { out.append(try! JSONSerialization.jsonObject(with: Data(b)) as! [String: Any]) }
            return out
        }
    }

    static func run(_ script: Script) -> Int32 {
        LanguageServerLoop(debounce: 0, read: { script.read() }, write: { script.write($0) }).run()
    }

    @Test("a request cancelled before it is handled is answered as cancelled; shutdown then exit ends with 0")
    func cancellation() {
        let script = Script([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.md"},"position":{"line":0,"character":0}}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        #expect(Self.run(script) == 0)
        let byID = Dictionary(script.messages.compactMap { m in (m["id"] as? Int).map { ($0, m) } }, uniquingKeysWith: { a, _ in a })
        #expect((byID[2]?["error"] as? [String: Any])?["code"] as? Int == RPCError.requestCancelled)
        #expect(byID[3]?.keys.contains("result") == true)
    }

    @Test("a client that disconnects without exit ends the server with status 1")
    func disconnect() {
        let script = Script([#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#])
        #expect(Self.run(script) == 1)
        #expect(script.messages.count == 1)
    }

    @Test("UTF-16 positions in Japanese, Russian and astral text convert to bytes and back")
    func utf16Positions() {
        let text = "# 概要\nПривет 🙂 mir\n日本語テキスト 100 件\n"
        let index = TextIndex(text)
        let line2 = Array("Привет 🙂 mir".utf16)
        let m = line2.firstIndex(of: UInt16(UInt8(ascii: "m")))!
        let offset = index.offset(lspLine: 1, utf16Column: m)
        #expect(String(decoding: index.bytes[offset..<(offset + 3)], as: UTF8.self) == "mir")
        #expect(index.lspPosition(offset) == (1, m))
        let o100 = index.offset(lspLine: 2, utf16Column: 8)
        #expect(String(decoding: index.bytes[o100..<(o100 + 3)], as: UTF8.self) == "100")
        #expect(index.location(o100, file: "f").column == 9)
        // Past the end of a line or the text: clamped, never a trap.
        #expect(index.offset(lspLine: 0, utf16Column: 999) == index.lineRange(1).upperBound)
        #expect(index.offset(lspLine: 99, utf16Column: 0) == index.bytes.count)
        let changed = LanguageServer.apply(
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: 2, character: 8), end: LSP.Position(line: 2, character: 11)), text: "200"), to: text)
        #expect(changed.contains("日本語テキスト 200 件"))
    }

    /// A new workspace folder with `ja` and `ru` folders and a `docspec.yml` pairing them (ja the source).
    static func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-lsp-\(UUID().uuidString)").standardizedFileURL
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("ja"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("ru"), withIntermediateDirectories: true)
        try "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: root.appendingPathComponent("docspec.yml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("a very large translation is checked and its diagnostics published")
    func largeDocument() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        var ja = ""
        var ru = ""
        for i in 0..<3000 {
            ja += "## 節 \(i) {#s\(i)}\n\n上限は \(i + 1000) 件です。`key\(i)` を使います。\n\n"
            ru += "## Раздел \(i) {#s\(i)}\n\nПредел — \(i == 2999 ? 9999 : i + 1000) записей. Используйте `key\(i)`.\n\n"
        }
        try ja.write(to: root.appendingPathComponent("ja/big.md"), atomically: true, encoding: .utf8)
        let server = LanguageServer()
        _ = server.handle(Self.body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)"}}"#))
        let uri = root.appendingPathComponent("ru/big.md").absoluteString
        let open = try JSONEncoder().encode(RPCMessage(method: "textDocument/didOpen", params: .from(LSP.DidOpenParams(
            textDocument: LSP.TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: ru)))))
        let out = server.handle(Array(open))
        let published = try #require(out.first { $0.method == "textDocument/publishDiagnostics" })
        let params = try #require(published.params).decode(LSP.PublishDiagnosticsParams.self)
        let numbers = params.diagnostics.filter { $0.code == "number-mismatch" }
        #expect(numbers.count == 1, "\(params.diagnostics.prefix(5))")
        // Line 3 of the last section (0-based 3 × 2999 + 2), at the '9999' (a number alike the
        // source's 3999, so it is reported as that number changed, with a fix).
        #expect(numbers.first?.range.start == LSP.Position(line: 4 * 2999 + 2, character: Array("Предел — ".utf16).count))
    }

    @Test("a translation whose file name differs finds its source page by the front matter id")
    func sourceByID() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-lsp-\(UUID().uuidString)").standardizedFileURL
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("ja/guide"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("ru"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        try "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: root.appendingPathComponent("docspec.yml"), atomically: true, encoding: .utf8)
        try "---\nid: limits\n---\n# 制限\n\n上限は 100 件です。\n".write(to: root.appendingPathComponent("ja/guide/intro.md"), atomically: true, encoding: .utf8)
        // A decoy with the translation's own path but another id: lint pairs by id first.
        try "---\nid: other\n---\n# 別\n\n上限は 7 件です。\n".write(to: root.appendingPathComponent("ja/ogranicheniya.md"), atomically: true, encoding: .utf8)
        let server = LanguageServer()
        _ = server.handle(Self.body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)"}}"#))
        let uri = root.appendingPathComponent("ru/ogranicheniya.md").absoluteString
        let text = "---\nid: limits\n---\n# Ограничения\n\nПредел — 200 записей.\n"
        let open = try JSONEncoder().encode(RPCMessage(method: "textDocument/didOpen", params: .from(LSP.DidOpenParams(
            textDocument: LSP.TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: text)))))
        let out = server.handle(Array(open))
        let published = try #require(out.first { $0.method == "textDocument/publishDiagnostics" })
        let params = try #require(published.params).decode(LSP.PublishDiagnosticsParams.self)
        let number = try #require(params.diagnostics.first { $0.code == "number-mismatch" }, "\(params.diagnostics)")
        #expect(number.message.contains("'100'"), "\(number.message)")
        #expect(number.range.start == LSP.Position(line: 5, character: Array("Предел — ".utf16).count))
        #expect(number.relatedInformation?.first?.location.uri == root.appendingPathComponent("ja/guide/intro.md").absoluteString)
        #expect(!params.diagnostics.contains { $0.message.contains("'7'") })
        // Go to source lands in the page paired by id.
        let definition = server.handle(Self.body(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":5,"character":2}}}"#))
        let location = try #require(definition.first?.result).decode(LSP.Location.self)
        #expect(location.uri == root.appendingPathComponent("ja/guide/intro.md").absoluteString)
        #expect(location.range.start.line == 5)
    }
}
