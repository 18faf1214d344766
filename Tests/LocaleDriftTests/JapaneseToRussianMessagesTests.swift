import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// What a ja→ru finding says and where it points (issue 12, second review): a replacement is
// named from both sides, numbers of the row's own key or of another column are not listed as
// what the translation has instead, and a note points at the source's place, not at its line 1.

@Suite("Japanese source, Russian translation: messages and locations")
struct JapaneseToRussianMessagesTests {
    @Test("A renamed API in a code span is one 'differs' finding naming both names, with a note where the source has it")
    func renamedSpan() throws {
        let source = ja("""
            # addTransitionType

            **`addTransitionType` API は Canary チャンネルでのみ利用可能です。**

            2️⃣`addTransitionType` はトランジションの原因を指定できます。
            """)
        let target = ru("""
            # unstable_addTransitionType

            **Этот API экспериментальный: `react@experimental`.**

            1️⃣`unstable_addTransitionType` позволяет указать причину перехода.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "inline-code-mismatch" }
        let rename = try #require(found.first { $0.message.contains("has 'unstable_addTransitionType'") }, "\(found)")
        #expect(rename.message.contains("differs") && rename.message.contains("ja) has 'addTransitionType'"), "\(rename.message)")
        #expect(rename.location == target[1])
        #expect(rename.notes.map(\.location) == [source[2]])
    }

    @Test("A number replaced in a paragraph the translator split is one 'differs' finding naming both numbers")
    func replacedNumber() throws {
        let source = ja("""
            # Windows

            Windows では [Visual Studio 2️⃣2019 のビルドツール](https://visualstudio.microsoft.com/tools)をインストールしてください。インストーラを実行し、C++ ツールを選びます。
            """)
        let target = ru("""
            # Windows

            1️⃣В Windows установите [инструменты сборки](https://visualstudio.microsoft.com/tools).

            Подойдёт Visual Studio 3️⃣2022: запустите установщик и выберите инструменты C++.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "number-mismatch" }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("ru has '2022'") == true && found.first?.message.contains("(ja) has '2019'") == true, "\(found)")
        // At the translation's number, a note at the block matched to the source's paragraph.
        #expect(found.first?.location == target[3])
        #expect(found.first?.notes.map(\.location) == [source[2], target[1]])
    }

    @Test("A missing number of a row does not list the row's own code or another column's version as what ru has instead")
    func rowNumberNoise() throws {
        let source = ja("""
            # ステータス

            - {{HTTPStatus(403, "403 Forbidden")}}
              - : クライアントにはアクセス権がありません。
            - {{HTTPStatus(404, "404 Not Found")}}
              - : サーバーはリソースを見つけられません。403 の代わりに返すこともあります。
            """)
        let target = ru("""
            # Статусы

            <table>
              <thead>
                <tr><th>Код</th><th>Название</th><th>Описание</th><th>Версия</th></tr>
              </thead>
              <tbody>
                <tr><td>403</td><td>Forbidden</td><td>У клиента нет прав доступа.</td><td>HTTP/0.9</td></tr>
            1️⃣    <tr><td>404</td><td>Not Found</td><td>Сервер не нашёл ресурс.</td><td>HTTP/0.9</td></tr>
              </tbody>
            </table>
            """)
        let found = try drift(source, target).filter { $0.ruleID == "number-mismatch" }
        #expect(found.map(\.location) == [target[1]], "\(found)")
        #expect(found.first?.message == "number '403' in row '404 Not Found' of the source locale (ja) is missing in ru", "\(found)")
    }

    @Test("An extra link is quoted as written, and its note points at the source block it stands for, not at the source page's first line")
    func extraLinkNote() throws {
        let source = ja("""
            # データ型

            2️⃣整数型には符号付きと符号なしがあります。

            浮動小数点型もあります。
            """)
        let target = ru("""
            # Типы данных

            Целые типы бывают знаковыми и беззнаковыми ([дополнительный код](1️⃣https://en.wikipedia.org/wiki/Two%27s_complement)).

            Есть и типы с плавающей точкой.
            """)
        try expectDrift(source, target, [Finding("link-mismatch", .warning, at: target[1], note: source[2])])
        // The target as the page writes it, not its compared form (`https://wikipedia.org/…`).
        let found = try drift(source, target)
        #expect(found.first?.message.contains("'https://en.wikipedia.org/wiki/Two%27s_complement'") == true, "\(found)")
    }

    @Test("A Russian page left in English: one count of blocks, 'not translated', and the blocks quoted with their code spans")
    func untranslatedPageSummary() throws {
        let source = ja("""
            # 更新をキューに入れる

            state 変数をセットすると、次のレンダーがキューに入ります。

            ## バッチ処理

            ここで `n => n + 1` は更新用関数と呼ばれます。

            React は `3` を最終結果として保存します。

            イベントハンドラが終わるまで待ちます。
            """)
        let target = ru("""
            1️⃣# Queueing a series of state updates

            2️⃣Setting a state variable will queue another render.

            3️⃣## React batches state updates

            4️⃣Here, `n => n + 1` is called an updater function.

            5️⃣React stores `3` as the final result and returns it.

            6️⃣React waits until all code in the event handlers has run.
            """)
        let found = try drift(source, target, rules: [UntranslatedTextRule()])
        #expect(found.count == 1, "\(found)")
        let summary = try #require(found.first)
        #expect(summary.location == target[1])
        #expect(summary.message == "most of the page is not translated into ru: 4 of its 4 blocks and 2 headings are not translated (in Latin script); each is listed below", "\(summary.message)")
        #expect(summary.notes.map(\.location) == [target[1], target[2], target[3], target[4], target[5], target[6]])
        #expect(summary.notes[3].message.hasSuffix("\"Here, `n => n + 1` is called an updater function.\""), "\(summary.notes[3].message)")
    }

    @Test("Fence metadata is quoted as written; line marks with no language are not a language, so the differing code line is named")
    func fenceMetadataVerbatim() throws {
        let source = ja("""
            # 例

            ```js {expectedErrors: {'react-compiler': [13]}}
            const a = ref.current;
            ```

            ``` [[1, 6, "addTransitionType"]]
            import { addTransitionType } from 'react';
            ```
            """)
        let target = ru("""
            # Пример

            1️⃣```js
            const a = ref.current;
            ```

            ``` [[1, 6, "unstable_addTransitionType"]]
            2️⃣import { unstable_addTransitionType } from 'react';
            ```
            """)
        let found = try drift(source, target, rules: [CodeSampleDriftRule()])
        #expect(found.map(\.location) == [target[1], target[2]], "\(found)")
        #expect(found.first?.message == "fence metadata differs: ru has none, ja has '{expectedErrors: {'react-compiler': [13]}}'", "\(found)")
        #expect(found.last?.message.contains("ru has 'import { unstable_addTransitionType } from 'react';'") == true, "\(found)")
    }

    @Test("A definition term that is a macro with an aside is named by the macro, not by the aside")
    func termKeyFromMacro() throws {
        let source = ja("""
            # 成功レスポンス

            - {{HTTPStatus(200, "200 OK")}}
              - : リクエストが成功したことを示します。
            - {{HTTPStatus(226, "226 IM Used")}} ([HTTP Delta encoding](https://datatracker.ietf.org/doc/html/rfc3229))
              - : サーバーは GET リクエストに対するデルタを返しました。
            """)
        let target = ru("""
            # Успешные ответы

            - {{HTTPStatus(200, "200 OK")}}
              - : Запрос выполнен успешно.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "missing-generic-row" }
        #expect(found.map(\.message) == ["row '226 IM Used' of the definition list in section 'Успешные ответы' is missing in ru"], "\(found)")
    }
}
