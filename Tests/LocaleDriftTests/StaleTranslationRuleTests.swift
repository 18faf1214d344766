import DocDiagnostics
import DocSpecTestSupport
import Foundation
import LocaleDrift
import Testing

// Stale translations: the stamp a translation carries (`translation-of`) against the source's
// current content hashes.

@Suite("StaleTranslationRule")
struct StaleTranslationRuleTests {
    let rule: [any DriftRule] = [StaleTranslationRule()]

    static let sourceJA = """
        ---
        id: settings
        title: 設定
        ---

        サーバー通知を受け取る前に読んでください。

        3️⃣# 設定

        サーバー通知を受け取る URL を設定します。

        1️⃣## 通知の受信

        App Store は 3 回まで再送します。

        2️⃣## 再送

        再送の間隔は少しずつ長くなります。
        """

    static let targetRU = """
        ---
        id: settings
        title: Настройка
        ---

        4️⃣Прочитайте это до того, как принимать уведомления.

        3️⃣# Настройка

        Укажите URL, на который приходят уведомления сервера.

        1️⃣## Получение уведомлений

        App Store повторяет отправку до 3 раз.

        2️⃣## Повторы

        Интервал между повторами постепенно растёт.
        """

    /// The target text with the stamp of `source` (as it is now) written into its front matter.
    func stamped(_ target: String, from source: Fixture, extra: [String] = []) throws -> String {
        let stamp = TranslationStamp.current(for: try source.page())
        var lines = target.components(separatedBy: "\n")
        lines.insert(contentsOf: stamp.yamlLines() + extra, at: 1)
        return lines.joined(separator: "\n")
    }

    /// `text` with every marker removed, for a fixture whose markers are not used.
    func plain(_ text: String) -> String { MarkedText(text).text }

    @Test("A stamped translation of an unchanged source is not a finding; a page without a stamp is not checked")
    func upToDate() throws {
        let source = ja(Self.sourceJA)
        try expectDrift(source, ru(try stamped(Self.targetRU, from: source)), rules: rule, [])
        let edited = ja(Self.sourceJA.replacingOnce("3 回", with: "5 回"))
        try expectDrift(edited, ru(Self.targetRU), rules: rule, [])
    }

    @Test("A changed source section is one finding at the translation's counterpart heading, with a note at the source heading")
    func changedSection() throws {
        let target = ru(try stamped(Self.targetRU, from: ja(Self.sourceJA)))
        let edited = ja(Self.sourceJA.replacingOnce("3 回", with: "5 回"))
        try expectDrift(edited, target, rules: rule, [Finding("stale-translation", .warning, at: target[1], note: edited[1])])
        let d = try drift(edited, target, rules: rule)
        #expect(d.map(\.message) == [
            "section '通知の受信' changed in the source (ja) since this translation was stamped; review the translation, then run 'docspec stamp'"
        ])
        // Trailing spaces and CRLF line endings do not change a hash.
        let crlf = ja(Self.sourceJA.replacingOccurrences(of: "\n", with: "  \r\n"))
        try expectDrift(crlf, target, rules: rule, [])
    }

    @Test("The text before the first heading is a section of its own")
    func changedIntro() throws {
        let target = ru(try stamped(Self.targetRU, from: ja(Self.sourceJA)))
        let edited = ja(Self.sourceJA.replacingOnce("読んでください", with: "必ず読んでください"))
        try expectDrift(
            edited, target, rules: rule,
            [Finding("stale-translation", .warning, at: target[4], note: Location(file: edited.path, line: 6))])
    }

    @Test("A section added to the source is named after the counterpart of the section before it; a removed one at its translation")
    func addedAndRemoved() throws {
        let target = ru(try stamped(Self.targetRU, from: ja(Self.sourceJA)))
        let added = ja(plain(Self.sourceJA) + "\n\n5️⃣## 上限\n\n再送は 3 回までです。\n")
        try expectDrift(added, target, rules: rule, [Finding("stale-translation", .warning, at: target[2], note: added[5])])
        #expect(try drift(added, target, rules: rule).map(\.message) == [
            "section '上限' was added to the source (ja) since this translation was stamped; translate it, then run 'docspec stamp'"
        ])

        let removed = ja(Self.sourceJA.components(separatedBy: "2️⃣## 再送")[0])
        try expectDrift(removed, target, rules: rule, [Finding("stale-translation", .warning, at: target[2], note: Location(file: removed.path, line: 1))])
    }

    @Test("A change outside every section (blank lines between them) is one page-level finding at the stamp")
    func pageOnly() throws {
        let raw = try stamped(Self.targetRU, from: ja(Self.sourceJA))
        let target = ru(raw)
        let edited = ja(Self.sourceJA.replacingOnce("1️⃣## 通知の受信", with: "\n\n1️⃣## 通知の受信"))
        try expectDrift(
            edited, target, rules: rule,
            [Finding("stale-translation", .warning, at: Location(file: target.path, line: 2), note: Location(file: edited.path, line: 1))])
    }

    @Test("A malformed stamp is a front-matter error at its line, not a crash")
    func malformed() throws {
        let source = ja(Self.sourceJA)
        for (yaml, line) in [
            (["translation-of: ja"], 2),
            (["translation-of:", "  locale: ja", "  hash: not-a-hash"], 4),
            (["translation-of:", "  locale: ja", "  hash: 0123456789abcdef", "  sections:", "    設定: [1, 2]"], 6),
            (["translation-of:", "  hash: 0123456789abcdef"], 2),
            (["translation-of:", "  locale: ja", "  hash: 0123456789abcdef", "  checked-by: anna"], 5),
        ] {
            var lines = Self.targetRU.components(separatedBy: "\n")
            lines.insert(contentsOf: yaml, at: 1)
            let target = ru(lines.joined(separator: "\n"))
            let d = try drift(source, target, rules: rule)
            #expect(d.map(Finding.init) == [Finding("front-matter", .error, at: Location(file: target.path, line: line))], "\(yaml)")
        }
    }

    @Test("Hashes: SHA-256, first 16 hex digits, of the normalised text; section keys are unique slugs")
    func hashesAndKeys() throws {
        #expect(TranslationHash.hash("abc") == "ba7816bf8f01cfea")
        #expect(TranslationHash.slug("Sign in with Apple (JWT)") == "sign-in-with-apple-jwt")
        #expect(TranslationHash.slug("通知の受信") == "通知の受信")
        #expect(TranslationHash.slug("!!!") == "section")
        let page = try ja("# 例\n\n本文\n\n## 例\n\n本文\n\n## 例\n\n本文\n").page()
        let sections = TranslationHash.sections(of: page).sections
        #expect(sections.map(\.key) == ["例", "例-2", "例-3"])
        #expect(sections[1].hash == TranslationHash.hash("## 例\n\n本文"))
    }
}
