@testable import DocSpecKit
import DocSpecTestSupport
import Foundation
import Testing

/// The prose view of `docspec report --html`: findings outside spec tables and code samples
/// shown in place, the source block and the translation's block side by side as block alignment
/// paired them, rendered by cmark-gfm (safe mode) with the drifted tokens in `<mark>`.
@Suite("HTML report: prose drift in place")
struct HTMLReportProseTests {
    static let config = """
        source: ja
        locales:
          ja: docs-ja
          ru: docs-ru

        """

    /// The source page: a link, inline code and numbers, four sections.
    static let ja = MarkedText("""
        ---
        title: ガイド
        ---

        # ガイド

        この API は [認証](https://example.com/auth) を使います。`maxRetries` は 3 回までです。

        ## 設定

        タイムアウトは `timeoutSeconds` で指定します。既定値は 30 秒です。

        5️⃣## 制限

        リクエストは毎分 100 回までです。超えると `RateLimitError` と 429 が返り、`Retry-After` に待ち時間が入ります。

        ## 関連項目

        - [認証の仕組み](https://example.com/auth/how)
        - [エラーコード](https://example.com/errors)

        """)

    /// The translation: the link dropped, a paragraph left in Japanese, other inline code and
    /// another number, the section 制限 missing, a section the source does not have.
    static let ru = MarkedText("""
        ---
        title: Руководство
        ---

        # Руководство

        0️⃣Этот API использует аутентификацию. `maxRetries` — не более 3 раз.

        1️⃣認証の設定は管理画面から変更できます。詳しくは管理者に確認してください。

        ## Настройки

        Тайм-аут задаётся параметром 2️⃣`timeoutMillis`. По умолчанию — 6️⃣45 секунд.

        3️⃣## См. также

        - [Как устроена аутентификация](https://example.com/auth/how)
        - [Коды ошибок](https://example.com/errors)

        4️⃣## Журнал изменений

        Версия `2.0.0` добавила `debugMode`, `verboseLogging` и `logLevel` для подробного журнала.

        """)

    func workspace(ja: String = Self.ja.text, ru: String = Self.ru.text) throws -> Workspace {
        let ws = try Workspace()
        try ws.write("docspec.yml", Self.config)
        try ws.write("docs-ja/guide.md", ja)
        try ws.write("docs-ru/guide.md", ru)
        return ws
    }

    @Test("each prose finding is at its marker, and the pair page and index match the golden pages")
    func golden() throws {
        let ws = try workspace()
        let r = ws.run(["lint", "--format", "json"])
        #expect(r.status == 1, "\(r.transcript)")  // the missing section is an error
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let findings = try #require(doc["diagnostics"] as? [[String: Any]])
        var at: [String: Set<String>] = [:]
        for f in findings {
            guard let rule = f["rule"] as? String, let l = f["location"] as? [String: Any], let file = l["file"] as? String,
                let line = l["line"] as? Int, let column = l["column"] as? Int
            else { continue }
            at[rule, default: []].insert("\(file):\(line):\(column)")
        }
        func marker(_ page: String, _ text: MarkedText, _ n: Int) -> String {
            "\(page):\(text.markers[n]!.line):\(text.markers[n]!.column)"
        }
        #expect(at["link-mismatch"] == [marker("docs-ru/guide.md", Self.ru, 0)], "\(at)")
        #expect(at["untranslated-text"] == [marker("docs-ru/guide.md", Self.ru, 1)], "\(at)")
        #expect(at["inline-code-mismatch"] == [marker("docs-ru/guide.md", Self.ru, 2)], "\(at)")
        #expect(at["number-mismatch"] == [marker("docs-ru/guide.md", Self.ru, 6)], "\(at)")
        #expect(at["missing-section"] == [marker("docs-ru/guide.md", Self.ru, 3)], "\(at)")
        #expect(at["extra-section"] == [marker("docs-ru/guide.md", Self.ru, 4)], "\(at)")
        #expect(at.count == 6, "\(at)")

        #expect(ws.run(["report", "--html", "report"]).status == 1)
        let page = try #require(ws.read("report/ru-guide.html"))
        GoldenFile.assertMatches(page, golden: "report-prose/ru-guide.html")
        GoldenFile.assertMatches(try #require(ws.read("report/index.html")), golden: "report-prose/index.html")

        // The drifted tokens are marked in the block that has them, with the rule as the class.
        #expect(page.contains(#"<mark class="link-mismatch"><a href="https://example.com/auth">認証</a></mark>"#))
        #expect(page.contains(#"<mark class="inline-code-mismatch"><code>timeoutSeconds</code></mark>"#))
        #expect(page.contains(#"<mark class="inline-code-mismatch"><code>timeoutMillis</code></mark>"#))
        #expect(page.contains(#"<mark class="number-mismatch">30</mark>"#) && page.contains(#"<mark class="number-mismatch">45</mark>"#))
        // The missing section: the source's section (ja line 13) and an empty column for ru, with where it belongs.
        #expect(page.contains("ja (source), line \(Self.ja.markers[5]!.line)") && page.contains("ru, belongs at line \(Self.ru.markers[3]!.line)"))
        #expect(page.contains("<h2>制限</h2>") && page.contains(#"<p class="missing-label">missing in ru</p>"#))
        // The untranslated paragraph is the outlined block; the source has no block it matched.
        #expect(page.contains(#"<div class="md hit-warning untranslated-text"><p>認証の設定は"#))
        #expect(page.contains(#"<div class="md hit-warning extra-section"><h2>Журнал изменений</h2>"#))
        #expect(page.contains("not in the source (ja)"))
        // Every finding links to its block.
        #expect(!page.contains("no block of either page"))
    }

    @Test("hostile page content cannot inject markup: raw HTML dropped, URLs made safe, control characters replaced")
    func hostile() throws {
        let ja = Self.ja.text.replacingOccurrences(of: "`maxRetries` は 3 回までです。", with: "`maxRetries` は 3 回までです。 <b>ok</b>")
        let ru = Self.ru.text.replacingOccurrences(
            of: "`maxRetries` — не более 3 раз.",
            with: "`maxRetries` — не более 3 раз. <script>alert(1)</script> </textarea><img src=x onerror=alert(2)> [x](javascript:alert(3)) \u{1}\u{7F}\u{85} `</code><script>alert(4)</script>` <!-- --> [y](<data:text/html,<script>alert(5)</script>>)")
            + "\n<script>alert(6)</script>\n\n<iframe src=\"https://example.com\"></iframe>\n"
        let ws = try workspace(ja: ja, ru: ru)
        #expect(ws.run(["report", "--html", "report"]).status == 1)
        for name in ["index.html", "ru-guide.html"] {
            let html = try #require(ws.read("report/\(name)"))
            #expect(html.components(separatedBy: "<script").count == 2, "\(name): only DocSpec's own script")
            // Findings quote the text (escaped); no markup of the page survives.
            for bad in ["<img", "<iframe", "</textarea>", "<script>alert", #"href="javascript:"#, #"href="data:"#, "<b>"] {
                #expect(!html.contains(bad), "\(name) contains \(bad)")
            }
            let controls = html.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(name): control characters \(controls.map { String($0.value, radix: 16) })")
        }
        let page = try #require(ws.read("report/ru-guide.html"))
        // The code span is shown as text, marked as drift.
        #expect(page.contains(#"<mark class="inline-code-mismatch"><code>&lt;/code&gt;&lt;script&gt;alert(4)&lt;/script&gt;</code></mark>"#))
        #expect(page.contains("<!-- raw HTML omitted -->"))
    }
}
