// The language server's input side: the bytes an editor sends. The input goes to the JSON-RPC
// framer (Content-Length headers) in one piece and, separately, in two pieces split at a point
// the input's first byte chooses; each framed body goes to a fresh, initialized server's
// `handle` (a workspace with docspec.yml and a ja/ru page pair, so didOpen, didChange, code
// actions, hover and definition reach the checks), then `flush()` (the debounced publish).
// Oracles: framing does not depend on how the bytes were split; a body that is not JSON gets one
// parse error (-32700) with id null, a JSON body that is not a JSON-RPC message one invalid
// request (-32600); a request (a message with a method and an id) gets exactly one response, with
// its id; every message the server returns encodes; never a crash.
import DocSpecKit
import Foundation
import FuzzSupport

/// The workspace every input's server opens, made once per process: a fixed folder, so that the
/// seeds (Fuzz/Seeds/lsp) name its pages (file:///tmp/docspec-fuzz-lsp/ru/page.md).
let workspace: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-fuzz-lsp").standardizedFileURL
    try? FileManager.default.createDirectory(at: root.appendingPathComponent("ja"), withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(at: root.appendingPathComponent("ru"), withIntermediateDirectories: true)
    try? "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: root.appendingPathComponent("docspec.yml"), atomically: true, encoding: .utf8)
    try? "# 制限\n\n上限は 100 件です。`limit` を [参照](a.md)。\n\n| コード | 状態 |\n| --- | --- |\n| 4000 | 400 |\n"
        .write(to: root.appendingPathComponent("ja/page.md"), atomically: true, encoding: .utf8)
    try? "# Ограничения\n\nПредел — 100 записей. `limit`, [см.](a.md).\n\n| Код | Статус |\n| --- | --- |\n| 4000 | 400 |\n"
        .write(to: root.appendingPathComponent("ru/page.md"), atomically: true, encoding: .utf8)
    return root
}()

let initialize = Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"\#(workspace.absoluteString)"}}"#.utf8)
let initialized = Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8)

func framed(_ input: ArraySlice<UInt8>, _ pieces: [ArraySlice<UInt8>]) -> [MessageFramer.Item] {
    var framer = MessageFramer(maximumLength: 1 << 20)
    var items: [MessageFramer.Item] = []
    for p in pieces {
        framer.append(p)
        while let item = framer.next() { items.append(item) }
    }
    return items
}

func check(_ body: [UInt8], _ out: [RPCMessage]) {
    let encoder = JSONEncoder()
    for m in out where (try? encoder.encode(m)) == nil { oracleFailure("a message the server returned does not encode: \(m)") }
    guard let message = try? JSONDecoder().decode(RPCMessage.self, from: Data(body)) else {
        let json = (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil
        let expected = json ? -32600 : -32700
        if out.count != 1 || out[0].error?.code != expected || out[0].id != nil {
            oracleFailure("a body that is not \(json ? "a JSON-RPC message" : "JSON") got \(out) instead of one error \(expected) with id null")
        }
        return
    }
    guard let id = message.id, let method = message.method, method != "$/cancelRequest" else { return }
    let responses = out.filter { $0.method == nil && $0.id == id }
    if responses.count != 1 { oracleFailure("request \(id) (\(method)) got \(responses.count) responses") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSPOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)[...]
    let whole = framed(input, [input])
    let cut = input.isEmpty ? 0 : Int(input[input.startIndex]) * input.count / 256
    let split = framed(input, [input.prefix(cut), input.dropFirst(cut)])
    if whole != split { oracleFailure("framing in one piece gave \(whole.count) items, split at \(cut) \(split.count)") }
    let server = LanguageServer()
    _ = server.handle(initialize)
    _ = server.handle(initialized)
    for item in whole {
        guard case .message(let body) = item else { continue }
        check(body, server.handle(body))
        _ = server.flush()
        if server.exited { break }
    }
    // The input may also be one bare body (no framing), as a test driving `handle` sends it.
    if whole.isEmpty { check(Array(input), server.handle(Array(input))) }
    return 0
}

@_cdecl("fuzz_lsp_main")
public func fuzzLSPMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzLSPOne)
}
