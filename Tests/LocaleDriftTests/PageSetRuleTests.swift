import DocDiagnostics
import Foundation
import LocaleDrift
import Testing

// Page pairing across locales: by front matter `id`, then by path relative to the locale root.

@Suite("PageSetRule")
struct PageSetRuleTests {
    static let errorsJA = """
        ---
        id: api-errors
        title: エラーコード
        ---

        # エラーコード

        App Store Server API が返すエラーの一覧です。
        """

    static let errorsRU = """
        ---
        id: api-errors
        title: Коды ошибок
        ---

        # Коды ошибок

        Список ошибок, которые возвращает App Store Server API.
        """

    static let notificationsJA = """
        # App Store サーバー通知

        `CONSUMPTION_REQUEST` 通知を受け取ったら、消費情報を送信します。
        """

    static let notificationsRU = """
        # Уведомления App Store Server

        Получив уведомление `CONSUMPTION_REQUEST`, отправьте информацию о потреблении.
        """

    /// `(source path, target path)` of each pair, sorted.
    func pairedPaths(_ result: PageSetRule.Result) -> [String] {
        result.pairs.map { "\($0.source.path) ↔ \($0.target.path)" }.sorted()
    }

    func findings(_ result: PageSetRule.Result) -> [Finding] {
        sorted(result.diagnostics.map(Finding.init))
    }

    @Test("Pages with the same front matter id pair even when their paths differ")
    func pairsByIDAcrossPaths() throws {
        let result = try pairPages(
            [ja(Self.errorsJA, "api/errors.md")],
            [ru(Self.errorsRU, "api/oshibki.md")])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/oshibki.md"])
        #expect(findings(result) == [])
    }

    @Test("MDN-style pages pair by their front matter slug when paths differ")
    func pairsBySlug() throws {
        let result = try pairPages(
            [ja("---\nslug: Web/API/WebSocket/readyState\n---\n# readyState\n", "web/api/websocket/ready-state/index.md")],
            [ru("---\nslug: Web/API/WebSocket/readyState\n---\n# readyState\n", "web/api/websocket/readyState/index.md")])
        #expect(pairedPaths(result) == ["docs-ja/web/api/websocket/ready-state/index.md ↔ docs-ru/web/api/websocket/readyState/index.md"])
        #expect(findings(result) == [])
    }

    @Test("Pages without front matter pair by their path relative to the locale root")
    func pairsByPathWithoutID() throws {
        let result = try pairPages(
            [ja(Self.notificationsJA, "notifications/consumption-request.md")],
            [ru(Self.notificationsRU, "notifications/consumption-request.md")])
        #expect(pairedPaths(result) == ["docs-ja/notifications/consumption-request.md ↔ docs-ru/notifications/consumption-request.md"])
        #expect(findings(result) == [])
    }

