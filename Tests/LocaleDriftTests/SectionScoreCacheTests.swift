import DocSpecTestSupport
import LocaleDrift
import MarkdownSyntax
import SpecModel
import Testing

/// The language server keeps a pair's section scores across edits (`SectionScoreCache`, issue
/// 16); an alignment with the cache must be the alignment without it, after any edit.
@Suite("Section alignment with cached scores")
struct SectionScoreCacheTests {
    static func page(_ text: String, _ locale: String) throws -> SpecPage {
        let document = try #require(MarkdownParser.parse(text, path: "docs-\(locale)/p.md").document)
        return SpecExtractor.extract(document, locale: locale, relativePath: "p.md", linkLocales: ["ja", "ru"]).page
    }

    static func section(_ i: Int, words: Int, ja: Bool) -> String {
        let heading = i % 4 == 3 ? (ja ? "### 詳細 \(i)" : "### Подробно \(i)") : (ja ? "## 項目 \(i) {#item-\(i)}" : "## Пункт \(i) {#item-\(i)}")
        let prose = ja ? String(repeating: "説明文です。", count: words) : String(repeating: "Описание раздела. ", count: words)
        return "\(heading)\n\n\(prose) `field\(i)` \(i * 7 + 3)\n\n```json\n{\"k\(i)\": \(i)}\n```\n\n"
    }

    /// Alignments equal in what the rules read: section matches, moved sections and regions.
    static func same(_ a: PageAlignment, _ b: PageAlignment) -> Bool {
        a.sourceToTarget == b.sourceToTarget && a.targetToSource == b.targetToSource && a.moved.map { [$0.0, $0.1] } == b.moved.map { [$0.0, $0.1] }
            && a.regions.map { [$0.sourceSections, $0.targetSections, $0.sourceUnits, $0.targetUnits] } == b.regions.map {
                [$0.sourceSections, $0.targetSections, $0.sourceUnits, $0.targetUnits]
            } && a.regions.map(\.matches) == b.regions.map(\.matches)
    }

    @Test("random edits of the translation: cached and fresh alignments agree")
    func randomEdits() throws {
        var rng = SeededGenerator(seed: 16)
        let count = 30
        let source = try Self.page((0..<count).map { Self.section($0, words: $0 % 5 + 1, ja: true) }.joined(), "ja")
        let cache = SectionScoreCache()
        var target: [(i: Int, words: Int)] = (0..<count).map { ($0, $0 % 5 + 1) }
        var compared = 0
        for step in 0..<120 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where target.count > 2: target.remove(at: Int.random(in: 0..<target.count, using: &rng))
            case 1: target.insert((Int.random(in: 0..<count + 5, using: &rng), 2), at: Int.random(in: 0...target.count, using: &rng))
            case 2 where target.count > 1: target.swapAt(Int.random(in: 0..<target.count, using: &rng), Int.random(in: 0..<target.count, using: &rng))
            case 3: target[Int.random(in: 0..<target.count, using: &rng)].i = Int.random(in: 0..<count + 5, using: &rng)
            default: target[Int.random(in: 0..<target.count, using: &rng)].words = Int.random(in: 1...12, using: &rng)
            }
            let page = try Self.page(target.map { Self.section($0.i, words: $0.words, ja: false) }.joined(), "ru")
            var cached = PagePair(source: source, target: page)
            cached.scoreCache = cache
            let a = PageAlignment(cached)
            let b = PageAlignment(PagePair(source: source, target: page))
            #expect(Self.same(a, b), "step \(step): \(target)")
            compared += 1
        }
        #expect(compared == 120)
    }
}
