// Latency of the language server: diagnostics after one edit of a large translated page.
//
// Builds a page pair of `--sections` sections (a heading, a paragraph with a number, inline code
// and a link, a list item, a fenced sample, a table row), opens the translation in an in-process
// `LanguageServer`, then times `--edits` single-character edits (a number changed, alternately
// back), each from `textDocument/didChange` to the `publishDiagnostics` message. Baseline in the
// same run, interleaved: parsing and extracting the two pages (what any check must do at least).
// The ratio is diagnostics ÷ parse.
import DocSpecKit
import Foundation

var sections = 1000
var edits = 40
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    switch a {
    case "--sections": sections = Int(args.next() ?? "") ?? sections
    case "--edits": edits = Int(args.next() ?? "") ?? edits
    default:
        FileHandle.standardError.write(Data("usage: lsp-bench [--sections N] [--edits N]\n".utf8))
        exit(2)
    }
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-lsp-bench-\(getpid())")
try? FileManager.default.removeItem(at: root)
for l in ["ja", "ru"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(l), withIntermediateDirectories: true) }
try "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: root.appendingPathComponent("docspec.yml"), atomically: true, encoding: .utf8)
var ja = ""
var ru = ""
for i in 0..<sections {
    ja += "## 項目 \(i) {#item-\(i)}\n\n上限は \(i + 100) 件です。`field\(i)` を [参照](page\(i).md) してください。\n\n- 既定値は \(i * 3 + 11) 秒です。\n\n```json\n{\"field\(i)\": \(i)}\n```\n\n| キー | 説明 |\n| --- | --- |\n| `k\(i)` | 値 \(i + 7) |\n\n"
    ru += "## Пункт \(i) {#item-\(i)}\n\nПредел — \(i + 100) записей. См. `field\(i)` на [странице](page\(i).md).\n\n- По умолчанию \(i * 3 + 11) секунд.\n\n```json\n{\"field\(i)\": \(i)}\n```\n\n| Ключ | Описание |\n| --- | --- |\n| `k\(i)` | значение \(i + 7) |\n\n"
}
try ja.write(to: root.appendingPathComponent("ja/big.md"), atomically: true, encoding: .utf8)
let uri = root.appendingPathComponent("ru/big.md").standardizedFileURL.absoluteString

let server = LanguageServer()
func send(_ m: RPCMessage) -> [RPCMessage] { server.handle(Array(try! JSONEncoder().encode(m))) }
_ = send(RPCMessage(id: .number(1), method: "initialize", params: .object(["rootUri": .string(root.standardizedFileURL.absoluteString)])))
_ = send(RPCMessage(method: "textDocument/didOpen", params: .object(["textDocument": .object([
    "uri": .string(uri), "languageId": .string("markdown"), "version": .number(1), "text": .string(ru)])])))

// The number of the middle section's paragraph: "Предел — N" on line 4 of that section (0-based).
let middle = sections / 2
let line = middle * 14 + 2
let column = Array("Предел — ".utf16).count
let lines = ru.split(separator: "\n", omittingEmptySubsequences: false)
precondition(lines[line].hasPrefix("Предел — \(middle + 100)"), "unexpected page layout")

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
var diagnosticTimes: [Double] = []
var parseTimes: [Double] = []
var found = 0
for k in 0..<edits {
    let digit = k % 2 == 0 ? "9" : String(String(middle + 100).prefix(1))
    func position(_ c: Int) -> JSONValue { .object(["line": .number(Double(line)), "character": .number(Double(c))]) }
    let change: JSONValue = .object([
        "textDocument": .object(["uri": .string(uri), "version": .number(Double(k + 2))]),
        "contentChanges": .array([.object(["range": .object(["start": position(column), "end": position(column + 1)]), "text": .string(digit)])]),
    ])
    let t0 = now()
    _ = send(RPCMessage(method: "textDocument/didChange", params: change))
    let out = server.flush()
    let t1 = now()
    diagnosticTimes.append(Double(t1 - t0) / 1e6)
    if k % 2 == 0, let p = try? out.first?.params?.decode(LSP.PublishDiagnosticsParams.self), p.diagnostics.contains(where: { $0.code == "number-mismatch" }) { found += 1 }
    let t2 = now()
    _ = LanguageServer.parseForBenchmark(ja, ru, root: root)
    parseTimes.append(Double(now() - t2) / 1e6)
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func p90(_ xs: [Double]) -> Double { xs.sorted()[min(xs.count - 1, xs.count * 9 / 10)] }
let d = median(diagnosticTimes)
let p = median(parseTimes)
print("lsp-bench: a \(lines.count)-line translation (\(ru.utf8.count / 1024) KiB, \(sections) sections), \(edits) single edits, interleaved with the baseline:")
print(String(format: "  didChange → publishDiagnostics          median %.1f ms  p90 %.1f ms", d, p90(diagnosticTimes)))
print(String(format: "  baseline: parse + extract both pages     median %.1f ms  p90 %.1f ms", p, p90(parseTimes)))
print(String(format: "  ratio diagnostics / parse: %.2f×", d / p))
print("  drifted number reported after \(found) of \((edits + 1) / 2) drifting edits")
print(d < 100 ? "  under 100 ms: yes" : "  under 100 ms: NO")
try? FileManager.default.removeItem(at: root)
exit(d < 100 && found == (edits + 1) / 2 ? 0 : 1)
