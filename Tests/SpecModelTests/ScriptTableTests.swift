import Testing

@testable import SpecModel

/// The script and letter tables built once for the Basic Multilingual Plane answer exactly what
/// the Unicode property lookups they replace answer, for every scalar.
@Suite("Script tables")
struct ScriptTableTests {
    @Test func tablesAgreeWithUnicodeProperties() {
        var checked = 0
        for v in 0..<0x10000 {
            guard let u = Unicode.Scalar(UInt32(v)) else { continue }
            // Straight from the toolchain's Unicode data, not through the tables.
            let expected: Script? = v < 0x80 ? ((0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) ? .latin : nil) : Script.classify(u)
            if Script(u) != expected { Issue.record("U+\(String(v, radix: 16)): \(String(describing: Script(u))) != \(String(describing: expected))") }
            if v >= 0x80, Script.isLetter(u) != u.properties.isAlphabetic { Issue.record("U+\(String(v, radix: 16)): isLetter") }
            checked += 1
        }
        #expect(checked > 60_000)
        let ranges = Self.alphabeticRanges()
        if ranges != Script.alphabeticRanges {
            // A toolchain with another Unicode version: the list to put into ScriptDetection.swift.
            let list = stride(from: 0, to: ranges.count, by: 2).map { "0x\(String(ranges[$0], radix: 16, uppercase: true)), 0x\(String(ranges[$0 + 1], radix: 16, uppercase: true))," }
            Issue.record("Script.alphabeticRanges differ from this toolchain's isAlphabetic (\(ranges.count / 2) ranges); replace them with:\n\(list.joined(separator: " "))")
        }
        #expect(Script("ж") == .cyrillic && Script("漢") == .han && Script("ー") == .katakana && Script("1") == nil)
        #expect(Script(Unicode.Scalar(0x20000)!) == .han)
    }

    /// The inclusive first–last pairs of the BMP scalars that are `isAlphabetic`.
    static func alphabeticRanges() -> [UInt16] {
        var out: [UInt16] = []
        var start: Int?
        for v in 0...0x10000 {
            let letter = v < 0x10000 && (Unicode.Scalar(UInt32(v))?.properties.isAlphabetic ?? false)
            if letter, start == nil { start = v }
            if !letter, let s = start {
                out += [UInt16(s), UInt16(v - 1)]
                start = nil
            }
        }
        return out
    }

    /// The counters that scan UTF-8 bytes with the tables held in a pointer (`ScriptCounts`,
    /// the structure builder's letter count) count what classifying each scalar counts, on every
    /// scalar of all planes' letters in runs of mixed widths.
    @Test func byteCountersAgreeWithScalarClassification() {
        var scalars: [Unicode.Scalar] = []
        for v in stride(from: 0, to: 0x40000, by: 1) where v < 0x10000 || v % 7 == 0 {
            if let u = Unicode.Scalar(UInt32(v)) { scalars.append(u) }
        }
        for start in stride(from: 0, to: scalars.count, by: 997) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<min(start + 997, scalars.count)])
            let s = String(text)
            var expected: [Script: Int] = [:]
            var letters = 0
            for u in s.unicodeScalars {
                if let script = Script(u) { expected[script, default: 0] += 1 }
                if Script.isLetter(u) { letters += 1 }
            }
            #expect(ScriptCounts(s).counts == expected, "scalars from U+\(String(scalars[start].value, radix: 16))")
            #expect(PageStructure.Builder.letters(s) == letters, "scalars from U+\(String(scalars[start].value, radix: 16))")
        }
    }

    @Test func indexFollowsDeclarationOrder() {
        for (i, s) in Script.allCases.enumerated() { #expect(s.index == i) }
        var counts = ScriptCounts("Ёж и 漢字かな abc")
        #expect(counts.counts == [.cyrillic: 3, .han: 2, .hiragana: 2, .latin: 3])
        counts.add(ScriptCounts("ё"))
        #expect(counts.count(in: [.cyrillic]) == 4 && counts.total == 11)
    }
}
