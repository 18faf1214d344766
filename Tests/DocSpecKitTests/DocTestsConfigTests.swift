import DocDiagnostics
import DocSpecKit
import Foundation
import Testing

@Suite("docspec.yml: doc-tests")
struct DocTestsConfigTests {
    func load(_ yaml: String) throws(DocSpecError) -> Config {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-cfg-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("docspec.yml")
        try? yaml.write(to: url, atomically: true, encoding: .utf8)
        return try Config.load(from: url, displayPath: "docspec.yml")
    }

    static let base = "source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\n"

    @Test("off unless listed; a list turns swift samples into tests")
    func parsed() throws {
        #expect(try load(Self.base).docTests.isEmpty)
        #expect(try load(Self.base + "doc-tests:\n  - swift\n").docTests == ["swift"])
        #expect(try load(Self.base + "doc-tests:\n  - Swift\n").docTests == ["swift"])
    }

    @Test("another language, a single value or a mapping is a configuration error at its line and column")
    func rejected() {
        #expect(throws: DocSpecError.config("'doc-tests' supports the language 'swift' only", at: .init(file: "docspec.yml", line: 5, column: 1))) {
            try load(Self.base + "doc-tests:\n  - rust\n")
        }
        #expect(throws: DocSpecError.config(
            "'doc-tests' must be a list, not a mapping: write '- swift' on the next line", at: .init(file: "docspec.yml", line: 5, column: 1))
        ) {
            try load(Self.base + "doc-tests:\n  swift: yes\n")
        }
        #expect(throws: DocSpecError.config(
            "'doc-tests' must be a list, not a single value ('swift'): write '- swift' on the next line",
            at: .init(file: "docspec.yml", line: 5, column: 12))
        ) {
            try load(Self.base + "doc-tests: swift\n")
        }
    }
}
