import MarkdownSyntax
import SpecModel
import Testing

@testable import LocaleDrift

/// The byte and in-place paths of `StructureDriftRule` against the general forms they stand
/// for, on generated inputs: token groups compared as sorted copies of their concatenated
/// lists, placeholder cells on `String` and `Character` operations, code keys through the
/// normalising comparison.
@Suite("structure drift fast paths")
struct StructureFastPathTests {
    typealias Context = StructureDriftRule.Context

    /// A small deterministic generator (a linear congruential one), so failures repeat.
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    // MARK: token groups

    /// What `sameTokens` stood for: each kind's lists concatenated, compared in order, else sorted.
    static func referenceSameTokens(_ a: [InvariantTokens], _ b: [InvariantTokens]) -> Bool {
        for kind in 0..<5 {
            let x = a.flatMap { $0.tokens(ofKind: kind) }
            let y = b.flatMap { $0.tokens(ofKind: kind) }
            guard x.count == y.count else { return false }
            if x != y, x.sorted() != y.sorted() { return false }
        }
        return true
    }

    static func tokens(_ g: inout Generator, pool: [String]) -> InvariantTokens {
        var t = InvariantTokens()
        func list() -> [String] { (0..<g.next(3)).map { _ in pool[g.next(pool.count)] } }
        t.numbers = list()
        t.code = list()
        t.links = list()
        t.placeholders = g.next(4) == 0 ? list() : []
        t.htmlAttributes = g.next(4) == 0 ? list() : []
        return t
    }

    @Test func sameTokensMatchesSortedConcatenation() {
        var g = Generator(state: 7)
        // Canonically equivalent spellings (`é` precomposed and decomposed) compare as `String`s do.
        let pool = ["1", "2", "x", "useState", "https://example.com/a", "\u{E9}", "e\u{301}", "a@href"]
        var equal = 0
        for _ in 0..<4000 {
            let a = (0..<g.next(4)).map { _ in Self.tokens(&g, pool: pool) }
            var b: [InvariantTokens]
            switch g.next(3) {
            case 0:
                // The same tokens split into other blocks, in order or shuffled.
                var all = InvariantTokens()
                for t in a { all.formUnion(t) }
                if g.next(2) == 0 { all.code.reverse() }
                b = g.next(2) == 0 ? [all] : [InvariantTokens(), all, InvariantTokens()]
            case 1:
                b = a.reversed()
            default:
                b = (0..<g.next(4)).map { _ in Self.tokens(&g, pool: pool) }
            }
            let expected = Self.referenceSameTokens(a, b)
            if expected { equal += 1 }
            #expect(Context.sameTokens(a, b) == expected)
            if a.count == 1, b.count == 1 { #expect(Context.sameTokens(a[0], b[0]) == expected) }
        }
        // Both outcomes were generated.
        #expect(equal > 100 && equal < 3900)
    }

    // MARK: placeholder cells

    /// What `isPlaceholderCell` stood for, on `String` operations.
    static func referencePlaceholder(_ text: String) -> Bool {
        let t = text.trimmingSpaces
        if t.isEmpty { return false }
        if t.unicodeScalars.allSatisfy({ $0 == "." || $0 == "…" || $0 == "?" }) { return true }
        return ["todo", "tbd", "fixme"].contains(LinkTarget.asciiLowercased(t))
    }

    @Test func placeholderCellsMatchStringForm() {
        var g = Generator(state: 11)
        let pieces = [
            ".", "?", "…", " ", "\t", "\n", "\r\n", "\r", "T", "o", "D", "O", "todo", "TBD", "FixMe", "tbd", "x", "é", "\u{E2}",
            "\u{212A}", "\u{2025}", "-", "",
        ]
        for text in ["", " ", "...", "…", "?", " TODO ", "tbd", "FIXME", "fix me", "todos", "\r\n...", "...\r\n", "…?.", "—"] {
            #expect(Context.isPlaceholderCell(text) == Self.referencePlaceholder(text), "\(text.debugDescription)")
        }
        for _ in 0..<20000 {
            let text = (0..<g.next(6)).map { _ in pieces[g.next(pieces.count)] }.joined()
            #expect(Context.isPlaceholderCell(text) == Self.referencePlaceholder(text), "\(text.debugDescription)")
        }
    }

    // MARK: code keys

    /// What `sameCode` stood for: the byte comparison on the `UTF8View`, then normalised.
    static func referenceSameCode(_ a: String, _ b: String) -> Bool {
        if a.utf8.count == b.utf8.count, a.utf8.elementsEqual(b.utf8) { return true }
        func plain(_ s: String) -> String {
            var u = String.UnicodeScalarView()
            for c in s.unicodeScalars where c != " " && c != "\t" {
                if c == "\u{2026}" { u.append(contentsOf: "...".unicodeScalars) } else { u.append(c) }
            }
            return String(u)
        }
        let x = plain(a)
        let y = plain(b)
        return x == y || x.hasSuffix("." + y) || y.hasSuffix("." + x)
    }

    @Test func sameCodeMatchesGeneralForm() {
        var g = Generator(state: 13)
        let pieces = ["Node", ".", "ELEMENT_NODE", " ", "\t", "…", "...", "\u{E9}", "e\u{301}", "x", ""]
        for _ in 0..<20000 {
            let a = (0..<g.next(4)).map { _ in pieces[g.next(pieces.count)] }.joined()
            let b = g.next(3) == 0 ? a : (0..<g.next(4)).map { _ in pieces[g.next(pieces.count)] }.joined()
            #expect(Context.sameCode(a, b) == Self.referenceSameCode(a, b), "\(a.debugDescription) \(b.debugDescription)")
        }
    }
}
