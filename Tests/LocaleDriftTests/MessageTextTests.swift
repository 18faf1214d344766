import Testing

@testable import LocaleDrift

@Suite("Long values in messages")
struct MessageTextTests {
    @Test("A difference at the end of a long value stays visible: the middle is cut, not the tail")
    func differenceAtTheEnd() {
        let ja = "https://datatracker.ietf.org/doc/html/rfc7231#section-6"
        let ru = "https://tools.ietf.org/html/rfc7231#section-6.5.1"
        let shown = MessageText.clip([ja], against: [ru], 50)[0]
        #expect(shown.count <= 50)
        #expect(shown.hasPrefix("https://datatracker"), "\(shown)")
        #expect(shown.hasSuffix("rfc7231#section-6"), "\(shown)")
    }

    @Test("Two values that differ early and late show both places")
    func twoDifferences() {
        let (a, b) = MessageText.clipPair(
            "/docs/javascript/reference/operators/bitwise_operators", "/docs/web/javascript/reference/operators/bitwise_and", 50)
        #expect(a.hasPrefix("/docs/javascript") && a.hasSuffix("bitwise_operators"), "\(a)")
        #expect(b.hasPrefix("/docs/web/") && b.hasSuffix("bitwise_and"), "\(b)")
    }

    @Test("A long common beginning is cut; short values stay whole")
    func commonBeginning() {
        let (a, b) = MessageText.clipPair(
            "https://example.com/a/very/long/path/that/both/share/then-one-thing", "https://example.com/a/very/long/path/that/both/share/then-another", 40)
        #expect(a.hasPrefix("…") && a.hasSuffix("then-one-thing"), "\(a)")
        #expect(b.hasPrefix("…") && b.hasSuffix("then-another"), "\(b)")
        #expect(MessageText.clipPair("abc", "abd", 40) == ("abc", "abd"))
    }
}
