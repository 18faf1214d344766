import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// The product's own configuration: a Japanese source and its Russian translation, with no
// English page in the run (issue 12). Markers show where each finding is expected.

@Suite("Japanese source, Russian translation")
struct JapaneseToRussianTests {
    // MARK: untranslated text, judged by the target's script

    @Test("A Russian page left in English (a third language) is reported although the source is Japanese")
    func russianPageLeftInEnglish() throws {
        let source = ja("""
            # インストール

            インストーラをダウンロードして実行します。数分で終わります。

            キャッシュを削除してからもう一度試してください。
            """)
        let target = ru("""
            # Установка

            1️⃣Download the installer and run it. The setup takes a few minutes.

            Удалите кэш и попробуйте ещё раз.
            """)
        try expectDrift(source, target, rules: [UntranslatedTextRule()], [Finding("untranslated-text", .warning, at: target[1])])
    }

    @Test("A Russian page that is wholly English is one finding; English kept in both translations is not")
    func wholePageInEnglish() throws {
        let source = ja("""
            # インストール

            インストーラをダウンロードして実行します。数分で終わります。

            キャッシュを削除してからもう一度試してください。

            > Stories of the people who keep this project running every day.

            設定ファイルは自動で作られます。
            """)
        let target = ru("""
            1️⃣# Installing the toolkit

            2️⃣Download the installer and run it. The setup takes a few minutes.

            3️⃣If the installer stops, delete the cache folder and try again.

            > Stories of the people who keep this project running every day.

            4️⃣The configuration file is created for you automatically.
            """)
        let found = try drift(source, target, rules: [UntranslatedTextRule()])
        #expect(found.map(\.ruleID) == ["untranslated-text"], "\(found)")
        #expect(found.first?.location == target[1])
        #expect(found.first?.notes.map(\.location) == [target[1], target[2], target[3], target[4]])
        #expect(found.first?.notes.first?.message.contains("Latin script") == true, "\(found)")
    }

    @Test("Product names, identifiers and short Latin phrases in a Russian page are not untranslated text")
    func latinNamesInRussian() throws {
        let source = ja("""
            # 概要

            React Server Components と `npm` を使います。

            | 名前 | 説明 |
            |---|---|
            | Web Content Accessibility Guidelines | 指針 |
            """)
        let target = ru("""
            # Обзор

            Используются React Server Components и `npm`.

            | Имя | Описание |
            |---|---|
            | Web Content Accessibility Guidelines | Руководство |
            """)
        try expectDrift(source, target, rules: [UntranslatedTextRule()], [])
    }
}
