import Testing

@testable import LocaleDrift

/// `anchorKey` reads ASCII, basic Cyrillic, kana and CJK ideographs without their Unicode
/// properties: for every scalar it answers for, the answer is what the properties give.
@Suite struct AnchorKeyTests {
    @Test func anchorKeyFastPathsMatchProperties() {
        var answered = 0
        for v in 0...0x10FFFF {
            guard let c = Unicode.Scalar(UInt32(v)), let fast = StructureDriftRule.Context.anchorKeyScalar(c) else { continue }
            answered += 1
            let kept = c.properties.isAlphabetic || c.properties.numericType != nil
            let expected = kept ? String(c.properties.lowercaseMapping) : ""
            let got = fast == "\u{0}" ? "" : String(fast)
            #expect(got == expected, "U+\(String(v, radix: 16))")
        }
        #expect(answered > 20_000)
    }

    @Test func anchorKeyOfMixedText() {
        #expect(StructureDriftRule.Context.anchorKey("Send Consumption-Info 2 (v2)") == "sendconsumptioninfo2v2")
        #expect(StructureDriftRule.Context.anchorKey("Отправка ДАННЫХ Ёж") == "отправкаданныхёж")
        #expect(StructureDriftRule.Context.anchorKey("購入フロー・診断 Ⅻ Σ") == "購入フロー診断ⅻσ")
    }
}
