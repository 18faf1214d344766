import DocDiagnostics
import Foundation
import LocaleDrift
import Testing

// Text left in the source language (by Unicode script) and pages or sections identical to the
// source. Markers show where each finding is expected.

func en(_ raw: String, _ relativePath: String = "p.md") -> Fixture { Fixture(raw, locale: "en", relativePath: relativePath) }

@Suite("UntranslatedTextRule")
struct UntranslatedTextRuleTests {
    let rule: [any DriftRule] = [UntranslatedTextRule()]

    static let guideEN = """
        # Installing the toolkit {/*installing*/}

        Download the installer and run it. The setup takes a few minutes.

        ## Requirements {#requirements}

        You need React Server Components and a recent version of `npm`.

        | Option | Meaning |
        |---|---|
        | `--fast` | Skip the optional checks during setup |

        ## Troubleshooting

        If the installer stops, delete the cache folder and try again.
        """

    @Test("An English paragraph, cell and list item left in a Japanese page are found; product names and site syntax are not")
    func englishLeftInJapanese() throws {
        let target = ja("""
            # ツールキットのインストール {/*installing*/}

            インストーラをダウンロードして実行します。数分で終わります。

            ## 必要なもの {#requirements}

            React Server Components と最近の `npm` が必要です。

            {{< note >}}
            {{< glossary_tooltip text="container runtime" term_id="container-runtime" >}} を参照してください。
            {{< /note >}}

            <!-- You need React Server Components and a recent version of npm. -->

            ::: tip Note
            `useState` と `useEffect` を使います。
            :::

            <Intro>
            4️⃣This component text was left in English inside an MDX component.
            </Intro>

            <TerminalBlock>
            npx create-next-app@latest
            npm install the latest react release
            </TerminalBlock>

            | オプション | 意味 |
            |---|---|
            | `--fast` | 2️⃣Skip the optional checks during setup |

            ## トラブルシューティング

            1️⃣If the installer stops, delete the cache folder and try again.

            - キャッシュを削除します。
            - 3️⃣Then run the installer once more from the start.
            - React Developer Tools
            - [Web Content Accessibility Guidelines](https://www.w3.org/TR/WCAG21/)
            - “Desktop Development with C++”
            - {{jsxref("Array.prototype.map()")}} {{domxref("Window.postMessage")}}
            """)
        let source = en(Self.guideEN.replacingOnce("If the installer", with: "1️⃣If the installer").replacingOnce("| Skip", with: "| 2️⃣Skip"))
        let diagnostics = try drift(source, target, rules: rule)
        #expect(
            sorted(diagnostics.map(Finding.init)) == sorted([
                Finding("untranslated-text", .warning, at: target[1], note: source[1]),
                Finding("untranslated-text", .warning, at: target[2], note: source[2]),
                Finding("untranslated-text", .warning, at: target[3]),
                Finding("untranslated-text", .warning, at: target[4]),
            ]), "\(TextDiagnosticRenderer().render(diagnostics))")
        let paragraph = try #require(diagnostics.first { $0.location == target[1] })
        #expect(paragraph.message == "paragraph in section 'トラブルシューティング' is still in en, not translated into ja: \"If the installer stops, delete the cache folder and try again.\"")
    }

    @Test("Japanese text left in a Russian page is found, in a paragraph and in a table cell")
    func japaneseLeftInRussian() throws {
        let source = ja("""
            # 設定

            サーバー通知を受け取る URL を設定します。

            ## 通知の受信

            1️⃣App Store は 3 回まで再送します。

            | 項目 | 説明 |
            |---|---|
            | `url` | 2️⃣通知の受信先 |
            """)
        let target = ru("""
            # Настройка

            Укажите URL, на который приходят уведомления сервера (`通知の受信先`).

            ## Получение уведомлений

            1️⃣App Store は 3 回まで再送します。

            | Поле | Описание |
            |---|---|
            | `url` | 2️⃣通知の受信先 |
            """)
        try expectDrift(
            source, target, rules: rule,
            [
                Finding("untranslated-text", .warning, at: target[1], note: source[1]),
                Finding("untranslated-text", .warning, at: target[2], note: source[2]),
            ])
    }

    @Test("A locale missing from the script table takes the script its page is written in")
    func unknownTargetLocale() throws {
        let target = Fixture("""
            # Подешавање

            1️⃣App Store は 3 回まで再送します。
            """, locale: "xx")
        try expectDrift(
            ja("# 設定\n\nApp Store は 3 回まで再送します。\n"), target, rules: rule,
            [Finding("untranslated-text", .warning, at: target[1], note: Location(file: "docs-ja/p.md", line: 3))])
    }

    @Test("A page mostly left in the source language is one finding, with each block and section as a note")
    func mostlyUntranslatedPage() throws {
        let target = ja("""
            # ツールキットのインストール {/*installing*/}

            1️⃣Download the installer and run it. The setup takes a few minutes now.

            ## Requirements {#requirements}

            You need React Server Components and a recent version of `npm` here.

            | Option | Meaning |
            |---|---|
            | `--fast` | Skip the optional checks during the setup |

            ## Troubleshooting

            If the installer stops, delete the cache folder and try it again.
            """)
        let d = try drift(en(Self.guideEN), target, rules: rule)
        #expect(d.count == 1, "\(d)")
        #expect(d.first?.ruleID == "untranslated-text")
        #expect(d.first?.location == target[1])
        #expect(d.first?.message.contains("most of the page is not translated into ja") == true, "\(d)")
        #expect((d.first?.notes.count ?? 0) >= 4, "\(d)")
    }

    @Test("A section identical to the source is one finding at its heading; its blocks are not reported again")
    func identicalSection() throws {
        let source = en(Self.guideEN.replacingOnce("## Troubleshooting", with: "1️⃣## Troubleshooting"))
        let target = ja("""
            # ツールキットのインストール {/*installing*/}

            インストーラをダウンロードして実行します。数分で終わります。

            ## 必要なもの {#requirements}

            React Server Components と最近の `npm` が必要です。

            | オプション | 意味 |
            |---|---|
            | `--fast` | 省略可能なチェックを飛ばします |

            1️⃣## Troubleshooting

            If the installer stops, delete the cache folder and try again.
            """)
        try expectDrift(source, target, rules: rule, [Finding("identical-to-source", .warning, at: target[1], note: source[1])])
    }

    @Test("A page identical to the source is one finding; sections of code and invariant tables are not findings")
    func identicalPage() throws {
        let page = """
            1️⃣# Installing the toolkit

            Download the installer and run it. The setup takes a few minutes.

            ## API

            | `Option` | `Default` |
            |---|---|
            | `--fast` | `false` |

            ```sh
            toolkit install --fast
            ```
            """
        try expectDrift(en(page), ja(page), rules: rule, [Finding("identical-to-source", .warning, at: ja(page)[1], note: en(page)[1])])

        let translated = ja(
            page.replacingOnce("Download the installer and run it. The setup takes a few minutes.", with: "インストーラを実行します。")
                .replacingOnce("Installing the toolkit", with: "ツールキットのインストール"))
        try expectDrift(en(page), translated, rules: rule, [])
    }
}
