import Testing

@testable import DocDiagnostics

/// A finding's fingerprint leaves out the line and column references of its message, in every
/// locale's wording, and a message without any digit is taken as it is.
@Suite("line references in fingerprints")
struct LineReferenceTests {
    @Test(arguments: [
        ("the source section at line 12 has 3 rows", "the source section at # has 3 rows"),
        ("lines 3–5, 7 moved; see guide.md:12:5 and (40:2)", "# moved; see guide.md# and (40#)"),
        ("строка 4 и столбец 17", "# и #"),
        ("原文の 12 行目と 3行目", "原文の #と #"),
        ("no digits at all: the page was skipped", "no digits at all: the page was skipped"),
        ("全角の数字 ５行目", "全角の数字 #"),
        ("", ""),
    ])
    func removed(message: String, expected: String) {
        #expect(Diagnostic.removingLineReferences(message) == expected)
    }

    @Test func sameFromSeveralThreads() async {
        let message = "line 12 of guide.md:3:4"
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { Diagnostic.removingLineReferences(message) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: "# of guide.md#", count: 16))
    }
}