    @Test("A page with an id pairs by path with a translation that has no front matter")
    func pairsByPathWhenOnlySourceHasID() throws {
        let ruWithoutFrontMatter = """
            # Коды ошибок

            Список ошибок, которые возвращает App Store Server API.
            """
        let result = try pairPages([ja(Self.errorsJA, "api/errors.md")], [ru(ruWithoutFrontMatter, "api/errors.md")])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [])
    }

    @Test("The id wins over the path: a same-path page with another page's id is not paired by path")
    func idWinsOverPath() throws {
        let jaA = ja("1️⃣" + Self.errorsJA.replacingOnce("id: api-errors", with: "id: errors-v1"), "api/errors.md")
        let jaB = ja(Self.errorsJA, "api/errors-v2.md")
        // The ru page sits at jaA's path but carries jaB's id.
        let ruB = ru(Self.errorsRU, "api/errors.md")
        let result = try pairPages([jaA, jaB], [ruB])
        #expect(pairedPaths(result) == ["docs-ja/api/errors-v2.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [Finding("missing-page", at: jaA[1])])
    }

    @Test("missing-page: a ja page with no ru page, at the ja page")
    func missingPage() throws {
        let errors = ja(Self.errorsJA, "api/errors.md")
        let notifications = ja("1️⃣" + Self.notificationsJA, "notifications/consumption-request.md")
        let result = try pairPages([errors, notifications], [ru(Self.errorsRU, "api/errors.md")])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [Finding("missing-page", at: notifications[1])])
    }

    @Test("orphan-page: a ru page with no ja page is a warning at the ru page")
    func orphanPage() throws {
        let orphan = ru("1️⃣" + Self.notificationsRU, "notifications/consumption-request.md")
        let result = try pairPages([ja(Self.errorsJA, "api/errors.md")], [ru(Self.errorsRU, "api/errors.md"), orphan])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [Finding("orphan-page", .warning, at: orphan[1])])
    }

    @Test("A ru page at the right path but with a different id is an orphan; the ja page pairs by id")
    func renamedIDIsOrphan() throws {
        let jaPage = ja(Self.errorsJA, "api/errors.md")
        let stale = ru("1️⃣" + Self.errorsRU.replacingOnce("id: api-errors", with: "id: api-errors-old"), "api/errors.md")
        let current = ru(Self.errorsRU, "api/oshibki.md")
        let result = try pairPages([jaPage], [stale, current])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/oshibki.md"])
        #expect(findings(result) == [Finding("orphan-page", .warning, at: stale[1])])
    }

    @Test("duplicate-page-id: at the copy's id line, note at the original's; the original still pairs")
    func duplicatePageID() throws {
        let first = ja(Self.errorsJA, "api/errors.md")
        let second = ja(Self.errorsJA, "api/errors-copy.md")
        let result = try pairPages([first, second], [ru(Self.errorsRU, "api/errors.md")])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [Finding("duplicate-page-id", at: idLine(second), note: idLine(first))])
    }

    /// The front matter `id` line of a fixture (line 2: the first line is `---`).
    func idLine(_ f: Fixture) -> Location { Location(file: f.path, line: 2, column: 1) }

    @Test("duplicate-page-id: the same whatever order the pages come in")
    func duplicatePageIDOrderIndependent() throws {
        let first = ja(Self.errorsJA, "api/errors.md")
        let second = ja(Self.errorsJA, "api/errors-copy.md")
        let a = try pairPages([first, second], [ru(Self.errorsRU, "api/errors.md")])
        let b = try pairPages([second, first], [ru(Self.errorsRU, "api/errors.md")])
        #expect(findings(a) == findings(b))
        #expect(pairedPaths(a) == pairedPaths(b))
    }

    @Test("duplicate-page-id in the target locale")
    func duplicatePageIDInTarget() throws {
        let first = ru(Self.errorsRU, "api/errors.md")
        let second = ru(Self.errorsRU, "api/oshibki.md")
        let result = try pairPages([ja(Self.errorsJA, "api/errors.md")], [first, second])
        #expect(pairedPaths(result) == ["docs-ja/api/errors.md ↔ docs-ru/api/errors.md"])
        #expect(findings(result) == [Finding("duplicate-page-id", at: idLine(second), note: idLine(first))])
    }

    @Test("Paired pages go through the page-pair rules: a clean pair yields nothing")
    func pairedPagesAreClean() throws {
        let result = try pairPages([ja(Self.errorsJA, "api/errors.md")], [ru(Self.errorsRU, "api/oshibki.md")])
        #expect(result.pairs.flatMap { DriftChecker().check($0) } == [])
    }
}

@Suite("Pairing by path, case-insensitively")
struct CaseInsensitivePairingTests {
    @Test("pages whose paths differ only in case pair (MDN's readyState/readystate)")
    func caseOnly() throws {
        let source = ja("# readyState\n\ntext\n", "web/websocket/readystate/index.md")
        let target = ru("# readyState\n\nтекст\n", "web/websocket/readyState/index.md")
        let result = try pairPages([source], [target])
        #expect(result.pairs.count == 1)
        #expect(result.diagnostics.isEmpty)
    }
}
