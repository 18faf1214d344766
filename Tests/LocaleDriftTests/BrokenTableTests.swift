import DocDiagnostics
import DocSpecTestSupport
import LocaleDrift
import MarkdownSyntax
import SpecModel
import Testing

/// One mistake is reported once: a table that is broken in one locale (and already reported by
/// extraction) is not also missing/extra in the other, and swapped headers do not produce a
/// finding per row.
@Suite("Broken tables are reported once")
struct BrokenTableTests {
    static let ja = """
        # エラー

        <!-- docspec:table kind=error-codes symbol=APIError -->

        | エラー名 | コード | HTTP ステータス | 説明 |
        |---|---|---|---|
        | `GeneralBadRequestError` | `4000000` | `400` | 不正なリクエスト。 |
        | `InvalidPlayTimeError` | `4000040` | `400` | playTime が不正。 |
        | `RateLimitExceededError` | `4290000` | `429` | 上限超過。 |
        """
    static let ru = """
        # Ошибки

        <!-- docspec:table kind=error-codes symbol=APIError -->

        | Имя ошибки | Код | HTTP-статус | Описание |
        |---|---|---|---|
        | `GeneralBadRequestError` | `4000000` | `400` | Некорректный запрос. |
        | `InvalidPlayTimeError` | `4000040` | `400` | Недопустимый playTime. |
        | `RateLimitExceededError` | `4290000` | `429` | Превышен лимит. |
        """

    /// Extraction and drift diagnostics for a pair (fixtures here are deliberately not clean).
    func lint(_ ja: String, _ ru: String) -> (extraction: [Diagnostic], drift: [Diagnostic]) {
        func page(_ text: String, _ locale: String) -> (SpecPage?, [Diagnostic]) {
            let parsed = MarkdownParser.parse(text, path: "docs-\(locale)/p.md")
            guard let doc = parsed.document else { return (nil, parsed.diagnostics) }
            let (p, d) = SpecExtractor.extract(doc, locale: locale, relativePath: "p.md")
            return (p, parsed.diagnostics + d)
        }
        let (s, sd) = page(ja, "ja")
        let (t, td) = page(ru, "ru")
        guard let s, let t else { return (sd + td, []) }
        return (sd + td, DriftChecker().check(PagePair(source: s, target: t)))
    }

    @Test("the clean pair has no findings")
    func clean() {
        let r = lint(Self.ja, Self.ru)
        #expect(r.extraction.isEmpty && r.drift.isEmpty)
    }

    @Test("a malformed directive in ru is one extraction error, not also a missing table", arguments: [
        "<!-- docspec:table kind=error-codes symbol=\"APIError -->",
        "<!-- docspec:tabel kind=error-codes symbol=APIError -->",
        "<!-- docspec:table kind=errors symbol=APIError -->",
    ])
    func brokenInTarget(directive: String) {
        let r = lint(Self.ja, Self.ru.replacingOccurrences(of: "<!-- docspec:table kind=error-codes symbol=APIError -->", with: directive))
        #expect(r.extraction.count == 1, "\(r.extraction)")
        #expect(r.extraction.first?.location?.file == "docs-ru/p.md")
        #expect(r.drift.isEmpty, "\(TextDiagnosticRenderer().render(r.drift))")
    }

    @Test("a table with a missing column in ja is one extraction error, not also an extra table in ru")
    func brokenInSource() {
        // The name column is required (code and status are optional since tables may describe
        // errors without numbers or HTTP statuses).
        let broken = Self.ja
            .replacingOccurrences(of: "| エラー名 | コード | HTTP ステータス | 説明 |\n|---|---|---|---|", with: "| コード | HTTP ステータス | 説明 |\n|---|---|---|")
            .replacingOccurrences(of: #"\| `[A-Za-z]+Error` \| "#, with: "| ", options: .regularExpression)
        let r = lint(broken, Self.ru)
        #expect(r.extraction.map(\.ruleID) == ["table-schema"], "\(r.extraction)")
        #expect(r.drift.isEmpty, "\(TextDiagnosticRenderer().render(r.drift))")
    }

    @Test("headers swapped without their data: one column-mismatch, a capped list of invalid cells, no per-row findings")
    func swappedHeaders() {
        let swapped = Self.ru.replacingOccurrences(of: "| Имя ошибки | Код |", with: "| Код | Имя ошибки |")
        let r = lint(Self.ja, swapped)
        #expect(r.drift.map(\.ruleID) == ["column-mismatch"], "\(TextDiagnosticRenderer().render(r.drift))")
        #expect(r.drift.first?.message.contains("rows are not compared") == true)
        // Two columns × three rows are invalid; each column lists at most three cells.
        #expect(r.extraction.allSatisfy { $0.ruleID == "invalid-cell" || $0.ruleID == "column-order" })
    }
}

@Suite("Missing code samples are grouped by section")
struct MissingSampleGroupingTests {
    @Test("three samples missing from one section: one finding with a note per sample")
    func groupedBySection() throws {
        let jaPage = ja("""
            # 導入

            1️⃣## トラブルシューティング

            2️⃣```console
            $ rustc --version
            ```

            3️⃣```console
            $ rustup update
            ```

            4️⃣```powershell
            > rustup self uninstall
            ```
            """)
        let ruPage = ru("""
            # Введение

            1️⃣## Устранение неполадок

            Команды опущены.
            """)
        let findings = try drift(jaPage, ruPage, rules: [CodeSampleDriftRule()])
        #expect(findings.count == 1)
        #expect(findings.first?.message == "3 code samples (console, console, powershell) in section 'Устранение неполадок' are missing in ru")
        #expect(findings.first?.location == ruPage[1])
        #expect(findings.first?.notes.map(\.location) == [jaPage[2], jaPage[3], jaPage[4]])
    }

