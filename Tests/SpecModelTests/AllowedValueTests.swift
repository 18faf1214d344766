import Testing

@testable import SpecModel

@Suite("AllowedValue.parse")
struct AllowedValueTests {
    @Test(arguments: ["0...7", "0..7", "0…7", "0–7", " 0 ... 7 "])
    func rangeSpellings(token: String) {
        #expect(AllowedValue.parse(token) == .integerRange(0, 7))
    }

    @Test func negativeAndSingleValueRanges() {
        #expect(AllowedValue.parse("-5...-1") == .integerRange(-5, -1))
        #expect(AllowedValue.parse("3...3") == .integerRange(3, 3))
    }

    @Test(arguments: [
        ("true", "true"), ("false", "false"), ("null", "null"), (#""""#, #""""#), (#""DELIVERED""#, #""DELIVERED""#),
        ("42", "42"), ("-1", "-1"), ("007", "7"),
    ])
    func literals(token: String, json: String) {
        #expect(AllowedValue.parse(token) == .literal(json))
    }

    @Test func uuidPlaceholder() {
        #expect(AllowedValue.parse("UUID") == .placeholder("UUID"))
        #expect(AllowedValue.parse("uuid") == nil)
    }

    @Test(arguments: ["abc", "7...0", "", "\"", "0...", "...7", "1.5", "0...7...9", "0 to 7", "True"])
    func rejects(token: String) {
        #expect(AllowedValue.parse(token) == nil)
    }
}
