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

    @Test("off unless listed; a list or a single value turns swift samples into tests")
    func parsed() throws {
        #expect(try load(Self.base).docTests.isEmpty)
        #expect(try load(Self.base + "doc-tests:\n  - swift\n").docTests == ["swift"])
        #expect(try load(Self.base + "doc-tests: Swift\n").docTests == ["swift"])
    }

    @Test("another language or a mapping is a configuration error naming the line")
    func rejected() {
        #expect(throws: DocSpecError.config("docspec.yml:5: 'doc-tests' supports the language 'swift' only")) {
            try load(Self.base + "doc-tests:\n  - rust\n")
        }
        #expect(throws: DocSpecError.config("docspec.yml:5: 'doc-tests' must list languages, e.g. '- swift'")) {
            try load(Self.base + "doc-tests:\n  swift: yes\n")
        }
    }
}