    @Test("site anchors are not part of section names", arguments: [
        "## Do I still need it? {/*still-need*/}", "## Do I still need it? {#still-need}", "## Do I still need it?",
    ])
    func anchorsStripped(heading: String) throws {
        let page = try ja("\(heading)\n\ntext\n").page()
        #expect(page.headings.first?.text == "Do I still need it?")
    }
}

@Suite("Translated display attributes")
struct DisplayAttributeTests {
    @Test("a translated title= in the info string is not drift")
    func translatedTitle() throws {
        let jaPage = ja("# 例\n\n```json title=\"リクエスト本体\"\n{\"a\": 1}\n```\n")
        let ruPage = ru("# Пример\n\n```json title=\"Тело запроса\"\n{\"a\": 1}\n```\n")
        #expect(try drift(jaPage, ruPage, rules: [CodeSampleDriftRule()]).isEmpty)
    }
}

@Suite("A symbol changed in the translation")
struct SymbolTypoTests {
    @Test("symbol=Platfrom in ru is one directive-mismatch, not missing-table + extra-table")
    func symbolTypo() throws {
        let table = """
            <!-- docspec:table kind=int-enum symbol=Platform complete -->

            | 値 | ケース | 説明 |
            |---|---|---|
            | `0` | `undeclared` | 未申告 |
            | `1` | `apple` | Apple |
            """
        let jaPage = ja("# プラットフォーム\n\n" + table + "\n")
        let ruPage = ru("# Платформа\n\n" + table
            .replacingOccurrences(of: "symbol=Platform", with: "symbol=Platfrom")
            .replacingOccurrences(of: "| 値 | ケース | 説明 |", with: "| Значение | Кейс | Описание |")
            .replacingOccurrences(of: "未申告", with: "не указано") + "\n")
        let findings = try drift(jaPage, ruPage, rules: [TableDriftRule()])
        #expect(findings.map(\.ruleID) == ["directive-mismatch"], "\(findings)")
    }
}

@Suite("Translated text inside untyped code samples")
struct TranslatedTextTests {
    func findings(_ lang: String, _ ja: String, _ ru: String, info: String? = nil) throws -> [Diagnostic] {
        let fence = info ?? lang
        return try drift(
            TranslatedTextTests.page(LocaleDriftTestsLocale.ja, fence, ja), TranslatedTextTests.page(LocaleDriftTestsLocale.ru, fence, ru),
            rules: [CodeSampleDriftRule()])
    }

    static func page(_ locale: LocaleDriftTestsLocale, _ fence: String, _ code: String) -> Fixture {
        let text = "# T\n\n```\(fence)\n\(code)\n```\n"
        return locale == .ja ? ja(text) : ru(text)
    }

    @Test("a string literal translated into another script is not drift; quote style is ignored")
    func translatedLiteral() throws {
        #expect(try findings("js", "console.log('正しい形式です');", "console.log(\"Правильный формат\");").isEmpty)
    }

    @Test("HTML and JSX text translated is not drift", arguments: [
        ("html", "<h1 id=\"t\">見出し</h1>", "<h1 id=\"t\">Заголовок</h1>"),
        ("js", "return <h1>科学者</h1>;", "return <h1>Учёные</h1>;"),
        ("vue", "  名前:", "  Название:"),
    ])
    func translatedText(lang: String, ja: String, ru: String) throws {
        #expect(try findings(lang, ja, ru).isEmpty)
    }

    @Test("a translated attribute name, a changed URL or Latin text is still drift", arguments: [
        ("html", "<form action=\"/a\">", "<form Кнопки=\"/a\">"),
        ("js", "fetch('https://a.example/x')", "fetch('https://b.example/x')"),
        ("js", "log('Hello')", "log('Hi')"),
    ])
    func realDrift(lang: String, ja: String, ru: String) throws {
        #expect(try findings(lang, ja, ru).map(\.ruleID) == ["code-sample-mismatch"])
    }

    @Test("typed samples are spec data: a translated value is drift")
    func typedSample() throws {
        let f = try findings("json", "{\"status\": \"DELIVERED\"}", "{\"status\": \"ДОСТАВЛЕНО\"}", info: "json Request")
        #expect(f.map(\.ruleID) == ["code-sample-mismatch"])
    }
}

enum LocaleDriftTestsLocale { case ja, ru }
