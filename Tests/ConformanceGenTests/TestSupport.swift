import ConformanceGen
import DocDiagnostics
import Foundation
import MarkdownSyntax
import SpecModel
import DocSpecTestSupport
import Testing

/// Parses and extracts a ja page from Markdown text; `path` is the display path
/// (`docs-ja/<relativePath>`), so nothing depends on where the tests run.
func specPage(_ markdown: String, relativePath: String = "page.md", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SpecPage? {
    let path = "docs-ja/\(relativePath)"
    let parsed = MarkdownParser.parse(markdown, path: path)
    guard let document = parsed.document else {
        Issue.record("page \(path) did not parse: \(parsed.diagnostics)", sourceLocation: sourceLocation)
        return nil
    }
    let (page, diagnostics) = SpecExtractor.extract(document, locale: "ja", relativePath: relativePath)
    let errors = (parsed.diagnostics + diagnostics).filter { $0.severity == .error }
    if !errors.isEmpty {
        Issue.record("page \(path) has extraction errors: \(TextDiagnosticRenderer().render(errors))", sourceLocation: sourceLocation)
    }
    return page
}

/// The golden fixture doc set (`Golden/Input/docs-ja/*.md`), read from the test bundle.
func fixturePages() throws -> [SpecPage] {
    let folder = try #require(GoldenFile.bundleFolder).appendingPathComponent("Input/docs-ja")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
    #expect(names == ["errors.md", "request.md"])
    return try names.map { name in
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        return try #require(specPage(String(decoding: data, as: UTF8.self), relativePath: name))
    }
}

/// Generates with the imports the repository uses.
func generate(_ pages: [SpecPage], imports: [String] = ["AppStoreServerAPI"]) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
    ConformanceTranslator(options: GeneratorOptions(imports: imports)).generate(pages)
}

/// A fresh empty temporary folder, removed by `cleanup`.
final class TempFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-cg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every entry name with its bytes, sorted by name.
    func snapshot() throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            out[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) ?? Data()
        }
        return out
    }
}

/// Splits generated Swift into code outside string literals and comments, and the decoded values
/// of its string literals. Fails (returns `nil`) on a literal it cannot decode.
func lexGeneratedSwift(_ source: String) -> (code: String, literals: [String])? {
    let s = Array(source.unicodeScalars)
    var code = String.UnicodeScalarView()
    var literals: [String] = []
    var i = 0
    while i < s.count {
        if s[i] == "/", i + 1 < s.count, s[i + 1] == "/" {
            while i < s.count, s[i] != "\n" { i += 1 }
            continue
        }
        if s[i] == "\"" {
            var j = i + 1
            while j < s.count, s[j] != "\"" {
                if s[j] == "\n" { return nil }
                j += s[j] == "\\" ? 2 : 1
            }
            guard j < s.count else { return nil }
            var lit = String.UnicodeScalarView()
            lit.append(contentsOf: s[i...j])
            guard let value = decodeSwiftStringLiteral(String(lit)) else { return nil }
            literals.append(value)
            code.append(contentsOf: "\"\"".unicodeScalars)
            i = j + 1
            continue
        }
        code.append(s[i])
        i += 1
    }
    return (String(code), literals)
}

/// `-I <folder>` for the built `DocSpecTesting` module (this test target depends on it, so it sits
/// in the build's `Modules` folder next to the test bundle), or nothing when it is not found.
func docSpecTestingModuleArguments() -> [String] {
    let fm = FileManager.default
    var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    for _ in 0..<5 {
        let modules = dir.appendingPathComponent("Modules")
        if fm.fileExists(atPath: modules.appendingPathComponent("DocSpecTesting.swiftmodule").path) { return ["-I", modules.path] }
        dir.deleteLastPathComponent()
    }
    return []
}

/// The rows of the generated data file `name` (`data/<page>.table<N>.json`), or
/// `nil` when there is no such file or its text is no data file.
func dataRows(_ files: [GeneratedFile], _ name: String) -> [[String: Any]]? {
    guard let source = files.first(where: { $0.name == name })?.contents,
        let object = try? JSONSerialization.jsonObject(with: Data(source.utf8)) as? [String: Any]
    else { return nil }
    return object["rows"] as? [[String: Any]]
}
