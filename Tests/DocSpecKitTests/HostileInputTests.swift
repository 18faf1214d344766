import DocDiagnostics
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
        #expect(ws.generatedFiles(in: "Generated") == GenerateCommandTests.expectedFiles)
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
        #expect(ws.generatedFiles(in: "Generated") == GenerateCommandTests.expectedFiles)
        let check = ws.run(["check"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(ws.run(["generate"]).out.hasSuffix("0 written\n"))
    }

    @Test("a symbolic link in a target folder pointing into the source folder does not make its pages target pages")
    func linkIntoOtherLocale() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docs-ja/more/note.md", "# メモ\n\n本文です。\n")
        try FileManager.default.createSymbolicLink(atPath: ws.url("docs-ru/ja-more").path, withDestinationPath: "../docs-ja/more")
        try FileManager.default.createSymbolicLink(atPath: ws.url("docs-ru/linked.md").path, withDestinationPath: "../docs-ja/errors.md")
        let r = ws.run(["extract"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("docs-ja/more/note.md"), "the source page itself is read")
        #expect(!r.out.contains("ja-more") && !r.out.contains("docs-ru/linked.md"), "ja pages counted as ru pages: \(r.out.prefix(2000))")
        let lint = ws.run(["lint"])
        #expect(!lint.out.contains("ja-more") && !lint.out.contains("linked.md"), "\(lint.transcript)")
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

    // MARK: stamp reports pages it cannot read

    static let undecodable: [(name: String, bytes: [UInt8], problem: String)] = [
        ("NUL byte", Array("---\nid: errors\n---\n\n# A\u{0}B\n".utf8), "NUL byte"),
        ("invalid UTF-8", Array("---\nid: errors\n---\n\n# A".utf8) + [0xC3, 0x28] + Array("\n".utf8), "not valid UTF-8"),
        ("UTF-16", [0xFF, 0xFE] + "---\nid: errors\n---\n\n# A\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "UTF-16"),
    ]

    @Test("stamp and stamp --check exit 1 naming a target or source page that cannot be decoded, and the problem",
          arguments: ["docs-ru", "docs-ja"], 0..<3)
    func stampUndecodable(_ folder: String, _ index: Int) throws {
        let (name, bytes, problem) = Self.undecodable[index]
        for command in [["stamp", "--check"], ["stamp"]] {
            let ws = try Workspace(fixture: "clean")
            try ws.write("\(folder)/errors.md", bytes: bytes)
            let r = ws.run(command)
            let what = "\(folder), \(name), \(command): \(r.transcript)"
            #expect(r.status == 1, "\(what)")
            #expect(r.err.contains("\(folder)/errors.md") && r.err.contains(problem), "\(what)")
            #expect(r.out.contains("not stamped"), "\(what)")
        }
    }

    @Test("stamp and stamp --check exit 1 naming a page that cannot be read (a dangling link)")
    func stampUnreadable() throws {
        for command in [["stamp", "--check"], ["stamp"]] {
            let ws = try Workspace(fixture: "clean")
            try ws.remove("docs-ru/errors.md")
            try FileManager.default.createSymbolicLink(atPath: ws.url("docs-ru/errors.md").path, withDestinationPath: "gone.md")
            let r = ws.run(command)
            #expect(r.status == 1, "\(command): \(r.transcript)")
            #expect(r.err.contains("docs-ru/errors.md") && r.err.contains("not a readable regular file"), "\(command): \(r.transcript)")
        }
    }

    @Test("stamp given an undecodable page by path reports the page's problem, not a usage error")
    func stampNamedUndecodable() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docs-ru/errors.md", bytes: Self.undecodable[1].bytes)
        let r = ws.run(["stamp", "docs-ru/errors.md"])
        #expect(r.status == 1, "\(r.transcript)")
        #expect(r.err.contains("docs-ru/errors.md") && r.err.contains("not valid UTF-8"), "\(r.transcript)")
    }

    @Test("lint and extract name a UTF-16 page (with or without a byte order mark) and say UTF-16",
          arguments: ["lint", "extract"], [true, false])
    func utf16Page(_ command: String, _ bom: Bool) throws {
        let text = "---\nid: errors\n---\n\n# Ошибки\n\nText.\n"
        // Without a byte order mark: big-endian, recognised by its zero high bytes.
        let bytes: [UInt8] = bom
            ? [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            : text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for folder in ["docs-ru", "docs-ja"] {
            let ws = try Workspace(fixture: "clean")
            try ws.write("\(folder)/errors.md", bytes: bytes)
            let r = ws.run([command])
            let what = "\(command), \(folder), BOM \(bom): \(r.transcript)"
            #expect(r.status == 1, "\(what)")
            let line = r.err.split(separator: "\n").first { $0.contains("\(folder)/errors.md") && $0.contains("invalid-utf8") }
            #expect(line?.contains("file is UTF-16 (\(bom ? "little" : "big")-endian), not UTF-8") == true, "\(what)")
        }
    }

    // MARK: control characters never reach the terminal raw

    @Test("control characters from a page are escaped in text and GitHub output", arguments: ["text", "github"])
    func controlCharactersEscaped(_ format: String) throws {
        let ws = try Workspace(fixture: "clean")
        try ws.edit("docs-ja/errors.md", replacing: "## エンドポイント", with: "## Gone\u{1B}[1A\u{1B}[2K\u{7}\u{9B}31m\n\n本文。\n\n## エンドポイント")
        let r = ws.run(["lint", "--format", format])
        let all = r.out + r.err
        #expect(all.contains("missing-section"), "\(r.transcript)")
        #expect(all.contains("Gone\\u{1B}[1A\\u{1B}[2K\\u{7}\\u{9B}31m"), "\(r.transcript.debugDescription)")
        let raw = all.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" }
        #expect(raw.isEmpty, "raw control characters: \(raw.map { String($0.value, radix: 16) })")
    }

    @Test("tables escapes control characters from page cells, headers and headings in every format", arguments: ["md", "csv", "json", "html"])
    func tablesEscapeControlCharacters(_ format: String) throws {
        let ws = try Workspace(fixture: "clean")
        try ws.edit("docs-ja/errors.md", replacing: "要求が多すぎます。", with: "要求が\u{1B}[2K多すぎ\u{7}\u{9B}31mます。\u{1B}]8;;x\u{1B}\\")
        try ws.edit("docs-ja/errors.md", replacing: "## エラーコード", with: "## エラー\u{1B}[1Aコード")
        try ws.edit("docs-ja/errors.md", replacing: "| 説明 |", with: "| 説明\u{8} |")
        // CSV holds one table: the edited one.
        let only = format == "csv" ? ["--table", "error-codes:FixtureError"] : []
        let r = ws.run(["tables", "--format", format, "--locales", "ja"] + only)
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("4290000"), "\(r.transcript)")
        #expect(Self.rawControls(r.out).filter { $0 != "d" }.isEmpty, "raw control characters: \(Self.rawControls(r.out)) in \(r.out.debugDescription)")
        if format == "csv" {
            // CSV records end in CRLF; every other CR is page text.
            #expect(!r.out.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        }
        let out = try #require(ws.run(["tables", "--format", format, "--locales", "ja", "--output", "t.\(format)"] + only).status == 0 ? ws.read("t.\(format)") : nil)
        #expect(Self.rawControls(out).filter { $0 != "d" }.isEmpty, "file: \(Self.rawControls(out))")
    }

    /// The scalars of `s` that are control characters (line feeds aside).
    static func rawControls(_ s: String) -> [String] {
        s.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" }.map { String($0.value, radix: 16) }
    }

    @Test("stamp --check escapes control characters in the source page's name")
    func stampCheckSourceNameEscaped() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.moveItem(at: ws.url("docs-ja/errors.md"), to: ws.url("docs-ja/err\u{1B}[2Jors.md"))
        let r = ws.run(["stamp", "--check"])
        #expect(r.status == 1, "\(r.transcript)")
        #expect(r.err.contains("(source: docs-ja/err\\u{1B}[2Jors.md)"), "\(r.transcript.debugDescription)")
        #expect(Self.rawControls(r.out + r.err).isEmpty, "\(r.transcript.debugDescription)")
    }

    @Test("stamp given a page without a source page (as a shell glob would) escapes its name in the error")
    func stampUsageErrorEscaped() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docs-ru/orphan\u{1B}]8;;x\u{1B}\\.md", "# Сирота\n")
        let r = ws.run(["stamp", "docs-ru/orphan\u{1B}]8;;x\u{1B}\\.md"])
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.contains("orphan\\u{1B}]8;;x\\u{1B}\\.md"), "\(r.transcript.debugDescription)")
        #expect(Self.rawControls(r.out + r.err).isEmpty, "\(r.transcript.debugDescription)")
    }

    @Test("generate escapes control characters in the names of the generated files it removes")
    func generateRemovedNameEscaped() throws {
        let ws = try Workspace(fixture: "clean")
        #expect(ws.run(["generate"]).status == 0)
        let generated = try #require(ws.read("Generated/errors.swift"))
        try ws.write("Generated/\u{1B}[31mstale.swift", generated)
        let r = ws.run(["generate"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("1 removed (\\u{1B}[31mstale.swift)"), "\(r.transcript.debugDescription)")
        #expect(Self.rawControls(r.out + r.err).isEmpty, "\(r.transcript.debugDescription)")
    }

    @Test("JSON and SARIF write DEL, C1 controls and bidi overrides as \\u escapes (the encoder escapes only C0)",
          arguments: ["json", "sarif"])
    func jsonControlCharactersEscaped(_ format: String) throws {
        let ws = try Workspace(fixture: "clean")
        let heading = "Gone\u{7F}\u{9B}2J\u{202E}\u{2066}x"
        try ws.edit("docs-ja/errors.md", replacing: "## エンドポイント", with: "## \(heading)\n\n本文。\n\n## エンドポイント")
        let r = ws.run(["lint", "--format", format])
        #expect(r.out.contains("missing-section"), "\(r.transcript)")
        let raw = r.out.unicodeScalars.filter { ControlCharacters.isEscaped($0) && $0 != "\n" }
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
        #expect(r.out.contains("Gone\\u007f\\u009b2J\\u202e\\u2066x"), "\(r.out.debugDescription)")
        // Still JSON, and the message still holds the page's characters.
        _ = try JSONSerialization.jsonObject(with: Data(r.out.utf8))
        let decoded = try #require(String(data: try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(r.out.utf8))), encoding: .utf8))
        #expect(decoded.contains(heading))
    }
}
