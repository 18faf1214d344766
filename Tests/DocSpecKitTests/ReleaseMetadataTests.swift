import DocSpecKit
import Foundation
import Testing

/// What a package depending on DocSpec reads before it adds the dependency: the licence, the
/// version and the changelog, kept in step with the code.
@Suite("Release metadata")
struct ReleaseMetadataTests {
    static func read(_ name: String) throws -> String {
        let url = RuleRegistryTests.packageRoot.appendingPathComponent(name)
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test("the version is major.minor.patch and --version prints it")
    func version() throws {
        let parts = DocSpecVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }, "\(DocSpecVersion.current)")
        let ws = try Workspace()
        let r = ws.run(["--version"])
        #expect(r.status == 0 && r.out == "docspec \(DocSpecVersion.current)\n", "\(r.transcript)")
    }

    @Test("the changelog's top released section is the current version, with a date, below Unreleased")
    func changelog() throws {
        let text = try Self.read("CHANGELOG.md")
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## [") }.map(String.init)
        #expect(headings.first == "## [Unreleased]", "\(headings)")
        let released = try #require(headings.dropFirst().first, "no released section")
        let pattern = "## [\(DocSpecVersion.current)] - "
        #expect(released.hasPrefix(pattern), "the top release is '\(released)', the code says \(DocSpecVersion.current)")
        let date = released.dropFirst(pattern.count)
        #expect(date.count == 10 && date.split(separator: "-").count == 3, "'\(date)' is not YYYY-MM-DD")
    }

    @Test("LICENSE is the Apache License 2.0")
    func license() throws {
        let text = try Self.read("LICENSE")
        #expect(text.contains("Apache License") && text.contains("Version 2.0, January 2004"))
        #expect(text.contains("END OF TERMS AND CONDITIONS"), "the licence text is incomplete")
    }
}
