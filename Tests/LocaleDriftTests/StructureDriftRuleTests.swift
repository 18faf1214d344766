import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Generic mode: pages without DocSpec directives, compared block by block on what must not
// change in translation. The fixtures use the site syntax of real doc sets (MDN macros and
// definition lists, React's {/*id*/} anchors, Vue's {#id} anchors and ::: containers, Hugo
// shortcodes, HTML comments holding the original text), which must never produce findings.

private let genericJA = #"""
    ---
    title: リストの描画
    ---
    {{APIRef("DOM")}}

    # リストの描画 {#list-rendering}

    `v-for` ディレクティブで配列を描画します。詳しくは [ガイド](/ja/guide/essentials/list) と [API](https://ja.vuejs.org/api/) を参照してください。

    <!-- original: Render a list with the v-for directive. -->

    ::: tip 注意
    最大 1,000 件まで、`key` を指定してください。
    :::

    ## 値 {/*values*/}

    - `Node.ELEMENT_NODE` (`1`)
      - : {{Deprecated_Inline}} p などの要素ノードです。
    - `Node.TEXT_NODE` (`3`)
      - : テキストノードです。
    - `Node.COMMENT_NODE` (`8`)
      - : コメントノードです。

    ## 設定 {#config}

    | オプション | 既定値 | 説明 |
    | --- | --- | --- |
    | `timeout` | 30 | 待ち時間（秒） |
    | `retries` | 3 | 再試行の回数 |
    | `format` | `"%s: %d"` | 出力の形式 |

    {{< note >}}
    タイムアウトは 0.5 秒単位で指定します。件数は `{count}` で表示されます。
    {{< /note >}}

    ### 詳細 {#details}

    <a href="https://example.com/spec" target="_blank">仕様</a> に 250 ミリ秒と書かれています。

    ```js
    // 例
    const list = [1, 2, 3];
    ```

    ## 互換性

    {{Compat}}

    <table>
      <tr><th>ブラウザー</th><th>版</th></tr>
      <tr><td><code>chrome</code></td><td>120</td></tr>
      <tr><td><code>firefox</code></td><td>115</td></tr>
    </table>
    """#

private let genericRU = #"""
    ---
    title: Отрисовка списков
    ---
    {{APIRef("DOM")}}

    # Отрисовка списков {#list-rendering}

    Директива `v-for` отрисовывает массив. Подробнее — в [API](https://ru.vuejs.org/api/) и в [руководстве](/ru/guide/essentials/list).

    <!-- original: Render a list with the v-for directive. -->

    ::: tip Внимание
    Не больше 1 000 элементов; указывайте `key`.
    :::

    ## Значения {/*values*/}

    | Константа | Значение |
    | --- | --- |
    | `Node.ELEMENT_NODE` | `1` |
    | `Node.TEXT_NODE` | `3` |
    | `Node.COMMENT_NODE` | `8` |

    ## Настройки {#config}

    | Параметр | По умолчанию | Описание |
    | --- | --- | --- |
    | `timeout` | 30 | время ожидания (с) |
    | `retries` | 3 | число повторов |
    | `format` | `"%s: %d"` | формат вывода |

    {{< note >}}
    Тайм-аут задаётся с шагом 0,5 с.
    Число показывается как `{count}`.
    {{< /note >}}

    ### Подробности {#details}

    В <a href="https://example.com/spec" target="_blank">спецификации</a> указано 250 миллисекунд.

    ```js
    // Пример
    const list = [1, 2, 3];
    ```

    ## Совместимость

    {{Compat}}

    <table>
      <tr><th>Браузер</th><th>Версия</th></tr>
      <tr><td><code>chrome</code></td><td>120</td></tr>
      <tr><td><code>firefox</code></td><td>115</td></tr>
    </table>
    """#

private let rules: [any DriftRule] = [StructureDriftRule(), CodeSampleDriftRule()]

@Suite("Block alignment and invariant tokens (generic mode)")
struct StructureDriftRuleTests {
    @Test("A faithful translation with site syntax, a definition list vs a table, reordered links, 1,000 vs 1 000 and 0.5 vs 0,5 is clean")
    func cleanTranslation() throws {
        try expectDrift(ja(genericJA), ru(genericRU), rules: rules, [])
    }

    @Test("A paragraph split in two by the translator is not a finding")
    func splitParagraph() throws {
        let ruPage = ru(genericRU.replacingOnce("Подробнее — в", with: "\nПодробнее — в"))
        try expectDrift(ja(genericJA), ruPage, rules: rules, [])
    }

    @Test("missing-section: one section with its subsection and code sample missing is one finding, before the next ru section")
    func missingSection() throws {
        let jaPage = ja(genericJA.replacingOnce("## 設定 {#config}", with: "1️⃣## 設定 {#config}"))
        let cut = genericRU.components(separatedBy: "## Настройки {#config}")[1].components(separatedBy: "## Совместимость")[0]
        let ruPage = ru(genericRU.replacingOnce("## Настройки {#config}" + cut, with: "").replacingOnce("## Совместимость", with: "1️⃣## Совместимость"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("missing-section", .error, at: ruPage[1], note: jaPage[1])])
    }

    @Test("missing-generic-table names the section holding the table: none before the first heading, the nearest heading of any level after it")
    func missingTableSectionNames() throws {
        func page(_ locale: String, _ tables: Bool) -> Fixture {
            let t = tables ? "| キー | 値 |\n|---|---|\n| `k` | 1 |\n\n" : ""
            let text = "前書き `intro` 0。\n\n\(t)## 第一 `a`\n\n本文 `a` 1。\n\n\(t)### 第二 `b`\n\n本文 `b` 2。\n\n\(t)## 第三 `c`\n\n本文 `c` 3。\n\n\(t)"
            return locale == "ja" ? ja(text) : ru(text)
        }
        let missing = try drift(page("ja", true), page("ru", false), rules: rules).filter { $0.ruleID == "missing-generic-table" }.map(\.message)
        #expect(missing.sorted() == [
            "table (1 rows) in section '第一 a' is missing in ru",
            "table (1 rows) in section '第三 c' is missing in ru",
            "table (1 rows) in section '第二 b' is missing in ru",
            "table (1 rows) is missing in ru",
        ], "\(missing)")
    }

    @Test("extra-section: a section only the translation has, at its heading")
    func extraSection() throws {
        let ruPage = ru(genericRU.replacingOnce("## Совместимость", with: "1️⃣## Устранение неполадок\n\nЕсли `v-for` не работает, проверьте `key` и версию 3.4.\n\n## Совместимость"))
        try expectDrift(ja(genericJA), ruPage, rules: rules, [Finding("extra-section", .warning, at: ruPage[1], note: Location(file: "docs-ja/p.md", line: 1))])
    }

    @Test("number-mismatch: a changed number in prose, at the ru number, note at the ja number")
    func numberChanged() throws {
        let jaPage = ja(genericJA.replacingOnce("250 ミリ秒", with: "1️⃣250 ミリ秒"))
        let ruPage = ru(genericRU.replacingOnce("250 миллисекунд", with: "1️⃣25 миллисекунд"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("number-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
    }

    @Test("Small numbers spelled out in the translation are not findings")
    func smallNumberSpelledOut() throws {
        let jaPage = ja(genericJA.replacingOnce("を描画します。", with: "を 2 回描画します。"))
        let ruPage = ru(genericRU.replacingOnce("отрисовывает массив", with: "дважды отрисовывает массив"))
        try expectDrift(jaPage, ruPage, rules: rules, [])
    }

    @Test("inline-code-mismatch: a code span changed in the translation is one finding naming both")
    func inlineCodeChanged() throws {
        let jaPage = ja(genericJA.replacingOnce("`v-for` ディレクティブ", with: "1️⃣`v-for` ディレクティブ"))
        let ruPage = ru(genericRU.replacingOnce("Директива `v-for`", with: "Директива 1️⃣`v-if`"))
        let d = try drift(jaPage, ruPage, rules: rules)
        #expect(sorted(d.map(Finding.init)) == [Finding("inline-code-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
        #expect(d.first?.message.contains("ru has 'v-if', the source locale (ja) has 'v-for'") == true, "\(d)")
    }

    @Test("link-mismatch: a link target changed (locale path segments and locale subdomains aside)")
    func linkChanged() throws {
        let jaPage = ja(genericJA.replacingOnce("(/ja/guide/essentials/list)", with: "(1️⃣/ja/guide/essentials/list)"))
        let ruPage = ru(genericRU.replacingOnce("(/ru/guide/essentials/list)", with: "(1️⃣/ru/guide/essentials/lists)"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("link-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
    }

    @Test("placeholder-mismatch: a placeholder translated inside prose")
    func placeholderTranslated() throws {
        let jaPage = ja(genericJA)
        let ruPage = ru(genericRU
            .replacingOnce("Число показывается как `{count}`.", with: "Число показывается как {число}, а `{count}` — в журнале."))
        // `{count}` inside a code span is inline code; the prose placeholder is the one that moved.
        // The shortcode line starts the paragraph.
        // Missing in ru: at the block where it belongs, the note at the source's placeholder.
        let jaWithPlaceholder = ja(genericJA.replacingOnce("タイムアウトは 0.5 秒", with: "タイムアウトは 1️⃣{limit} 件で 0.5 秒"))
        let ruWithout = ru(genericRU.replacingOnce("Тайм-аут задаётся", with: "Тайм-аут задаётся {лимит}")
            .replacingOnce("{{< note >}}", with: "1️⃣{{< note >}}"))
        try expectDrift(jaWithPlaceholder, ruWithout, rules: rules, [Finding("placeholder-mismatch", .warning, at: ruWithout[1], note: jaWithPlaceholder[1])])
        try expectDrift(jaPage, ruPage, rules: rules, [])
    }

    @Test("html-attribute-mismatch: an attribute dropped from embedded HTML")
    func htmlAttributeDropped() throws {
        // Missing in ru: at the block where it belongs, the note at the source's attribute.
        let jaPage = ja(genericJA.replacingOnce("<a href=\"https://example.com/spec\" target=\"_blank\">仕様</a>", with: "<a href=\"https://example.com/spec\" 1️⃣target=\"_blank\">仕様</a>"))
        let ruPage = ru(genericRU.replacingOnce("В <a href=\"https://example.com/spec\" target=\"_blank\">", with: "1️⃣В <a href=\"https://example.com/spec\">"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("html-attribute-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
    }

    @Test("heading-anchor-mismatch: an explicit {#id} anchor changed in the translation")
    func anchorChanged() throws {
        let jaPage = ja(genericJA.replacingOnce("### 詳細 {#details}", with: "1️⃣### 詳細 {#details}"))
        let ruPage = ru(genericRU.replacingOnce("### Подробности {#details}", with: "1️⃣### Подробности {#podrobnosti}"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("heading-anchor-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
    }

    @Test("table-shape-mismatch: a column dropped from a pipe table")
    func columnDropped() throws {
        let jaPage = ja(genericJA.replacingOnce("| オプション | 既定値 | 説明 |", with: "1️⃣| オプション | 既定値 | 説明 |"))
        let ruPage = ru(genericRU
            .replacingOnce("| Параметр | По умолчанию | Описание |\n| --- | --- | --- |", with: "1️⃣| Параметр | По умолчанию |\n| --- | --- |")
            .replacingOnce("| `timeout` | 30 | время ожидания (с) |", with: "| `timeout` | 30 |")
            .replacingOnce("| `retries` | 3 | число повторов |", with: "| `retries` | 3 |")
            .replacingOnce("| `format` | `\"%s: %d\"` | формат вывода |", with: "| `format` | `\"%s: %d\"` |"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("table-shape-mismatch", .warning, at: ruPage[1], note: jaPage[1])])
    }

    @Test("missing-generic-row and extra-generic-row in a generic table, rows aligned by their tokens")
    func rowsMissingAndExtra() throws {
        let jaPage = ja(genericJA.replacingOnce("| `retries` | 3 |", with: "1️⃣| `retries` | 3 |")
            .replacingOnce("| オプション |", with: "2️⃣| オプション |"))
        let ruPage = ru(genericRU.replacingOnce("| `retries` | 3 | число повторов |\n", with: "")
            .replacingOnce("| `format` |", with: "1️⃣| `format` |")
            .replacingOnce("| `format` | `\"%s: %d\"` | формат вывода |", with: "| `format` | `\"%s: %d\"` | формат вывода |\n2️⃣| `verbose` | false | подробный вывод |"))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("missing-generic-row", .warning, at: ruPage[1], note: jaPage[1]),
            Finding("extra-generic-row", .warning, at: ruPage[2], note: jaPage[2]),
        ])
    }

    @Test("A row the translation moved within its table is not drift")
    func rowMoved() throws {
        let ruPage = ru(genericRU.replacingOnce("| `retries` | 3 | число повторов |\n", with: "")
            .replacingOnce("| `format` | `\"%s: %d\"` | формат вывода |", with: "| `format` | `\"%s: %d\"` | формат вывода |\n| `retries` | 3 | число повторов |"))
        try expectDrift(ja(genericJA), ruPage, rules: rules, [])
    }

    @Test("A definition list in ja compared with a table in ru: a row missing is found")
    func definitionListRowMissing() throws {
        let jaPage = ja(genericJA.replacingOnce("- `Node.COMMENT_NODE` (`8`)", with: "1️⃣- `Node.COMMENT_NODE` (`8`)"))
        let ruPage = ru(genericRU.replacingOnce("| `Node.COMMENT_NODE` | `8` |\n", with: "").replacingOnce("## Настройки", with: "2️⃣## Настройки"))
        let d = try drift(jaPage, ruPage, rules: rules)
        #expect(d.map(\.ruleID) == ["missing-generic-row"], "\(d)")
        #expect(d.first?.notes.first?.location == jaPage[1])
        #expect(d.first?.message.contains("definition list") == true)
    }

    @Test("A definition list term whose description is missing in the translation is one finding at that term")
    func definitionWithoutDescription() throws {
        let jaPage = ja(genericJA.replacingOnce("- `Node.COMMENT_NODE` (`8`)", with: "1️⃣- `Node.COMMENT_NODE` (`8`)"))
        let ruDefinitions = genericRU.replacingOnce("""
            | Константа | Значение |
            | --- | --- |
            | `Node.ELEMENT_NODE` | `1` |
            | `Node.TEXT_NODE` | `3` |
            | `Node.COMMENT_NODE` | `8` |
            """, with: """
            - `Node.ELEMENT_NODE` (`1`)
              - : Узел элемента.
            - `Node.TEXT_NODE` (`3`)
              - : Текстовый узел.
            1️⃣- `Node.COMMENT_NODE` (`8`)
            """)
        try expectDrift(jaPage, ru(ruDefinitions), rules: rules, [Finding("table-shape-mismatch", .warning, at: ru(ruDefinitions)[1], note: jaPage[1])])
    }

    @Test("number-mismatch in an HTML table row")
    func htmlTableNumber() throws {
        let jaPage = ja(genericJA.replacingOnce("  <tr><td><code>firefox</code></td><td>115</td></tr>", with: "1️⃣  <tr><td><code>firefox</code></td><td>115</td></tr>"))
        let ruPage = ru(genericRU.replacingOnce("  <tr><td><code>firefox</code></td><td>115</td></tr>", with: "1️⃣  <tr><td><code>firefox</code></td><td>116</td></tr>"))
        let d = try drift(jaPage, ruPage, rules: rules)
        #expect(d.map(\.ruleID) == ["number-mismatch"], "\(d)")
        #expect(d.first?.location?.line == ruPage[1].line)
        #expect(d.first?.notes.first?.location?.line == jaPage[1].line)
    }

    @Test("An HTML table whose cell and row end tags are left out (valid HTML) is still compared")
    func htmlTableWithoutEndTags() throws {
        let open = genericRU.replacingOnce("<tr><td><code>chrome</code></td><td>120</td></tr>", with: "<tr><td><code>chrome</code><td>120")
            .replacingOnce("<tr><td><code>firefox</code></td><td>115</td></tr>", with: "<tr><td><code>firefox</code><td>115")
        try expectDrift(ja(genericJA), ru(open), rules: rules, [])
        let changed = ru(open.replacingOnce("<td>115", with: "<td>116"))
        let d = try drift(ja(genericJA), changed, rules: rules)
        #expect(d.map(\.ruleID) == ["number-mismatch"], "\(d)")
        #expect(d.first?.message.contains("ru has '116', the source locale (ja) has '115'") == true, "\(d)")
    }

    @Test("missing-generic-table: a table of a matched section missing in the translation")
    func tableMissing() throws {
        let jaPage = ja(genericJA.replacingOnce("<table>", with: "1️⃣<table>"))
        let table = "<table>" + genericRU.components(separatedBy: "<table>")[1]
        let ruPage = ru(genericRU.replacingOnce(table, with: "Данные о совместимости смотрите на сайте производителя браузера."))
        let d = try drift(jaPage, ruPage, rules: rules)
        #expect(d.map(\.ruleID) == ["missing-generic-table"], "\(d)")
        #expect(d.first?.notes.first?.location == jaPage[1])
    }

    @Test("extra-generic-table: a table only the translation has")
    func tableExtra() throws {
        let ruPage = ru(genericRU.replacingOnce("{{Compat}}\n", with: "{{Compat}}\n\n1️⃣| ОС | Поддержка |\n| --- | --- |\n| `linux` | 2024 |\n"))
        let d = try drift(ja(genericJA), ruPage, rules: rules)
        #expect(d.map(\.ruleID) == ["extra-generic-table"], "\(d)")
        #expect(d.first?.location == ruPage[1])
    }

    @Test("MDN cross-reference macros are the links they render: a plain link in ru matches {{domxref}} in ja")
    func macroLinks() throws {
        let jaPage = ja(genericJA.replacingOnce("  - : テキストノードです。", with: "  - : {{domxref(\"Text\")}} ノードです。")
            .replacingOnce("- `Node.TEXT_NODE`", with: "2️⃣- `Node.TEXT_NODE`"))
        let ruPage = ru(genericRU.replacingOnce("| `Node.TEXT_NODE` | `3` |", with: "| [`Node.TEXT_NODE`](/ru/docs/Web/API/Text) | `3` |"))
        try expectDrift(jaPage, ruPage, rules: rules, [])
        let ruWithout = ru(genericRU.replacingOnce("| `Node.TEXT_NODE` | `3` |", with: "1️⃣| `Node.TEXT_NODE` | `3` |"))
        try expectDrift(jaPage, ruWithout, rules: rules, [Finding("link-mismatch", .warning, at: ruWithout[1], note: jaPage[2])])
    }

    @Test("A translator's note (訳注, Примечание переводчика) is content the translation has on purpose")
    func translatorNote() throws {
        let ruPage = ru(genericRU.replacingOnce("## Совместимость", with: "> **Примечание переводчика:** см. также [русское сообщество](https://vuejs.ru/) и `vue-i18n`.\n\n## Совместимость"))
        try expectDrift(ja(genericJA), ruPage, rules: rules, [])
    }

    @Test("Sections the translation has in another order are compared with each other, not reported missing and extra")
    func movedSection() throws {
        let details = "### Подробности {#details}" + genericRU.components(separatedBy: "### Подробности {#details}")[1].components(separatedBy: "## Совместимость")[0]
        let moved = genericRU.replacingOnce(details, with: "").replacingOnce("## Настройки {#config}", with: details + "## Настройки {#config}")
        try expectDrift(ja(genericJA), ru(moved), rules: rules, [])
    }

    @Test("Full-width digits in ja compare equal to ASCII digits in ru")
    func fullWidthDigits() throws {
        let jaPage = ja(genericJA.replacingOnce("250 ミリ秒", with: "２５０ ミリ秒"))
        try expectDrift(jaPage, ru(genericRU), rules: rules, [])
    }
}

@Suite("Invariant tokens")
struct InvariantTokenTests {
    let extractor = TokenExtractor(locales: ["ja", "ru", "en"])

    func numbers(_ s: String) -> [String] {
        var t = InvariantTokens()
        extractor.tokens(prose: s, into: &t)
        return t.numbers
    }

    @Test("Numbers: separators normalised; identifiers such as ES256 and h2 are not numbers")
    func numberNormalisation() {
        #expect(numbers("1,000 と 1 000 と 1\u{00A0}000") == ["1000", "1000", "1000"])
        #expect(numbers("0.5 или 0,5") == ["0.5", "0.5"])
        #expect(numbers("ES256 と h2 と v3") == [])
        #expect(numbers("バージョン 1.2.3") == ["1.2.3"])
        #expect(numbers("１２ 件") == ["12"])
    }

    @Test("Site syntax is not prose: macros, shortcodes, MDX comments, anchors, comments, ::: lines")
    func siteSyntax() {
        #expect(numbers("{{domxref(\"Node\", 12)}} {{< glossary_tooltip term_id=\"x\" text=\"7\" >}} {/*a-42*/} {#b-99} <!-- 13 -->") == [])
        #expect(SiteSyntax.strip("::: tip 42\ntext\n:::").trimmingSpaces == "text")
        #expect(SiteSyntax.headingAnchor("Values {/*values*/}") == "values")
        #expect(SiteSyntax.headingAnchor("Values {#values}") == "values")
        #expect(SiteSyntax.headingAnchor("Values") == nil)
    }

    @Test("A heading anchor's opening never overlaps its closing: `{/}` and `{/*/}` are no anchors and no crash (fuzz-fix)")
    func degenerateHeadingAnchors() throws {
        #expect(SiteSyntax.headingAnchor("{/}") == nil)
        #expect(SiteSyntax.headingAnchor("Values {/}") == nil)
        #expect(SiteSyntax.headingAnchor("*/}") == nil)
        #expect(SiteSyntax.headingAnchor("{/*/}") == "*")
        #expect(SiteSyntax.headingAnchor("{#}") == "")
        #expect(SiteSyntax.headingAnchor("Values {/values/}") == "values")
        // `{/*parameter{*/}` after Markdown took the asterisks as emphasis: the last `{/` is the closing's.
        #expect(SiteSyntax.headingAnchor("Parameters {/parameter{/}") == "parameter{")
        // The whole pair: such headings are compared like any other.
        let findings = try drift(ja("# {/}\n\n本文 1。\n\n## {/*/}\n\n本文は 4000040 です。\n"), ru("# {/}\n\nТекст 1.\n\n## {/*/}\n\nТекст: 4000049.\n"))
        #expect(findings.map(\.ruleID).contains("number-mismatch"), "\(findings.map(\.message))")
    }

    @Test("Link targets: fragments, locale segments, locale subdomains and .md/.html are normalised")
    func links() {
        let n = { LinkTarget.normalize($0, locales: ["ja", "ru", "en"]) }
        #expect(n("/ja/docs/Web/API#x") == n("/ru/docs/web/api"))
        #expect(n("https://developer.mozilla.org/en-US/docs/Web") == n("https://developer.mozilla.org/ru/docs/Web"))
        #expect(n("https://ja.wikipedia.org/wiki/マスク") == n("https://en.wikipedia.org/wiki/Mask"))
        #expect(n("ch03-02.md") == n("ch03-02.html"))
        #expect(n("#only-a-fragment") == nil)
    }

    @Test("Placeholders: printf and brace forms; not ordinary braces")
    func placeholders() {
        var t = InvariantTokens()
        extractor.tokens(prose: "%s и %1$d, {count} и ${name}, но не { x } и 100%", into: &t)
        #expect(t.placeholders == ["%s", "%1$d", "{count}", "${name}"])
    }
}
