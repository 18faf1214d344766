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

            2️⃣Windows では [Visual Studio 2019 のビルドツール](https://visualstudio.microsoft.com/tools)をインストールしてください。インストーラを実行し、C++ ツールを選びます。
            """)
        let target = ru("""
            # Windows

            1️⃣В Windows установите [инструменты сборки](https://visualstudio.microsoft.com/tools).

            3️⃣Подойдёт Visual Studio 2022: запустите установщик и выберите инструменты C++.
            """)
        let found = try drift(source, target).filter { $0.ruleID == "number-mismatch" }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("ru has '2022'") == true && found.first?.message.contains("(ja) has '2019'") == true, "\(found)")
        #expect(found.first?.location == target[1])
        #expect(found.first?.notes.map(\.location) == [source[2], target[3]])
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

    @Test("An extra link's note points at the source block it stands for, not at the source page's first line")
    func extraLinkNote() throws {
        let source = ja("""
            # データ型

            2️⃣整数型には符号付きと符号なしがあります。

            浮動小数点型もあります。
            """)
        let target = ru("""
            # Типы данных

            1️⃣Целые типы бывают знаковыми и беззнаковыми ([дополнительный код](https://en.wikipedia.org/wiki/Two%27s_complement)).

            Есть и типы с плавающей точкой.
            """)
        try expectDrift(source, target, [Finding("link-mismatch", .warning, at: target[1], note: source[2])])
    }
}
