import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Where a ja→ru token finding points and how it names things (issue 12): at the token itself in
// the translation (line and column in Unicode scalars, as every location), with its note at the
// source's token; sections named as the translation names them, else the source's heading marked
// "(ja)"; HTML href values quoted as written; `&vert;` explained. Fingerprints stay as they were.

@Suite("Japanese source, Russian translation: token findings at the token, sections as ru names them")
struct TokenLocationTests {
    static let source = ja("""
        # ノード

        ## 構文

        この関数は、設定ファイルの
        パスとして 2️⃣`loadConfig` を呼び出し、最大 4️⃣100 件を返します。詳細は[ガイド](6️⃣/ja/docs/guide/setup)を参照。
        """)
    static let target = ru("""
        # Узел

        ## Синтаксис

        Эта функция вызывает для файла
        настроек 1️⃣`readConfig` и возвращает не более 3️⃣1000 записей. Подробнее в [руководстве](5️⃣/ru/docs/guide/install).
        """)

    @Test("A changed code span, number and link target are each reported at the translation's token, the note at the source's")
    func atTheToken() throws {
        let found = try drift(Self.source, Self.target)
        let code = try #require(found.first { $0.ruleID == "inline-code-mismatch" }, "\(found)")
        #expect(code.location == Self.target[1], "\(code)")
        #expect(code.end == Location(file: Self.target[1].file, line: Self.target[1].line, column: Self.target[1].column + "`readConfig`".count - 1))
        #expect(code.notes.map(\.location) == [Self.source[2]])
        let number = try #require(found.first { $0.ruleID == "number-mismatch" }, "\(found)")
        #expect(number.location == Self.target[3], "\(number)")
        #expect(number.notes.map(\.location) == [Self.source[4]])
        let link = try #require(found.first { $0.ruleID == "link-mismatch" }, "\(found)")
        #expect(link.location == Self.target[5], "\(link)")
        #expect(link.notes.map(\.location) == [Self.source[6]])
    }

    @Test("The section is named as the translation names it")
    func sectionAsTranslated() throws {
        let found = try drift(Self.source, Self.target).filter { $0.ruleID == "inline-code-mismatch" }
        #expect(found.count == 1 && found[0].message.contains("in section 'Синтаксис' differs"), "\(found.map(\.message))")
        #expect(!found.contains { $0.message.contains("構文") })
    }

    @Test("A section the translation has no heading for is the source's heading, marked (ja)")
    func sectionWithoutTranslatedHeading() throws {
        let source = ja("""
            # API

            ## 構文

            `open(path)` を呼び出してファイルを開きます。

            ### 引数

            - `path`: 開くファイルのパス。絶対パスでも相対パスでも構いません。
            - `mode`: ファイルを開くモード。読み取り専用、書き込み、追記のいずれかです。

            既定のバッファは 2️⃣4096 バイトです。
            """)
        let target = ru("""
            # API

            ## Синтаксис

            Вызовите `open(path)`, чтобы открыть файл.

            1️⃣- `path`: путь к открываемому файлу, абсолютный или относительный.
            - `mode`: режим открытия файла: только чтение, запись или дополнение.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "number-mismatch" }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message == "number '4096' in section '引数' (ja) of the source locale (ja) is missing in ru", "\(found.map(\.message))")
        // Missing in ru: where it belongs; the note at the source's number.
        #expect(found.first?.location == target[1])
        #expect(found.first?.notes.map(\.location) == [source[2]])
    }

    @Test("A renamed code span in the middle of a paragraph: the finding at the new name, the note at the old one")
    func renamedSpanNote() throws {
        let source = ja("""
            # addTransitionType

            トランジションの原因を指定するには、
            コンポーネントから 2️⃣`addTransitionType` を呼び出します。
            """)
        let target = ru("""
            # addTransitionType

            Чтобы указать причину перехода,
            вызовите из компонента 1️⃣`unstable_addTransitionType`.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "inline-code-mismatch" }
        let rename = try #require(found.first { $0.message.contains("has 'unstable_addTransitionType'") }, "\(found)")
        #expect(rename.message.contains("differs") && rename.message.contains("(ja) has 'addTransitionType'"), "\(rename.message)")
        #expect(rename.location == target[1])
        #expect(rename.notes.map(\.location) == [source[2]])
    }

    @Test("A code span the translation adds is reported at it")
    func extraSpan() throws {
        let source = ja("""
            # 設定

            設定ファイルを読み込みます。
            """)
        let target = ru("""
            # Настройка

            Загружает файл настроек через 1️⃣`loadSettings()`.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "inline-code-mismatch" }
        #expect(found.count == 1 && found.first?.location == target[1], "\(found)")
    }

    @Test("An HTML href is quoted as the page writes it, not in its compared form")
    func hrefAsWritten() throws {
        let source = ja("""
            # リンク

            詳しくは <a href="2️⃣/ja/docs/Web/API/Node">Node</a> を参照してください。
            """)
        let target = ru("""
            # Ссылки

            Подробнее см. <a href="1️⃣/ru/docs/Web/API/Element">Element</a>.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "link-mismatch" }
        let link = try #require(found.first, "\(found)")
        #expect(link.message.contains("ru has '/ru/docs/Web/API/Element'") && link.message.contains("(ja) has '/ja/docs/Web/API/Node'"), "\(link.message)")
        #expect(link.location == target[1])
        #expect(link.notes.map(\.location) == [source[2]])
    }

