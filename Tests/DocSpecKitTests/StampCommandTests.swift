import DocSpecKit
import Foundation
import Testing

// `docspec stamp` writes the source's content hashes into translations; `stale-translation`
// then reports what changed in the source since.

@Suite("docspec stamp")
struct StampCommandTests {
    @Test("stamp, then lint is clean; an edited source section is exactly one stale-translation finding naming it")
    func stampThenLint() throws {
        let ws = try Workspace(fixture: "clean")
        let stamped = ws.run(["stamp"])
        #expect(stamped.status == 0, "\(stamped.transcript)")
        #expect(stamped.out == "docspec stamp: 2 pages stamped, 0 already up to date\n")
        #expect(ws.read("docs-ru/errors.md")?.contains("translation-of:\n  locale: ja\n  hash: ") == true)
        let clean = ws.run(["lint"])
        #expect(clean.status == 0 && clean.err.isEmpty && clean.out.contains("0 errors, 0 warnings"), "\(clean.transcript)")

        try ws.edit("docs-ja/errors.md", replacing: "要求が多すぎます。", with: "要求が多すぎます。しばらく待ってください。")
        let lint = ws.run(["lint"])
        #expect(lint.status == 0, "warnings only: \(lint.transcript)")
        #expect(lint.err == """
            docs-ru/errors.md:17:1: warning: section 'エラーコード' changed in the source (ja) since this translation was stamped; review the translation, then run 'docspec stamp' [stale-translation]
            docs-ja/errors.md:10:1: note: the section in the source locale (ja)

            """)
        #expect(lint.out.contains("0 errors, 1 warning"))

        // After review, stamping that one page again makes lint clean.
        let again = ws.run(["stamp", "docs-ru/errors.md"])
        #expect(again.out == "docspec stamp: 1 page stamped, 0 already up to date\n", "\(again.transcript)")
        #expect(ws.run(["lint"]).err.isEmpty)
    }

    @Test("--check writes nothing and exits 1 naming each page with a missing or outdated stamp; a second stamp changes nothing")
    func checkAndIdempotence() throws {
        let ws = try Workspace(fixture: "clean")
        let before = [ws.read("docs-ru/errors.md"), ws.read("docs-ru/request.md")]
        let check = ws.run(["stamp", "--check"])
        #expect(check.status == 1)
        #expect(check.err == """
            docs-ru/errors.md:1: no translation-of stamp (source: docs-ja/errors.md)
            docs-ru/request.md:1: no translation-of stamp (source: docs-ja/request.md)

            """)
        #expect(check.out == "docspec stamp --check: 2 pages with a missing or outdated stamp, 0 up to date (nothing was written)\n")
        #expect([ws.read("docs-ru/errors.md"), ws.read("docs-ru/request.md")] == before)

        #expect(ws.run(["stamp"]).status == 0)
        let first = [ws.read("docs-ru/errors.md"), ws.read("docs-ru/request.md")]
        let second = ws.run(["stamp"])
        #expect(second.out == "docspec stamp: 0 pages stamped, 2 already up to date\n")
        #expect([ws.read("docs-ru/errors.md"), ws.read("docs-ru/request.md")] == first)
        #expect(ws.run(["stamp", "--check"]).status == 0)

        try ws.edit("docs-ja/request.md", replacing: "## 状態", with: "## 状態の一覧")
        let outdated = ws.run(["stamp", "--check"])
        #expect(outdated.status == 1)
        #expect(outdated.err == "docs-ru/request.md:4: the translation-of stamp is out of date (source: docs-ja/request.md)\n")
    }

    @Test("only translation-of is rewritten: comments, key order, quoting and CRLF line endings are kept byte for byte")
    func frontMatterPreserved() throws {
        let ws = try Workspace(fixture: "clean")
        let ru = try #require(ws.read("docs-ru/errors.md"))
        let body = ru.components(separatedBy: "---\n").dropFirst(2).joined(separator: "---\n")
        // An old stamp in the middle, a comment, a quoted value and CRLF endings.
        let page = """
            ---
            # Translated by Anna; reviewed 2026-05
            id: errors
            translation-of:
              locale: ja
              hash: 0000000000000000

              sections:
                old: 0000000000000000
            title: "Ошибки и конечные точки"   # shown in the sidebar
            tags: [api, errors]
            ---

            """.replacingOccurrences(of: "\n", with: "\r\n") + body.replacingOccurrences(of: "\n", with: "\r\n")
        try ws.write("docs-ru/errors.md", page)
        try ws.write("docs-ru/request.md", "\u{FEFF}" + (try #require(ws.read("docs-ru/request.md"))).components(separatedBy: "---\n").dropFirst(2).joined(separator: "---\n"))
        #expect(ws.run(["stamp"]).status == 0)

        let stamp = try #require(ws.read("docs-ru/errors.md"))
        let lines = stamp.components(separatedBy: "\r\n")
        #expect(Array(lines[0...3]) == ["---", "# Translated by Anna; reviewed 2026-05", "id: errors", "translation-of:"])
        #expect(lines[4] == "  locale: ja")
        #expect(lines[5].hasPrefix("  hash: ") && lines[5].count == 24)
        #expect(Array(lines[6...9].map { String($0.prefix(8)) }) == ["  sectio", "    エラーと", "    エラーコ", "    エンドポ"])
        #expect(Array(lines[10...12]) == [#"title: "Ошибки и конечные точки"   # shown in the sidebar"#, "tags: [api, errors]", "---"])
        #expect(stamp.hasSuffix(body.replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(!stamp.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line keeps CRLF")

        // A page without front matter gets one; its byte order mark stays first.
        let request = try #require(ws.read("docs-ru/request.md"))
        #expect(request.hasPrefix("\u{FEFF}---\ntranslation-of:\n  locale: ja\n"))
        #expect(request.contains("\n---\n\n# FixtureRequest\n"))
        let lint = ws.run(["lint"])
        #expect(lint.status == 0 && lint.err.isEmpty, "\(lint.transcript)")
    }

    @Test("a malformed stamp is a front-matter error in lint; stamp writes it again; unknown pages are usage errors")
    func malformedAndUsage() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.edit("docs-ru/errors.md", replacing: "id: errors\n", with: "id: errors\ntranslation-of:\n  locale: ja\n  hash: 12345\n")
        let lint = ws.run(["lint"])
        #expect(lint.status == 1)
        #expect(lint.err.hasPrefix("docs-ru/errors.md:5:1: error: 'translation-of' has a 'hash' that is not 16 lower-case hex digits; run 'docspec stamp' to write it again [front-matter]\n"), "\(lint.err)")
        #expect(ws.run(["stamp"]).status == 0)
        #expect(ws.run(["lint"]).status == 0)

        // Front matter that is not valid YAML is left alone; lint reports it.
        try ws.edit("docs-ru/errors.md", replacing: "id: errors\n", with: "id: errors\ntags: [oops\n")
        let broken = try #require(ws.read("docs-ru/errors.md"))
        let notStamped = ws.run(["stamp"])
        #expect(notStamped.status == 1)
        #expect(notStamped.err.contains("docs-ru/errors.md:"), "\(notStamped.err)")
        #expect(notStamped.out.contains("1 not stamped (see above)"), "\(notStamped.out)")
        #expect(ws.read("docs-ru/errors.md") == broken)

        // TOML front matter is left alone.
        let request = try #require(ws.read("docs-ru/request.md"))
        let toml = "+++\ntitle = \"FixtureRequest\"\n+++\n" + request.components(separatedBy: "---\n").dropFirst(2).joined(separator: "---\n")
        try ws.write("docs-ru/request.md", toml)
        let refused = ws.run(["stamp"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("docs-ru/request.md:1:1: error: TOML front matter ('+++') cannot hold a translation-of stamp"), "\(refused.err)")
        #expect(ws.read("docs-ru/request.md") == toml)

        let unknown = ws.run(["stamp", "docs-ja/errors.md"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("docspec: error: 'docs-ja/errors.md' is not a translated page of a target locale"), "\(unknown.err)")
        #expect(ws.run(["stamp", "--help"]).out.contains("USAGE: docspec stamp [--check] [options] [<target page>…]"))
        #expect(ws.run(["--help"]).out.contains("  stamp     Record in translations"))
    }

    @Test("stamp given a translated page and an unknown one writes nothing: the usage error comes first")
    func unknownPageWritesNothing() throws {
        let ws = try Workspace(fixture: "clean")
        let before = try #require(ws.read("docs-ru/errors.md"))
        try ws.write("docs-ru/orphan.md", "# Сирота\n")
        let r = ws.run(["stamp", "docs-ru/errors.md", "docs-ru/orphan.md"])
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: 'docs-ru/orphan.md' is not a translated page of a target locale"), "\(r.transcript)")
        #expect(ws.read("docs-ru/errors.md") == before, "docs-ru/errors.md was stamped before the usage error")
    }
}
