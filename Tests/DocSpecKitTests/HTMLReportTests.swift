@testable import DocSpecKit
import Foundation
import DocDiagnostics
import Testing

/// `docspec report --html <dir>`: the static page set, its marks at the drifted cells and lines,
/// links, escaping, exit codes and how it writes into the folder.
@Suite("HTML report")
struct HTMLReportTests {
    @Test("the drift fixture's report matches the golden pages")
    func golden() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["report", "--html", "report"])
        #expect(r.status == 1, "\(r.transcript)")
        #expect(try Self.files(ws, "report") == ["docspec-report.css", "docspec-report.js", "index.html", "ru-errors.html", "ru-request.html"])
        for name in ["index.html", "ru-errors.html", "ru-request.html"] {
            GoldenFile.assertMatches(try #require(ws.read("report/\(name)")), golden: "report-drift/\(name)")
        }
        #expect(r.out == "docspec report: report/index.html (5 written, 0 unchanged); pages per locale: ja 2, ru 2; source (ja): 5 spec tables, 15 rows, 1 code samples; 2 page pairs; 4 errors, 0 warnings\n")
        // Findings are also printed like lint prints them.
        #expect(r.err == ws.run(["lint"]).err)
    }

    @Test("each finding is marked at its cell or line, numbered, and linked to file:line")
    func marks() throws {
        let ws = try Workspace(fixture: "drift")
        ws.run(["report", "--html", "report"])
        let errors = try #require(ws.read("report/ru-errors.html"))
        // The key changed in place (ru 4000014): the ru cell is the marked <td>, the ja cell a note.
        #expect(errors.contains(##"<td id="t1r2t-code" class="conflict hit-error"><span id="t1r2s-code" class="hit-note"><span class="lc">ja:</span> <code>4000041</code></span> <a class="badge note" href="#f1" title="note for finding 1">1</a><br><span class="other"><span class="lc">ru:</span> <code>4000014</code></span> <a class="badge error" href="#f1""##))
        #expect(errors.contains(#"<td id="t1r3t-status" class="conflict hit-error">"#))
        #expect(errors.contains(##"<li id="f1" class="error"><span class="sev error">error</span> <code class="rule">cell-mismatch</code> 'code' of row '4000041' in table 'error-codes:FixtureError' is '4000014' in ru but '4000041' in ja — <span class="loc">ru:17:26</span> <a class="jump" href="#t1r2t-code">show</a>"##))
        #expect(errors.contains(##"<li>note: the cell in the source locale (ja) — <span class="loc">ja:17:26</span> <a class="jump" href="#t1r2s-code">show</a></li>"##))
        // The pair's files are linked once, in the page's header.
        #expect(errors.contains(#"ja (source): <a href="../docs-ja/errors.md">docs-ja/errors.md</a> · ru: <a href="../docs-ru/errors.md">docs-ru/errors.md</a>"#))
        // Nothing else is marked.
        #expect(errors.components(separatedBy: #"hit-error""#).count - 1 == 2)

        let request = try #require(ws.read("report/ru-request.html"))
        // The JSON sample's changed line is marked on both sides; the missing table where it belongs.
        #expect(request.contains(#"<td class="ln split">12</td><td id="s1tL12" class="src code hit-error">  &quot;playTime&quot;: 4,"#))
        #expect(request.contains(#"<td id="s1sL12" class="src code hit-note">  &quot;playTime&quot;: 3,"#))
        #expect(request.contains(#"<span id="t3t" class="where hit-error">ru: <span class="missing-label">no such table</span>"#))
        #expect(request.contains(#"<span id="t3s" class="where hit-note">ja (source): <a href="../docs-ja/request.md">docs-ja/request.md:43</a>"#))
        #expect(!request.contains("(not in a spec table or code sample)"))
    }

    @Test("the index counts findings per rule and per page pair and links each pair's page")
    func index() throws {
        let ws = try Workspace(fixture: "drift")
        ws.run(["report", "--html", "report"])
        let index = try #require(ws.read("report/index.html"))
        #expect(index.contains(#"<tr><td><button type="button" class="rule-filter" data-rule="cell-mismatch"><code>cell-mismatch</code></button></td><td class="num">2</td><td class="num">0</td>"#))
        #expect(index.contains(#"<tr><td><button type="button" class="rule-filter" data-rule="missing-table"><code>missing-table</code></button></td><td class="num">1</td><td class="num">0</td>"#))
        // Rows carry what the filters read: the rules, the translation's locale, the searchable text.
        #expect(index.contains(#"<tr class="row-error" data-rules=" code-sample-mismatch missing-table " data-locale="ru">"#))
        #expect(index.contains(#"<option value="cell-mismatch">cell-mismatch</option>"#) && index.contains(#"<option value="ru">ru</option>"#))
        #expect(index.contains(#"<a href="ru-errors.html">エラーとエンドポイント</a>"#))
        #expect(index.contains(#"<td class="num">2</td><td class="num">0</td><td><code>code-sample-mismatch</code> ×1, <code>missing-table</code> ×1</td>"#))
    }

    @Test("a clean pair set exits 0 and says so")
    func clean() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["report", "--html", "out/report"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.err.isEmpty)
        let index = try #require(ws.read("out/report/index.html"))
        #expect(index.contains("No drift and no problems found."))
        #expect(try #require(ws.read("out/report/ru-errors.html")).contains("No drift found on this page pair."))
        // Links climb out of the nested folder.
        #expect(index.contains(#"href="../../docs-ja/errors.md""#) == false, "the index lists paths as text")
        #expect(try #require(ws.read("out/report/ru-errors.html")).contains(#"<a href="../../docs-ja/errors.md">docs-ja/errors.md</a>"#))
    }

    @Test("usage errors exit 2", arguments: [
        ["report"], ["report", "--html"], ["report", "--html", ""], ["report", "--html", "r", "--format", "md"],
        ["report", "--html", "r", "--locales", "ja"], ["report", "--html", "r", "--locale", "ja=docs-ja", "--source", "ja"],
    ])
    func usage(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        if arguments.contains("--locale") { try ws.remove("docspec.yml") }
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "))
        #expect(!FileManager.default.fileExists(atPath: ws.url("r").path), "nothing is written on a usage error")
    }

    @Test("it writes only files it owns: a foreign file of the same name stops it, other files stay")
    func ownership() throws {
        let ws = try Workspace(fixture: "drift")
        try ws.write("report/notes.txt", "mine")
        try ws.write("report/custom.html", "<p>mine</p>")
        #expect(ws.run(["report", "--html", "report"]).status == 1)
        #expect(ws.read("report/notes.txt") == "mine")
        #expect(ws.read("report/custom.html") == "<p>mine</p>")

        // A second run with nothing changed rewrites nothing.
        let again = ws.run(["report", "--html", "report"])
        #expect(again.out.contains("(0 written, 5 unchanged)"), "\(again.transcript)")

        // A page of an earlier report that no longer exists is removed; a hand-written page is not.
        try ws.write("report/ru-old.html", try #require(ws.read("report/ru-errors.html")))
        let removed = ws.run(["report", "--html", "report"])
        #expect(removed.out.contains("1 removed"), "\(removed.transcript)")
        #expect(!FileManager.default.fileExists(atPath: ws.url("report/ru-old.html").path))
        #expect(ws.read("report/custom.html") == "<p>mine</p>")

        // A hand-written file where the report needs to write: exit 2, nothing written.
        try ws.write("report/ru-request.html", "<p>hand-written</p>")
        try ws.remove("report/index.html")
        let refused = ws.run(["report", "--html", "report"])
        #expect(refused.status == 2, "\(refused.transcript)")
        #expect(refused.err.contains("'ru-request.html' exists and was not written by DocSpec"))
        #expect(ws.read("report/ru-request.html") == "<p>hand-written</p>")
        #expect(ws.read("report/index.html") == nil)

        // A file where the folder should be.
        try ws.write("file", "x")
        #expect(ws.run(["report", "--html", "file"]).status == 2)
        #expect(try Self.files(ws, "report").allSatisfy { !$0.hasPrefix(".") }, "no temporary file is left behind")
    }

    @Test("hostile doc text is escaped everywhere; only DocSpec's own script is on each page")
    func hostile() throws {
        let ws = try Workspace(fixture: "drift")
        let hostile = #"<script>alert(1)</script>"#
        // Entities and code spans are how markup reaches a cell's text (raw inline HTML is dropped).
        try ws.edit("docs-ru/errors.md", replacing: "Слишком много запросов.", with: #"&lt;script&gt;alert(1)&lt;/script&gt; "q" 'a' &amp; `<img src=x onerror=alert(2)>`"#)
        try ws.edit("docs-ru/errors.md", replacing: "title: Ошибки и конечные точки", with: "title: \"\(hostile)\"")
        try ws.edit("docs-ja/errors.md", replacing: "## エラーコード", with: "## エラーコード &lt;script&gt;alert(1)&lt;/script&gt;")
        try ws.edit("docs-ru/request.md", replacing: #""status": "DELIVERED","#, with: #""status": "</script><script>alert(3)</script>","#)
        // A drifted invariant cell with hostile text: the finding's message quotes it.
        try ws.edit("docs-ru/errors.md", replacing: "| `RateLimitExceededError` | `4290000` | `492` |", with: "| `RateLimitExceededError` | `4290000` | `<b>` |")
        let r = ws.run(["report", "--html", "report"])
        #expect(r.status == 1, "\(r.transcript)")
        for name in try Self.files(ws, "report") where name.hasSuffix(".html") {
            let html = try #require(ws.read("report/\(name)"))
            #expect(!html.contains("<script>alert"), "\(name)")
            #expect(!html.contains("<img"), "\(name)")
            #expect(!html.contains("<b>"), "\(name)")
            #expect(html.components(separatedBy: "<script").count == 2, "\(name): only DocSpec's own script")
        }
        let errors = try #require(ws.read("report/ru-errors.html"))
        #expect(errors.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &#39;a&#39; &amp; <code>&lt;img src=x onerror=alert(2)&gt;</code>"), "inline code in a cell is escaped <code>")
        #expect(errors.contains("<title>エラーとエンドポイント | &lt;script&gt;alert(1)&lt;/script&gt; — DocSpec report</title>"))
        let request = try #require(ws.read("report/ru-request.html"))
        #expect(request.contains("&lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
    }

    @Test("the pages load only the report's own stylesheet and script; the tables page's CSP hash is its inline script's SHA-256")
    func selfContained() throws {
        let ws = try Workspace(fixture: "drift")
        ws.run(["report", "--html", "report"])
        for name in try Self.files(ws, "report") where name.hasSuffix(".html") {
            let html = try #require(ws.read("report/\(name)"))
            #expect(html.components(separatedBy: #"src=""#).count == 2 && html.contains(#"<script src="docspec-report.js"></script>"#), "\(name)")
            #expect(html.components(separatedBy: "<link").count == 2 && html.contains(#"<link rel="stylesheet" href="docspec-report.css">"#), "\(name)")
            for pattern in ["<style", "@import", "url(", #"href="http"#, "<script>"] {
                #expect(!html.contains(pattern), "\(name): \(pattern)")
            }
            #expect(html.contains("script-src &#39;self&#39;") && !html.contains("unsafe-inline"), "\(name): no inline script or style is allowed")
        }
        for name in ["docspec-report.css", "docspec-report.js"] {
            let text = try #require(ws.read("report/\(name)"))
            #expect(text.hasPrefix(HTMLPage.assetMarker), "\(name)")
            for pattern in ["@import", "url(", "http:", "https:", "fetch(", "XMLHttpRequest"] {
                #expect(!text.contains(pattern), "\(name): \(pattern)")
            }
        }
        #expect(ws.read("report/docspec-report.js") == HTMLPage.assetMarker + "\n" + HTMLPage.reportScript + "\n")
        // openssl computes the hash independently (`make` installs it).
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/bin/sh")
        openssl.arguments = ["-c", "printf '%s' \"$1\" | openssl dgst -sha256 -binary | base64", "sh", HTMLPage.script]
        let pipe = Pipe()
        openssl.standardOutput = pipe
        try openssl.run()
        let digest = String(decoding: pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        openssl.waitUntilExit()
        #expect(HTMLPage.scriptHash == "sha256-\(digest)")
    }

    @Test("relative links from the report folder to the Markdown files", arguments: [
        ("report", "docs-ja/a.md", "../docs-ja/a.md"),
        ("out/report", "docs-ja/a.md", "../../docs-ja/a.md"),
        (".", "docs-ja/a b#c.md", "docs-ja/a%20b%23c.md"),
        ("docs-ja/report", "docs-ja/a.md", "../a.md"),
        ("report", "docs-ja/ページ.md", "../docs-ja/%E3%83%9A%E3%83%BC%E3%82%B8.md"),
    ])
    func links(directory: String, file: String, expected: String) throws {
        let ws = try Workspace(fixture: "clean")
        let config = Config(root: ws.root, locales: [], source: "ja")
        let lint = Pipeline.lint(config)
        let report = HTMLReport(config: config, lint: lint, directory: ws.url(directory))
        #expect(report.link(file) == expected)
    }

    @Test("slugs are safe file names")
    func slugs() {
        #expect(HTMLReport.slug("errors") == "errors")
        #expect(HTMLReport.slug("guide/intro") == "guide_intro")
        #expect(HTMLReport.slug("../x") == "_x")
        #expect(HTMLReport.slug("ページ") == "___")
        #expect(HTMLReport.slug("") == "page")
    }

    static func files(_ ws: Workspace, _ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ws.url(folder).path).sorted()
    }
}
