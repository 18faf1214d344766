import DocDiagnostics
import Foundation
import MarkdownSyntax
import Testing

@testable import SpecModel

/// `extract` and `tables` free a spec table's block rows as they become spec rows (issue 13,
/// memory proportional to the page): the spec model must be the one extraction without
/// releasing gives.
@Suite("Releasing spec rows from the block tree")
struct ReleasingRowsTests {
    static var fixturePages: [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let e = FileManager.default.enumerator(at: root.appendingPathComponent("Tests/DocSpecKitTests/Fixtures"), includingPropertiesForKeys: nil)
        let fixtures = (e?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "md" && $0.path.contains("/docs-") }
        let bundled = ["docs-ja", "docs-ru"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".md") }.map { root.appendingPathComponent("\(folder)/\($0)") }
        }
        return (fixtures + bundled).sorted { $0.path < $1.path }
    }

    @Test("the spec model is the same, and bound tables keep no body rows in the block tree")
    func sameModel() throws {
        let pages = Self.fixturePages
        #expect(pages.count > 8)
        var released = 0
        for url in pages {
            let doc = try #require(MarkdownParser.parse(fileAt: url, displayPath: url.lastPathComponent).document)
            let kept = SpecExtractor.extract(doc, locale: "ja", relativePath: url.lastPathComponent)
            var freed = SpecExtractor.extract(doc, locale: "ja", relativePath: url.lastPathComponent, releasingSpecRows: true)
            #expect(freed.diagnostics == kept.diagnostics, "\(url.path)")
            #expect(freed.page.tables == kept.page.tables && freed.page.links == kept.page.links && freed.page.headings == kept.page.headings, "\(url.path)")
            #expect(freed.page.suppressedLines == kept.page.suppressedLines && freed.page.failedTables == kept.page.failedTables, "\(url.path)")
            let lines = Set(kept.page.tables.map(\.range.start.line))
            for case .table(let t) in freed.page.document.blocks where lines.contains(t.range.start.line) {
                #expect(t.rows.isEmpty, "\(url.path):\(t.range.start.line)")
                released += 1
            }
            freed.page.document = kept.page.document
            #expect(freed.page == kept.page, "\(url.path)")
        }
        #expect(released > 8)
    }
}