    @Test("A message quoting '&vert;' says that it is a '|'")
    func vertExplained() throws {
        let source = ja("""
            # 演算子

            | 演算子 | 例 | 説明 |
            |---|---|---|
            | `+` | `a + b` | 加算 |
            | <code>\\|</code> | <code>\\|...\\| expr</code> | クロージャ |
            """)
        let target = ru("""
            # Операторы

            | Оператор | Пример | Описание |
            |---|---|---|
            | `+` | `a + b` | Сложение |
            | <code>\\|</code> | 1️⃣<code>&amp;vert;...&amp;vert; expr</code> | Замыкание |
            """)
        let found = try drift(source, target).filter { $0.ruleID == "inline-code-mismatch" }
        let vert = try #require(found.first { $0.message.contains("&vert;...&vert; expr") }, "\(found.map(\.message))")
        #expect(vert.message.hasSuffix(" (&vert; is an escaped |, shown as text)"), "\(vert.message)")
    }

    @Test("Fingerprints are those the findings had when they were reported at the block and named by the source's section")
    func fingerprintsUnchanged() throws {
        // Recorded with the rules before token locations and translated section names, from
        // `docspec lint --format json` on these two pages as docs-ja/p.md and docs-ru/p.md.
        let found = try drift(Self.source, Self.target)
        let byRule = Dictionary(found.map { ($0.ruleID, $0.fingerprint()) }, uniquingKeysWith: { a, _ in a })
        #expect(byRule["inline-code-mismatch"] == "91d334d5ec5d7c55", "\(byRule)")
        #expect(byRule["number-mismatch"] == "9d63ada3743026af", "\(byRule)")
        #expect(byRule["link-mismatch"] == "6217acf7864b80ad", "\(byRule)")
        #expect(found.allSatisfy { $0.message.contains("'Синтаксис'") }, "\(found.map(\.message))")
    }

    @Test("A missing code sample named by the translation's section keeps the fingerprint of its old message")
    func sampleFingerprintUnchanged() throws {
        let source = ja("""
            # 例

            ## 使い方

            `open` を次のように呼び出します。

            ```js
            open("a.txt");
            ```

            ## 注意

            使い終わったら `close` でファイルを閉じてください。
            """)
        let target = ru("""
            # Пример

            ## Использование

            Вызовите `open` так.

            ## Замечание

            Закройте файл через `close`, когда он больше не нужен.
            """)
        let found = try drift(source, target)
        let sample = try #require(found.first { $0.ruleID == "missing-code-sample" }, "\(found)")
        #expect(sample.message == "a js code sample in section 'Использование' is missing in ru")
        // Recorded from the message that named the section '使い方'.
        #expect(sample.fingerprint() == "da642503268f2456")
    }

    @Test("A link in a definition list row's definition (the line after its term) is quoted as written and placed at the token, on both sides")
    func linkInADefinition() throws {
        let source = ja("""
            # nodeType

            ## 値

            - `ELEMENT_NODE` (`1`)
              - : [要素](/ja/docs/Web/API/Element)のノードです。
            - `TEXT_NODE` (`3`)
              - : [テキスト](2️⃣https://ja.wikipedia.org/wiki/テキスト)のノードです。
            """)
        let target = ru("""
            # nodeType

            ## Значения

            - `ELEMENT_NODE` (`1`)
              - : узел [элемента](/ru/docs/Web/API/Element).
            1️⃣- `TEXT_NODE` (`3`)
              - : текстовый узел.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()])
        let link = try #require(found.first { $0.ruleID == "link-mismatch" }, "\(found)")
        #expect(link.message.contains("'https://ja.wikipedia.org/wiki/テキスト'"), "\(link.message)")
        #expect(link.location == target[1] && link.notes.map(\.location) == [source[2]], "\(link)")
    }

    @Test("A number and a reference-style link changed in a later block of the stretch are reported at the translation's tokens (the link at its text, its destination defined elsewhere)")
    func laterBlockAndReferenceLink() throws {
        let source = ja("""
            # インストール

            ## Windows

            Windowsでは、[https://www.rust-lang.org/tools/install][install]にアクセスし、指示に従ってください。MSVCビルドツールも必要になります。

            ビルドツールを取得する最も簡単な方法は、[Visual Studio 2️⃣2019用のビルドツール][visualstudio]をインストールすることです。

            [install]: https://www.rust-lang.org/tools/install
            [visualstudio]: https://visualstudio.microsoft.com/visual-cpp-build-tools/
            """)
        let target = ru("""
            # Установка

            ## Windows

            На Windows перейдите по адресу [https://www.rust-lang.org/tools/install] и следуйте инструкциям. Вам также понадобятся инструменты сборки MSVC для Visual Studio 2013 или более поздней версии, а также пакет для Windows 10 и набор средств.

            Чтобы получить инструменты сборки, установите 3️⃣[Visual Studio 1️⃣2022].

            [https://www.rust-lang.org/tools/install]: https://www.rust-lang.org/tools/install
            [Visual Studio 2022]: https://visualstudio.microsoft.com/downloads/
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()])
        let number = try #require(found.first { $0.ruleID == "number-mismatch" }, "\(found)")
        #expect(number.location == target[1] && number.notes.map(\.location) == [source[2]], "\(number)")
        let link = try #require(found.first { $0.ruleID == "link-mismatch" }, "\(found)")
        #expect(link.location == target[3], "\(link)")
    }
}
