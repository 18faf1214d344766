import DocSpecTestSupport
import Testing

@Suite("Fixture markers")
struct MarkedTextTests {
    @Test("Markers are removed; their line and Unicode-scalar column are kept")
    func markers() {
        let m = MarkedText("1️⃣# 見出し\n| `A` |2️⃣ `400` |\nпривет 3️⃣мир")
        #expect(m.text == "# 見出し\n| `A` | `400` |\nпривет мир")
        #expect(m.markers[1] == .init(line: 1, column: 1))
        #expect(m.markers[2] == .init(line: 2, column: 8))
        #expect(m.markers[3] == .init(line: 3, column: 8))
    }

    @Test("A digit not followed by the keycap sequence is text")
    func plainDigits() {
        let m = MarkedText("`4000040` 1 2")
        #expect(m.text == "`4000040` 1 2")
        #expect(m.markers.isEmpty)
    }
}
