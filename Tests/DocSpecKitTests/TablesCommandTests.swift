@testable import DocSpecKit
import Foundation
import Testing

/// `docspec tables`: Markdown, CSV, JSON and HTML renderings of the spec tables, single-locale and
/// bilingual, compared with golden files on the fixtures.
@Suite("tables command")
struct TablesCommandTests {
    @Test("bilingual output of the clean fixture matches the golden file", arguments: ["md", "json", "html"])
    func bilingualGolden(format: String) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["tables", "--format", format, "--locales", "ja,ru"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.err.isEmpty, "\(r.err)")
        GoldenFile.assertMatches(r.out, golden: "tables-clean.\(format)")
    }

    @Test("one locale: each table as its page has it (the page's own headers)")
    func singleLocaleGolden() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["tables", "--locales", "ru"])
        #expect(r.status == 0, "\(r.transcript)")
        GoldenFile.assertMatches(r.out, golden: "tables-clean-ru.md")
        #expect(r.out.contains("| Имя ошибки | Код | HTTP-статус | Повтор | Описание |"))
        #expect(!r.out.contains("(ja)") && !r.out.contains("エラー"))
    }

    @Test("the default is Markdown for every configured locale")
    func defaults() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["tables"])
        #expect(r.status == 0)
        #expect(r.out == ws.run(["tables", "--format", "md", "--locales", "ja,ru"]).out)
        #expect(r.out.hasPrefix("# Spec tables: ja, ru\n"))
    }

    @Test("bilingual rows: invariant columns once, translated columns per locale, drift shown in the cell")
    func bilingualDrift() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["tables", "--locales", "ja,ru"])
        #expect(r.status == 0, "\(r.transcript)")
        GoldenFile.assertMatches(r.out, golden: "tables-drift.md")
        // The key changed in place stays one row, with both codes.
        #expect(r.out.contains("| `InvalidStatusError` | `4000041` **≠ ru:** `4000014` | `400` | `no` |"))
        #expect(r.out.contains("| `RateLimitExceededError` | `4290000` | `429` **≠ ru:** `492` |"))
        // A table missing in ru is named, and shows only ja's translated column.
        #expect(r.out.contains("ja: docs-ja/request.md:43, ru: *missing*"))
        #expect(r.out.contains("| 値 / Значение | ケース / Кейс | 説明 (ja) |") == false)
        #expect(r.out.contains("| 値 | ケース | 説明 (ja) |"))
    }

    @Test("JSON: schema version 1, one object per table, conflicts where invariant cells differ")
    func jsonShape() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["tables", "--format", "json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        #expect(root["locales"] as? [String] == ["ja", "ru"])
        #expect(root["source"] as? String == "ja")
        #expect(root["anchor"] as? String == "ja")
        // Without the source locale shown, rows are keyed on ru; the source is still ja.
        let ru = try #require(try JSONSerialization.jsonObject(with: Data(ws.run(["tables", "--format", "json", "--locales", "ru"]).out.utf8)) as? [String: Any])
        #expect(ru["source"] as? String == "ja" && ru["anchor"] as? String == "ru" && ru["locales"] as? [String] == ["ru"], "\(ru)")
        let tables = try #require(root["tables"] as? [[String: Any]])
        #expect(tables.map { $0["id"] as? String } == [
            "error-codes:FixtureError", "endpoint:SendFixtureV1", "fields:FixtureRequest", "string-enum:FixtureStatus", "int-enum:FixturePlayTime",
        ])
        let rows = try #require(tables[0]["rows"] as? [[String: Any]])
        #expect(rows.count == 4)
        let changed = rows[1]
        #expect(changed["key"] as? String == "4000041")
        #expect((changed["conflicts"] as? [String: [String: String]])?["code"] == ["ja": "4000041", "ru": "4000014"])
        #expect((changed["translated"] as? [String: [String: String]])?["description"]?["ru"]?.hasPrefix("Недопустимое") == true)
        #expect(rows[0]["conflicts"] == nil)
        let missing = try #require(tables.last?["locations"] as? [String: Any])
        #expect(Array(missing.keys) == ["ja"])
    }

    @Test("CSV of several tables: one file per table in the --output folder, matching the golden file")
    func csvFolderGolden() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["tables", "--format", "csv", "--locales", "ja,ru", "--output", "out/csv"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: ws.url("out/csv").path).sorted()
        #expect(names == [
            "errors--endpoint-SendFixtureV1.csv", "errors--error-codes-FixtureError.csv", "request--fields-FixtureRequest.csv",
            "request--int-enum-FixturePlayTime.csv", "request--string-enum-FixtureStatus.csv",
        ], "one file per table, no temporary file left")
        let all = try names.map { name in "== \(name) ==\n" + (try #require(ws.read("out/csv/\(name)"))) }.joined()
        GoldenFile.assertMatches(all, golden: "tables-clean-csv-files.txt")
        // Each file is one table: the same as choosing it with --table.
        let one = ws.run(["tables", "--format", "csv", "--locales", "ja,ru", "--table", "string-enum:FixtureStatus"])
        #expect(ws.read("out/csv/request--string-enum-FixtureStatus.csv") == one.out)
        // An existing folder gets the per-table file for one table too.
        let single = ws.run(["tables", "--format", "csv", "--table", "int-enum:FixturePlayTime", "--output", "out/one/"])
        #expect(single.status == 0, "\(single.transcript)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.url("out/one").path) == ["request--int-enum-FixturePlayTime.csv"])
    }

    @Test("CSV of several tables to standard output or one file is refused, naming --table and --output DIR", arguments: [
        ["tables", "--format", "csv"], ["tables", "--format", "csv", "--output", "tables.csv"],
    ])
    func csvSeveralTablesRefused(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.out.isEmpty && ws.read("tables.csv") == nil, "nothing written")
        #expect(r.err.contains("CSV holds one table") && r.err.contains("5 tables match"), "\(r.err)")
        #expect(r.err.contains("--table <id>") && r.err.contains("--output DIR"), "\(r.err)")
    }

    @Test("CSV is RFC 4180: CRLF records with the same field count, quoted fields round-trip")
    func csvShape() throws {
        let ws = try Workspace(fixture: "clean")
        let errors = ws.run(["tables", "--format", "csv", "--table", "error-codes:FixtureError"])
        #expect(errors.out.hasSuffix("\r\n"))
        let records = try Self.parseCSV(errors.out)
        let header = try #require(records.first)
        #expect(Array(header.prefix(2)) == ["page", "table"])
        #expect(header.contains("description (ja)") && header.contains("description (ru)"))
        #expect(records.allSatisfy { $0.count == header.count })
        #expect(records.count == 1 + 4)
        let row = try #require(records.first { $0.contains("InvalidStatusError") && $0[1] == "error-codes:FixtureError" })
        let ja = try #require(header.firstIndex(of: "description (ja)"))
        #expect(row[ja] == #"status の値が不正です。"引用" と \ を含む説明。"#)
        let fields = try Self.parseCSV(ws.run(["tables", "--format", "csv", "--table", "fields:FixtureRequest"]).out)
        let values = try #require(fields.first?.firstIndex(of: "values"))
        let status = try #require(fields.first { $0.contains("status") && $0[1] == "fields:FixtureRequest" })
        #expect(status[values] == #""DELIVERED", "REFUNDED""#)
    }

    @Test("CSV fields: quoted only when they hold a comma, quote, CR or LF; quotes doubled")
    func csvFields() {
        #expect(TablesRenderer.csvField("plain text") == "plain text")
        #expect(TablesRenderer.csvField("a,b") == #""a,b""#)
        #expect(TablesRenderer.csvField(#"say "hi""#) == #""say ""hi""""#)
        #expect(TablesRenderer.csvField("two\nlines") == "\"two\nlines\"")
        #expect(TablesRenderer.csvField("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(TablesRenderer.csvField("日本語、ロシア語") == "日本語、ロシア語")
        #expect(TablesRenderer.csvRecord(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    @Test("--output writes the file atomically and prints nothing to standard output")
    func outputFile() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["tables", "--format", "html", "--output", "out/reference/tables.html"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.isEmpty)
        let html = try #require(ws.read("out/reference/tables.html"))
        #expect(html == ws.run(["tables", "--format", "html"]).out)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ws.url("out/reference").path)
        #expect(leftovers == ["tables.html"], "no temporary file is left behind")
        // Overwriting replaces the file.
        #expect(ws.run(["tables", "--format", "csv", "--table", "string-enum:FixtureStatus", "--output", "out/reference/tables.html"]).status == 0)
        #expect(ws.read("out/reference/tables.html")?.hasPrefix("page,table,") == true)
    }

    @Test("usage errors exit 2", arguments: [
        ["tables", "--format", "text"], ["tables", "--format", "pdf"], ["tables", "--locales", "ja,xx"], ["tables", "--locales", "ja,ja"],
        ["tables", "--locales", "ja,"], ["tables", "--table", "error-codes:Nope"], ["tables", "--output", "docs-ja"], ["tables", "--html", "x"],
        ["lint", "--locales", "ja"], ["extract", "--table", "x"],
    ])
    func usageErrors(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "), "\(r.transcript)")
        #expect(r.out.isEmpty)
    }

    @Test("--table selects tables by id; --locale/--source work without a config file")
    func selection() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.remove("docspec.yml")
        let r = ws.run(["tables", "--locale", "ja=docs-ja", "--locale", "ru=docs-ru", "--source", "ja", "--table", "string-enum:FixtureStatus", "--format", "csv"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out == "page,table,value,description (ja),description (ru)\r\nrequest,string-enum:FixtureStatus,DELIVERED,配信済み。,Доставлено.\r\nrequest,string-enum:FixtureStatus,REFUNDED,返金済み。,Возвращено.\r\n")
        // One locale needs no --source.
        let one = ws.run(["tables", "--locale", "ru=docs-ru", "--table", "string-enum:FixtureStatus", "--format", "csv"])
        #expect(one.status == 0, "\(one.transcript)")
        #expect(one.out == "page,table,value,description\r\nrequest,string-enum:FixtureStatus,DELIVERED,Доставлено.\r\nrequest,string-enum:FixtureStatus,REFUNDED,Возвращено.\r\n")
    }

    @Test("the locale order of --locales is the column order; rows stay anchored on the source")
    func localeOrder() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["tables", "--locales", "ru,ja", "--table", "error-codes:FixtureError"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("| Имя ошибки / エラー名 | Код / コード |"))
        #expect(r.out.contains("| Описание (ru) | 説明 (ja) |"))
        #expect(r.out.contains("`4000041` **≠ ru:** `4000014`"), "the source (ja) value is shown first: \(r.out)")
    }

    @Test("hostile cell text is escaped in HTML and Markdown")
    func hostileText() throws {
        let ws = try Workspace(fixture: "clean")
        // Entities and code spans are how markup reaches a cell's text (raw inline HTML is dropped).
        try ws.edit("docs-ru/errors.md", replacing: "Слишком много запросов.", with: #"Слишком &lt;script&gt;alert(1)&lt;/script&gt; &amp; "q" 'a' `<img src=x onerror=alert(2)>`"#)
        try ws.edit("docs-ja/request.md", replacing: "## 状態", with: "## 状態 &lt;script&gt;alert(3)&lt;/script&gt;")
        for page in ["docs-ja/request.md", "docs-ru/request.md"] {
            try ws.edit(page, replacing: "| `REFUNDED` |", with: "| `</td><script>alert(4)</script>` |")
        }
        let html = ws.run(["tables", "--format", "html"])
        #expect(html.status == 0, "\(html.transcript)")
        #expect(!html.out.contains("<script>alert"))
        #expect(!html.out.contains("<img"))
        #expect(!html.out.contains("</td><script"))
        #expect(html.out.contains("Слишком &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; <code>&lt;img src=x onerror=alert(2)&gt;</code>"), "inline code kept as <code>, escaped")
        #expect(html.out.contains("状態 &lt;script&gt;alert(3)&lt;/script&gt;"))
        #expect(html.out.contains("<td><code>&lt;/td&gt;&lt;script&gt;alert(4)&lt;/script&gt;</code></td>"), "escaped, nothing inserted")
        #expect(html.out.components(separatedBy: "<script").count == 2, "only DocSpec's own script")
        let md = ws.run(["tables", "--format", "md"])
        #expect(md.out.contains(#"Слишком \<script\>alert(1)\</script\> \& "q" 'a' `<img src=x onerror=alert(2)>`"#), "inline code kept in backticks")
        #expect(md.out.contains("| `</td><script>alert(4)</script>` |"))
    }

    @Test("inline code inside a prose cell is kept: backticks in Markdown, <code> in HTML, Markdown next to the text in JSON", arguments: ["md", "html", "json"])
    func inlineCodeInCells(format: String) throws {
        let ws = try Workspace(fixture: "clean")
        // The ja cell names playTime as plain text before its code span: the model keeps where the
        // code span is, not the first match of its literal.
        try ws.edit("docs-ja/errors.md", replacing: "playTime の値が不正です。", with: "playTime の値 `playTime` が `0`–`6` の範囲外です。")
        try ws.edit("docs-ru/errors.md", replacing: "Недопустимое значение playTime.", with: "Значение `playTime` вне диапазона `0`–`6`.")
        let r = ws.run(["tables", "--format", format, "--locales", "ja,ru", "--table", "error-codes:FixtureError"])
        #expect(r.status == 0, "\(r.transcript)")
        GoldenFile.assertMatches(r.out, golden: "tables-inline-code.\(format)")
        switch format {
        case "md":
            #expect(r.out.contains("| playTime の値 `playTime` が `0`–`6` の範囲外です。 | Значение `playTime` вне диапазона `0`–`6`. |"))
        case "html":
            #expect(r.out.contains("<td lang=\"ja\">playTime の値 <code>playTime</code> が <code>0</code>–<code>6</code> の範囲外です。</td>"))
        default:
            let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            let rows = try #require(((root["tables"] as? [[String: Any]])?.first?["rows"]) as? [[String: Any]])
            let row = try #require(rows.first { $0["key"] as? String == "4000040" })
            let text = (row["translated"] as? [String: [String: String]])?["description"]
            let markdown = ((row["markdown"] as? [String: Any])?["translated"] as? [String: [String: String]])?["description"]
            #expect(text?["ja"] == "playTime の値 playTime が 0–6 の範囲外です。", "plain text unchanged")
            #expect(markdown?["ja"] == "playTime の値 `playTime` が `0`–`6` の範囲外です。")
            #expect(markdown?["ru"] == "Значение `playTime` вне диапазона `0`–`6`.")
            let plainRow = try #require(rows.first { $0["key"] as? String == "4000041" })
            #expect((plainRow["markdown"] as? [String: Any])?["translated"] == nil, "a cell without code has no Markdown copy")
        }
    }

    @Test("HTML code spans hold the identifier as written (no <wbr> to break copy or search); the style keeps it whole")
    func codeNeverBroken() throws {
        let ws = try Workspace(fixture: "clean")
        let html = ws.run(["tables", "--format", "html", "--locales", "ja,ru"]).out
        #expect(!html.contains("<wbr"), "no break opportunity anywhere in the page")
        #expect(html.contains("<code>InvalidPlayTimeError</code>") && html.contains("<code>RateLimitExceededError</code>"), "\(html)")
        let codeSpans = html.components(separatedBy: "<code>").dropFirst().map { $0.components(separatedBy: "</code>")[0] }
        #expect(!codeSpans.isEmpty && codeSpans.allSatisfy { !$0.contains("<") }, "only text inside <code>")
        #expect(html.contains("code { word-break: keep-all; overflow-wrap: normal; } table.spec code { white-space: nowrap; }"))
        #expect(html.contains("<div class=\"scroll\"><table class=\"spec\">"), "a wide table scrolls in its box")
    }

    @Test("the HTML page is self-contained: no external resource, a CSP that allows none")
    func selfContained() throws {
        let ws = try Workspace(fixture: "clean")
        let html = ws.run(["tables", "--format", "html"]).out
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("default-src &#39;none&#39;"))
        for pattern in [#"src=""#, "<link", "@import", "url(", #"href="http"#] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
    }

    /// A strict RFC 4180 parser: CRLF record ends, quoted fields with doubled quotes.
    static func parseCSV(_ text: String) throws -> [[String]] {
        struct Malformed: Error {}
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        field.append("\"")
                        chars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty else { throw Malformed() }
                quoted = true
            } else if c == "," {
                record.append(field)
                field = ""
            } else if c == "\r\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else if c == "\n" || c == "\r" {
                throw Malformed()
            } else {
                field.append(c)
            }
        }
        guard field.isEmpty, record.isEmpty, !quoted else { throw Malformed() }
        return records
    }
}
