@testable import DocSpecKit
import Foundation
import Testing

/// Which pages a run reads: the extensions, an empty doc set refused, paths on the command line,
/// `include:`/`exclude:` and where `docspec.yml` is found.
@Suite("page selection")
struct PageSelectionTests {
    static let page = "# Title\n\nText.\n"

    @Test("a locale folder with no page is an error naming the folder and the extensions", arguments: ["lint", "check", "extract", "generate", "tables", "stamp"])
    func emptyLocale(_ command: String) throws {
        let ws = try Workspace(fixture: "clean")
        for file in ["errors.md", "request.md"] { try ws.remove("docs-ja/\(file)") }
        try ws.write("docs-ja/notes.txt", "not a page\n")
        let r = ws.run([command])
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.contains(
            "folder 'docs-ja' of locale 'ja' has no Markdown pages (looked for *.md, *.markdown, *.mdx in it and its subfolders"), "\(r.err)")
        #expect(!r.out.contains("0 files, up to date"), "\(r.transcript)")
    }

    @Test("both folders empty: exit 2, not a green run")
    func bothEmpty() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(at: ws.url("ja"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: ws.url("ru"), withIntermediateDirectories: true)
        let r = ws.run(["lint", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"])
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.contains("folder 'ja' of locale 'ja' has no Markdown pages"), "\(r.err)")
    }

    @Test(".markdown and .mdx pages are read and paired with .md translations")
    func otherExtensions() throws {
        let ws = try Workspace()
        try ws.write("ja/a.markdown", Self.page)
        try ws.write("ja/b.mdx", Self.page)
        try ws.write("ru/a.md", Self.page)
        try ws.write("ru/b.mdx", Self.page)
        let r = ws.run(["lint", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("pages per locale: ja 2, ru 2;"), "\(r.out)")
        #expect(r.out.contains("; 2 page pairs;"), "\(r.out)")
    }

    @Test("'extensions:' in docspec.yml sets the names read")
    func configuredExtensions() throws {
        let ws = try Workspace()
        try ws.write("ja/a.md", Self.page)
        try ws.write("ja/b.txt", Self.page)
        try ws.write("ru/a.md", Self.page)
        try ws.write("ru/b.txt", Self.page)
        try ws.write("docspec.yml", "source: ja\nlocales:\n  ja: ja\n  ru: ru\nextensions:\n  - txt\n  - .MD\n")
        let r = ws.run(["lint"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("pages per locale: ja 2, ru 2;"), "\(r.out)")
        try ws.write("docspec.yml", "source: ja\nlocales:\n  ja: ja\n  ru: ru\nextensions:\n  - .rst\n")
        let none = ws.run(["lint"])
        #expect(none.status == 2, "\(none.transcript)")
        #expect(none.err.contains("has no Markdown pages (looked for *.rst in it"), "\(none.err)")
    }

    @Test("check on pages without spec tables says there is nothing to generate, not '0 files, up to date'")
    func checkNothingToGenerate() throws {
        let ws = try Workspace()
        try ws.write("ja/a.md", Self.page)
        try ws.write("ru/a.md", Self.page)
        let r = ws.run(["check", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.hasSuffix("; Generated/: nothing to generate (no spec tables or typed samples in ja); the folder does not exist\n"), "\(r.out)")
    }

    @Test("lint PATH… checks only those pages and their counterparts; findings elsewhere are not this run's")
    func paths() throws {
        let ws = try Workspace(fixture: "drift")
        let all = ws.run(["lint"])
        #expect(all.err.contains("docs-ru/errors.md:") && all.err.contains("docs-ru/request.md:"), "\(all.err)")
        // A target page brings its source page; a source page brings its translations.
        for argument in ["docs-ru/errors.md", "docs-ja/errors.md", "./docs-ru/../docs-ru/errors.md"] {
            let r = ws.run(["lint", argument])
            #expect(r.status == 1, "\(r.transcript)")
            #expect(r.out.contains("pages per locale: ja 1, ru 1;") && r.out.contains("; 1 page pairs;"), "\(argument): \(r.out)")
            #expect(r.err.contains("docs-ru/errors.md:") && !r.err.contains("request.md"), "\(argument): \(r.err)")
        }
        // The findings about the page are the same as in the whole run.
        let one = ws.run(["lint", "docs-ru/errors.md"]).err
        let expected = all.err.split(separator: "\n").filter { $0.contains("errors.md") }
        #expect(one.split(separator: "\n").filter { $0.contains("errors.md") } == expected)
        // A folder selects the pages below it; from inside a locale folder the config is found above.
        #expect(ws.run(["lint", "docs-ru"]).out.contains("ja 2, ru 2"))
        let sub = Workspace.Sub(ws, "docs-ru")
        let inside = sub.run(["lint", "errors.md"])
        #expect(inside.status == 1, "\(inside.transcript)")
        #expect(inside.out.contains("pages per locale: ja 1, ru 1;"), "\(inside.transcript)")
        #expect(inside.err.contains("docs-ru/errors.md:"), "\(inside.err)")
        // Not a page: exit 2 naming it.
        let missing = ws.run(["lint", "docs-ru/nope.md"])
        #expect(missing.status == 2 && missing.err.contains("'docs-ru/nope.md' does not exist"), "\(missing.transcript)")
        let outside = ws.run(["lint", "docspec.yml"])
        #expect(outside.status == 2 && outside.err.contains("'docspec.yml' is in no locale folder (ja: docs-ja, ru: docs-ru)"), "\(outside.transcript)")
    }

    @Test("extract PATH… prints only those pages and their counterparts")
    func extractPaths() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["extract", "docs-ru/request.md"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("docs-ja/request.md") && r.out.contains("docs-ru/request.md") && !r.out.contains("errors.md"))
    }

    @Test("include: and exclude: globs select the pages of every locale")
    func includeExclude() throws {
        let ws = try Workspace(fixture: "drift")
        let config = try #require(ws.read("docspec.yml"))
        try ws.write("docspec.yml", config + "exclude:\n  - errors.md\n")
        let r = ws.run(["lint"])
        #expect(r.out.contains("pages per locale: ja 1, ru 1;"), "\(r.transcript)")
        #expect(!r.err.contains("errors.md"), "\(r.err)")
        try ws.write("docspec.yml", config + "include:\n  - 'err*'\n")
        #expect(ws.run(["lint"]).out.contains("pages per locale: ja 1, ru 1;"))
        try ws.write("docspec.yml", config + "include:\n  - guides/**\n")
        let none = ws.run(["lint"])
        #expect(none.status == 2 && none.err.contains("as 'include:' and 'exclude:' select them"), "\(none.transcript)")
    }

    @Test("globs: * within a segment, ** across segments, no slash matches the name at any depth")
    func globs() {
        #expect(Glob("guides/**").matches("guides/a/b.md"))
        #expect(Glob("guides/**").matches("guides/a.md"))
        #expect(!Glob("guides/**").matches("other/a.md"))
        #expect(Glob("**/draft-*.md").matches("draft-1.md"))
        #expect(Glob("**/draft-*.md").matches("a/b/draft-1.md"))
        #expect(!Glob("guides/*.md").matches("guides/a/b.md"))
        #expect(Glob("*.mdx").matches("deep/er/page.mdx"))
        #expect(Glob("a?c.md").matches("abc.md") && !Glob("a?c.md").matches("a/c.md"))
    }

    @Test("docspec.yml is found in the nearest folder above; its paths are relative to its folder")
    func configUpward() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.createDirectory(at: ws.url("docs-ja/sub/deeper"), withIntermediateDirectories: true)
        let r = Workspace.Sub(ws, "docs-ja/sub/deeper").run(["lint"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("pages per locale: ja 2, ru 2;"), "\(r.out)")
        try ws.write("docspec.yml", "source: ja\nlocales: ja\n")
        let bad = Workspace.Sub(ws, "docs-ja").run(["lint"])
        #expect(bad.err.hasPrefix("../docspec.yml:2:10: error: 'locales' must map locale codes to folders"), "\(bad.transcript)")
    }
}

extension Workspace {
    /// Runs the CLI with a folder inside a workspace as the current folder.
    struct Sub {
        let root: URL
        init(_ ws: Workspace, _ path: String) { root = ws.url(path) }

        func run(_ arguments: [String]) -> CLIResult {
            let buffer = OutputBuffer()
            let status = DocSpecCLI.run(arguments, output: buffer.output, currentDirectory: root)
            let (out, err) = buffer.contents
            return CLIResult(status: status, out: out, err: err)
        }
    }
}
