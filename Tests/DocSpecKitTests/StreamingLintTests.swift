@testable import DocSpecKit
import DocDiagnostics
import Foundation
import LocaleDrift
import MarkdownSyntax
import SpecModel
import Testing

/// `Pipeline.lint` pairs pages from their front matter and paths before parsing them, then parses
/// and checks each pair and keeps only the spec model. These tests hold it to what loading every
/// page first and checking the pairs afterwards gives.
@Suite("lint: pair first, then parse and check each pair")
struct StreamingLintTests {
    /// The drift fixture with a second target locale and the awkward cases of pairing: a page
    /// paired by id under another path, an orphan, a duplicate id, invalid UTF-8, and a page
    /// without front matter.
    static func workspace() throws -> (Workspace, Config) {
        let ws = try Workspace(fixture: "drift")
        try FileManager.default.copyItem(at: ws.url("docs-ru"), to: ws.url("docs-uk"))
        try FileManager.default.moveItem(at: ws.url("docs-uk/errors.md"), to: ws.url("docs-uk/renamed-errors.md"))
        try ws.edit("docs-uk/request.md", replacing: "| `REFUNDED` |", with: "| `RETURNED` |")
        try ws.write("docs-uk/orphan.md", "---\nid: orphan\n---\n\n# Orphan\n\n```json\n{}\n```\n")
        try ws.write("docs-ja/errors-copy.md", try #require(ws.read("docs-ja/errors.md")))
        try ws.write("docs-ja/plain.md", "# Plain\n\n| a | b |\n|---|---|\n| `1` | x |\n")
        try ws.write("docs-ru/plain.md", "# Простая\n\n| a | b |\n|---|---|\n| `2` | x |\n")
        try ws.write("docs-ru/broken.md", bytes: Array("# x\n".utf8) + [0xFF, 0x0A])
        let base = try Config.load(from: ws.url("docspec.yml"))
        var config = Config(root: ws.root, locales: base.locales + [Config.Locale(code: "uk", directory: "docs-uk")], source: "ja",
                            imports: base.imports)
        config.docTests = base.docTests
        return (ws, config)
    }

    /// What lint reported before it streamed: every page loaded, then pairs checked.
    static func loadThenCheck(_ config: Config) -> (docs: DocSet, diagnostics: [Diagnostic], pairs: Int) {
        let docs = DocSet.load(config)
        var diagnostics = docs.diagnostics
        var pairs = 0
        let checker = Pipeline.driftChecker(config)
        for target in config.targetLocales {
            let paired = PageSetRule.pair(
                source: docs.pages[config.source] ?? [], target: docs.pages[target.code] ?? [], sourceLocale: config.source,
                targetLocale: target.code, unreadableSource: docs.unreadable[config.source] ?? [],
                unreadableTarget: docs.unreadable[target.code] ?? [])
            diagnostics += paired.diagnostics + paired.pairs.flatMap(checker.check)
            pairs += paired.pairs.count
        }
        diagnostics += Pipeline.generate(config, docSet: docs).diagnostics
        return (docs, diagnostics.sortedForOutput(), pairs)
    }

    @Test("the same findings and pair count as loading every page first")
    func sameFindings() throws {
        let (ws, config) = try Self.workspace()
        defer { withExtendedLifetime(ws) {} }
        let expected = Self.loadThenCheck(config)
        let lint = Pipeline.lint(config)
        #expect(lint.diagnostics == expected.diagnostics)
        #expect(lint.pairCount == expected.pairs)
        let rules = Set(lint.diagnostics.map(\.ruleID))
        for rule in ["missing-page", "orphan-page", "duplicate-page-id", "invalid-utf8", "cell-mismatch", "missing-table"] {
            #expect(rules.contains(rule), "the workspace should exercise \(rule)")
        }
        #expect(lint.docSet.diagnostics.sortedForOutput() == expected.docs.diagnostics.sortedForOutput())
        #expect(lint.docSet.unreadable == expected.docs.unreadable)
        #expect(lint.docSet.unreadable["ru"] == ["broken.md"])
    }

    @Test("kept pages are the spec model without block tree, text, links or drift model; keepingDocuments keeps everything")
    func keptPages() throws {
        let (ws, config) = try Self.workspace()
        defer { withExtendedLifetime(ws) {} }
        let loaded = DocSet.load(config).pages
        let compact = Pipeline.lint(config).docSet.pages
        let full = Pipeline.lint(config, keepingDocuments: true).docSet.pages
        #expect(full == loaded)
        #expect(compact.keys.sorted() == loaded.keys.sorted())
        for (code, pages) in loaded {
            let kept = try #require(compact[code])
            #expect(kept.count == pages.count)
            for (page, small) in zip(pages, kept) {
                var restored = small
                restored.document.blocks = page.document.blocks
                restored.document.text = page.document.text
                restored.links = page.links
                restored.structure = page.structure
                restored.prose = page.prose
                restored.codeSamples = page.codeSamples
                #expect(small.codeSamples.map(\.code) == page.codeSamples.map(\.code))
                #expect(restored == page, "\(page.path): only the block tree, the text, the links and the drift model differ")
                #expect(small.links.isEmpty && small.document.blocks.isEmpty && small.document.text.isEmpty)
                #expect(small.structure == nil && small.prose == nil, "\(page.path): the drift model is released")
                #expect(page.structure != nil && page.prose != nil, "\(page.path): lint pages carry their drift model")
                #expect(small.tables.allSatisfy { !$0.headerTexts.isEmpty }, "\(page.path): spec tables keep their header texts")
            }
        }
    }

    @Test("a pairing stub has the id and front matter the parsed page has")
    func stubs() throws {
        let (ws, config) = try Self.workspace()
        for page in DocSet.load(config).pages.values.flatMap({ $0 }) {
            let header = try #require(MarkdownParser.header(fileAt: ws.url(page.path), displayPath: page.path))
            let stub = SpecExtractor.pairingStub(frontMatter: header.frontMatter, locale: page.locale, path: page.path, relativePath: page.relativePath)
            #expect(stub.id == page.id)
            #expect(stub.frontMatter == page.frontMatter)
        }
        #expect(MarkdownParser.header(fileAt: ws.url("docs-ru/broken.md"), displayPath: "docs-ru/broken.md") == nil)
    }
}

extension StreamingLintTests {
    @Test("lint and check keep only what generation and the policy read: target pages lose their tables and samples, unread sample code is dropped, findings and generated files are the same")
    func generationInputRetention() throws {
        let (ws, config) = try Self.workspace()
        defer { withExtendedLifetime(ws) {} }
        let views = Pipeline.lint(config)
        let small = Pipeline.lint(config, retention: .generationInput)
        #expect(small.diagnostics == views.diagnostics)
        #expect(small.generated.files.map(\.contents) == views.generated.files.map(\.contents))
        for (code, pages) in small.docSet.pages {
            let full = try #require(views.docSet.pages[code])
            #expect(pages.map(\.path) == full.map(\.path))
            for (page, fullPage) in zip(pages, full) {
                #expect(page.directives == fullPage.directives && page.suppressedLines == fullPage.suppressedLines)
                if code == config.source {
                    #expect(page.tables == fullPage.tables)
                    #expect(page.codeSamples.count == fullPage.codeSamples.count)
                } else {
                    #expect(page.tables.isEmpty && page.codeSamples.isEmpty && page.headings.isEmpty)
                }
            }
        }
    }
}
