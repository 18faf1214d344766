import DocSpecKit
import Foundation
import Testing

// Defects found by trying the CLI with hostile input (issue 13): nested locale folders, lone-CR
// line endings, pages that cannot be decoded, control characters in page text.

@Suite("hostile input")
struct HostileInputTests {
    // MARK: generate and check agree on which pages are source pages

    @Test("a target locale folder inside the source folder is not read as source pages by generate")
    func nestedTargetFolder() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.moveItem(at: ws.url("docs-ru"), to: ws.url("docs-ja/ru"))
        try ws.edit("docspec.yml", replacing: "ru: docs-ru", with: "ru: docs-ja/ru")
        let g = ws.run(["generate"])
        #expect(g.status == 0, "\(g.transcript)")
        #expect(ws.swiftFiles(in: "Generated") == GenerateCommandTests.expectedFiles)
        let check = ws.run(["check"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(ws.run(["generate", "--check"]).status == 0)
    }

    @Test("a symbolic link in the source folder pointing back up is not followed into other locales")
    func linkBackUp() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.createSymbolicLink(atPath: ws.url("docs-ja/up").path, withDestinationPath: "..")
        let g = ws.run(["generate"])
        #expect(g.status == 0, "\(g.transcript)")
        #expect(ws.swiftFiles(in: "Generated") == GenerateCommandTests.expectedFiles)
        let check = ws.run(["check"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(ws.run(["generate"]).out.hasSuffix("0 written\n"))
    }

    // MARK: stamp and lone CRs

    @Test("stamp on a page with lone-CR line endings replaces its front matter instead of adding a second one")
    func stampLoneCR() throws {
        let ws = try Workspace(fixture: "clean")
        let original = try #require(ws.read("docs-ru/errors.md"))
        try ws.write("docs-ru/errors.md", original.replacingOccurrences(of: "\n", with: "\r"))
        let r = ws.run(["stamp"])
        #expect(r.status == 0, "\(r.transcript)")
        let stamped = try #require(ws.read("docs-ru/errors.md"))
        #expect(stamped.hasPrefix("---\rid: errors\r"), "\(stamped.prefix(120).debugDescription)")
        #expect(stamped.components(separatedBy: "---\r").count == 3, "one front matter block: \(stamped.prefix(300).debugDescription)")
        #expect(stamped.contains("translation-of:\r  locale: ja\r  hash: "))
        #expect(!stamped.contains("\n"), "the page keeps its CR line endings")
        #expect(ws.run(["stamp", "--check"]).status == 0)
        let lint = ws.run(["lint"])
        #expect(lint.err.isEmpty, "\(lint.transcript)")
    }
}
