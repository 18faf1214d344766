/// A writing system, as far as telling translated text from text left in the source language
/// needs: letters are classified by the Unicode block of their scalar.
public enum Script: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Alphabets: Latin (with its accented and full-width letters), Cyrillic, Greek, Armenian,
    /// Georgian; abjads: Hebrew, Arabic; abugidas: Devanagari, Thai.
    case latin, cyrillic, greek, armenian, georgian, hebrew, arabic, devanagari, thai
    /// Japanese kana (the prolonged sound mark ー counts as katakana), Han ideographs (kanji,
    /// hanzi, hanja; 々 included) and Korean Hangul.
    case hiragana, katakana, han, hangul

    /// The script of a letter, or `nil` for anything that is not a letter (digits, punctuation,
    /// symbols, marks) or a letter of a script not listed. Scalars of the Basic Multilingual
    /// Plane are looked up in a table built once (the Unicode property lookup is the slow part).
    public init?(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        // Fast path for ASCII.
        if v < 0x80 {
            guard (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) else { return nil }
            self = .latin
            return
        }
        if v < 0x10000 {
            let code = Script.bmpTable[Int(v)]
            guard code != 0 else { return nil }
            self = Script.allCases[Int(code) - 1]
            return
        }
        guard let script = Script.classify(scalar) else { return nil }
        self = script
    }

    /// The script of every Basic Multilingual Plane scalar: 0 for none, else 1 + the index in
    /// `allCases`. Built from `alphabeticTable` block by block (`letterBlocks`), then the marks
    /// `classify` gives a script whatever their letter property (`markScripts`), not from the
    /// Unicode property lookup (65,536 of those cost about 15 ms at every start of the tool) nor
    /// by classifying each scalar.
    static let bmpTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000)
        alphabeticTable.withUnsafeBufferPointer { letters in
            // The first block that holds a scalar decides: later ones are written first.
            for (block, script) in letterBlocks.reversed() where block.lowerBound < 0x10000 {
                for v in Int(block.lowerBound)...Int(min(block.upperBound, 0xFFFF)) where letters[v >> 3] & (1 << UInt8(v & 7)) != 0 {
                    table[v] = UInt8(script.index + 1)
                }
            }
        }
        for (v, script) in markScripts { table[Int(v)] = UInt8(script.index + 1) }
        return table
    }()

    /// The prolonged sound mark and iteration marks, used with kana and kanji and not
    /// `isAlphabetic` everywhere: their scripts, whatever their letter property says.
    static let markScripts: [(UInt32, Script)] = [
        (0x30FC, .katakana), (0x30FD, .katakana), (0x30FE, .katakana), (0x309D, .hiragana), (0x309E, .hiragana), (0x3005, .han),
    ]

    /// The Unicode blocks whose letters belong to a script (no two overlap).
    static let letterBlocks: [(ClosedRange<UInt32>, Script)] = [
        (0x00C0...0x024F, .latin), (0x1E00...0x1EFF, .latin), (0x2C60...0x2C7F, .latin), (0xA720...0xA7FF, .latin),
        (0xFF21...0xFF3A, .latin), (0xFF41...0xFF5A, .latin),
        (0x0400...0x052F, .cyrillic), (0x1C80...0x1C8F, .cyrillic), (0x2DE0...0x2DFF, .cyrillic), (0xA640...0xA69F, .cyrillic),
        (0x0370...0x03FF, .greek), (0x1F00...0x1FFF, .greek),
        (0x0530...0x058F, .armenian),
        (0x10A0...0x10FF, .georgian),
        (0x0590...0x05FF, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0xFB50...0xFDFF, .arabic), (0xFE70...0xFEFF, .arabic),
        (0x0900...0x097F, .devanagari),
        (0x0E00...0x0E7F, .thai),
        (0x3040...0x309F, .hiragana),
        (0x30A0...0x30FF, .katakana), (0x31F0...0x31FF, .katakana), (0xFF66...0xFF9F, .katakana),
        (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han), (0x20000...0x3FFFF, .han),
        (0x1100...0x11FF, .hangul), (0x3130...0x318F, .hangul), (0xAC00...0xD7AF, .hangul),
    ]

    /// The classification by Unicode property and block, for scalars outside ASCII.
    static func classify(_ scalar: Unicode.Scalar) -> Script? {
        classify(scalar, isAlphabetic: scalar.properties.isAlphabetic)
    }

    /// `classify(_:)` with the scalar's `isAlphabetic` property given: a mark of `markScripts`
    /// has its script, another letter the script of its block in `letterBlocks`.
    static func classify(_ scalar: Unicode.Scalar, isAlphabetic: Bool) -> Script? {
        let v = scalar.value
        if let mark = markScripts.first(where: { $0.0 == v }) { return mark.1 }
        guard isAlphabetic else { return nil }
        return letterBlocks.first { $0.0.contains(v) }?.1
    }

    /// Whether a scalar is a letter (`Unicode.Scalar.Properties.isAlphabetic`), answered from a
    /// table for the Basic Multilingual Plane.
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        alphabeticTable.withUnsafeBufferPointer { isLetter(scalar, table: $0) }
    }

    /// `isLetter(_:)` with `alphabeticTable` already in hand, for loops over many scalars (a
    /// global's accessor per scalar costs more than the lookup).
    @inline(__always)
    static func isLetter(_ scalar: Unicode.Scalar, table: UnsafeBufferPointer<UInt8>) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
        if v < 0x10000 { return table[Int(v) >> 3] & (1 << UInt8(v & 7)) != 0 }
        return scalar.properties.isAlphabetic
    }

    /// `isAlphabetic` of every Basic Multilingual Plane scalar, one bit each, set from
    /// `alphabeticRanges`.
    static let alphabeticTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000 / 8)
        var k = 0
        while k + 1 < alphabeticRanges.count {
            for v in Int(alphabeticRanges[k])...Int(alphabeticRanges[k + 1]) { table[v >> 3] |= 1 << UInt8(v & 7) }
            k += 2
        }
        return table
    }()

    /// The Basic Multilingual Plane scalars whose `Unicode.Scalar.Properties.isAlphabetic` is
    /// true, as inclusive first–last pairs (417 ranges; the toolchain's Unicode data, Swift 6.3).
    /// `ScriptTableTests` compares them with the running toolchain's property for every scalar and
    /// prints the list to paste here when a toolchain's Unicode version changes them.
    static let alphabeticRanges: [UInt16] = [
        0x0041, 0x005A, 0x0061, 0x007A, 0x00AA, 0x00AA, 0x00B5, 0x00B5, 0x00BA, 0x00BA, 0x00C0, 0x00D6,
        0x00D8, 0x00F6, 0x00F8, 0x02C1, 0x02C6, 0x02D1, 0x02E0, 0x02E4, 0x02EC, 0x02EC, 0x02EE, 0x02EE,
        0x0345, 0x0345, 0x0363, 0x0374, 0x0376, 0x0377, 0x037A, 0x037D, 0x037F, 0x037F, 0x0386, 0x0386,
        0x0388, 0x038A, 0x038C, 0x038C, 0x038E, 0x03A1, 0x03A3, 0x03F5, 0x03F7, 0x0481, 0x048A, 0x052F,
        0x0531, 0x0556, 0x0559, 0x0559, 0x0560, 0x0588, 0x05B0, 0x05BD, 0x05BF, 0x05BF, 0x05C1, 0x05C2,
        0x05C4, 0x05C5, 0x05C7, 0x05C7, 0x05D0, 0x05EA, 0x05EF, 0x05F2, 0x0610, 0x061A, 0x0620, 0x0657,
        0x0659, 0x065F, 0x066E, 0x06D3, 0x06D5, 0x06DC, 0x06E1, 0x06E8, 0x06ED, 0x06EF, 0x06FA, 0x06FC,
        0x06FF, 0x06FF, 0x0710, 0x073F, 0x074D, 0x07B1, 0x07CA, 0x07EA, 0x07F4, 0x07F5, 0x07FA, 0x07FA,
        0x0800, 0x0817, 0x081A, 0x082C, 0x0840, 0x0858, 0x0860, 0x086A, 0x0870, 0x0887, 0x0889, 0x088F,
        0x0897, 0x0897, 0x08A0, 0x08C9, 0x08D4, 0x08DF, 0x08E3, 0x08E9, 0x08F0, 0x093B, 0x093D, 0x094C,
        0x094E, 0x0950, 0x0955, 0x0963, 0x0971, 0x0983, 0x0985, 0x098C, 0x098F, 0x0990, 0x0993, 0x09A8,
        0x09AA, 0x09B0, 0x09B2, 0x09B2, 0x09B6, 0x09B9, 0x09BD, 0x09C4, 0x09C7, 0x09C8, 0x09CB, 0x09CC,
        0x09CE, 0x09CE, 0x09D7, 0x09D7, 0x09DC, 0x09DD, 0x09DF, 0x09E3, 0x09F0, 0x09F1, 0x09FC, 0x09FC,
        0x0A01, 0x0A03, 0x0A05, 0x0A0A, 0x0A0F, 0x0A10, 0x0A13, 0x0A28, 0x0A2A, 0x0A30, 0x0A32, 0x0A33,
        0x0A35, 0x0A36, 0x0A38, 0x0A39, 0x0A3E, 0x0A42, 0x0A47, 0x0A48, 0x0A4B, 0x0A4C, 0x0A51, 0x0A51,
        0x0A59, 0x0A5C, 0x0A5E, 0x0A5E, 0x0A70, 0x0A75, 0x0A81, 0x0A83, 0x0A85, 0x0A8D, 0x0A8F, 0x0A91,
        0x0A93, 0x0AA8, 0x0AAA, 0x0AB0, 0x0AB2, 0x0AB3, 0x0AB5, 0x0AB9, 0x0ABD, 0x0AC5, 0x0AC7, 0x0AC9,
        0x0ACB, 0x0ACC, 0x0AD0, 0x0AD0, 0x0AE0, 0x0AE3, 0x0AF9, 0x0AFC, 0x0B01, 0x0B03, 0x0B05, 0x0B0C,
        0x0B0F, 0x0B10, 0x0B13, 0x0B28, 0x0B2A, 0x0B30, 0x0B32, 0x0B33, 0x0B35, 0x0B39, 0x0B3D, 0x0B44,
        0x0B47, 0x0B48, 0x0B4B, 0x0B4C, 0x0B56, 0x0B57, 0x0B5C, 0x0B5D, 0x0B5F, 0x0B63, 0x0B71, 0x0B71,
        0x0B82, 0x0B83, 0x0B85, 0x0B8A, 0x0B8E, 0x0B90, 0x0B92, 0x0B95, 0x0B99, 0x0B9A, 0x0B9C, 0x0B9C,
        0x0B9E, 0x0B9F, 0x0BA3, 0x0BA4, 0x0BA8, 0x0BAA, 0x0BAE, 0x0BB9, 0x0BBE, 0x0BC2, 0x0BC6, 0x0BC8,
        0x0BCA, 0x0BCC, 0x0BD0, 0x0BD0, 0x0BD7, 0x0BD7, 0x0C00, 0x0C0C, 0x0C0E, 0x0C10, 0x0C12, 0x0C28,
        0x0C2A, 0x0C39, 0x0C3D, 0x0C44, 0x0C46, 0x0C48, 0x0C4A, 0x0C4C, 0x0C55, 0x0C56, 0x0C58, 0x0C5A,
        0x0C5C, 0x0C5D, 0x0C60, 0x0C63, 0x0C80, 0x0C83, 0x0C85, 0x0C8C, 0x0C8E, 0x0C90, 0x0C92, 0x0CA8,
        0x0CAA, 0x0CB3, 0x0CB5, 0x0CB9, 0x0CBD, 0x0CC4, 0x0CC6, 0x0CC8, 0x0CCA, 0x0CCC, 0x0CD5, 0x0CD6,
        0x0CDC, 0x0CDE, 0x0CE0, 0x0CE3, 0x0CF1, 0x0CF3, 0x0D00, 0x0D0C, 0x0D0E, 0x0D10, 0x0D12, 0x0D3A,
        0x0D3D, 0x0D44, 0x0D46, 0x0D48, 0x0D4A, 0x0D4C, 0x0D4E, 0x0D4E, 0x0D54, 0x0D57, 0x0D5F, 0x0D63,
        0x0D7A, 0x0D7F, 0x0D81, 0x0D83, 0x0D85, 0x0D96, 0x0D9A, 0x0DB1, 0x0DB3, 0x0DBB, 0x0DBD, 0x0DBD,
        0x0DC0, 0x0DC6, 0x0DCF, 0x0DD4, 0x0DD6, 0x0DD6, 0x0DD8, 0x0DDF, 0x0DF2, 0x0DF3, 0x0E01, 0x0E3A,
        0x0E40, 0x0E46, 0x0E4D, 0x0E4D, 0x0E81, 0x0E82, 0x0E84, 0x0E84, 0x0E86, 0x0E8A, 0x0E8C, 0x0EA3,
        0x0EA5, 0x0EA5, 0x0EA7, 0x0EB9, 0x0EBB, 0x0EBD, 0x0EC0, 0x0EC4, 0x0EC6, 0x0EC6, 0x0ECD, 0x0ECD,
        0x0EDC, 0x0EDF, 0x0F00, 0x0F00, 0x0F40, 0x0F47, 0x0F49, 0x0F6C, 0x0F71, 0x0F83, 0x0F88, 0x0F97,
        0x0F99, 0x0FBC, 0x1000, 0x1036, 0x1038, 0x1038, 0x103B, 0x103F, 0x1050, 0x108F, 0x109A, 0x109D,
        0x10A0, 0x10C5, 0x10C7, 0x10C7, 0x10CD, 0x10CD, 0x10D0, 0x10FA, 0x10FC, 0x1248, 0x124A, 0x124D,
        0x1250, 0x1256, 0x1258, 0x1258, 0x125A, 0x125D, 0x1260, 0x1288, 0x128A, 0x128D, 0x1290, 0x12B0,
        0x12B2, 0x12B5, 0x12B8, 0x12BE, 0x12C0, 0x12C0, 0x12C2, 0x12C5, 0x12C8, 0x12D6, 0x12D8, 0x1310,
        0x1312, 0x1315, 0x1318, 0x135A, 0x1380, 0x138F, 0x13A0, 0x13F5, 0x13F8, 0x13FD, 0x1401, 0x166C,
        0x166F, 0x167F, 0x1681, 0x169A, 0x16A0, 0x16EA, 0x16EE, 0x16F8, 0x1700, 0x1713, 0x171F, 0x1733,
        0x1740, 0x1753, 0x1760, 0x176C, 0x176E, 0x1770, 0x1772, 0x1773, 0x1780, 0x17B3, 0x17B6, 0x17C8,
        0x17D7, 0x17D7, 0x17DC, 0x17DC, 0x1820, 0x1878, 0x1880, 0x18AA, 0x18B0, 0x18F5, 0x1900, 0x191E,
        0x1920, 0x192B, 0x1930, 0x1938, 0x1950, 0x196D, 0x1970, 0x1974, 0x1980, 0x19AB, 0x19B0, 0x19C9,
        0x1A00, 0x1A1B, 0x1A20, 0x1A5E, 0x1A61, 0x1A74, 0x1AA7, 0x1AA7, 0x1ABF, 0x1AC0, 0x1ACC, 0x1ACE,
        0x1B00, 0x1B33, 0x1B35, 0x1B43, 0x1B45, 0x1B4C, 0x1B80, 0x1BA9, 0x1BAC, 0x1BAF, 0x1BBA, 0x1BE5,
        0x1BE7, 0x1BF1, 0x1C00, 0x1C36, 0x1C4D, 0x1C4F, 0x1C5A, 0x1C7D, 0x1C80, 0x1C8A, 0x1C90, 0x1CBA,
        0x1CBD, 0x1CBF, 0x1CE9, 0x1CEC, 0x1CEE, 0x1CF3, 0x1CF5, 0x1CF6, 0x1CFA, 0x1CFA, 0x1D00, 0x1DBF,
        0x1DD3, 0x1DF4, 0x1E00, 0x1F15, 0x1F18, 0x1F1D, 0x1F20, 0x1F45, 0x1F48, 0x1F4D, 0x1F50, 0x1F57,
        0x1F59, 0x1F59, 0x1F5B, 0x1F5B, 0x1F5D, 0x1F5D, 0x1F5F, 0x1F7D, 0x1F80, 0x1FB4, 0x1FB6, 0x1FBC,
        0x1FBE, 0x1FBE, 0x1FC2, 0x1FC4, 0x1FC6, 0x1FCC, 0x1FD0, 0x1FD3, 0x1FD6, 0x1FDB, 0x1FE0, 0x1FEC,
        0x1FF2, 0x1FF4, 0x1FF6, 0x1FFC, 0x2071, 0x2071, 0x207F, 0x207F, 0x2090, 0x209C, 0x2102, 0x2102,
        0x2107, 0x2107, 0x210A, 0x2113, 0x2115, 0x2115, 0x2119, 0x211D, 0x2124, 0x2124, 0x2126, 0x2126,
        0x2128, 0x2128, 0x212A, 0x212D, 0x212F, 0x2139, 0x213C, 0x213F, 0x2145, 0x2149, 0x214E, 0x214E,
        0x2160, 0x2188, 0x24B6, 0x24E9, 0x2C00, 0x2CE4, 0x2CEB, 0x2CEE, 0x2CF2, 0x2CF3, 0x2D00, 0x2D25,
        0x2D27, 0x2D27, 0x2D2D, 0x2D2D, 0x2D30, 0x2D67, 0x2D6F, 0x2D6F, 0x2D80, 0x2D96, 0x2DA0, 0x2DA6,
        0x2DA8, 0x2DAE, 0x2DB0, 0x2DB6, 0x2DB8, 0x2DBE, 0x2DC0, 0x2DC6, 0x2DC8, 0x2DCE, 0x2DD0, 0x2DD6,
        0x2DD8, 0x2DDE, 0x2DE0, 0x2DFF, 0x2E2F, 0x2E2F, 0x3005, 0x3007, 0x3021, 0x3029, 0x3031, 0x3035,
        0x3038, 0x303C, 0x3041, 0x3096, 0x309D, 0x309F, 0x30A1, 0x30FA, 0x30FC, 0x30FF, 0x3105, 0x312F,
        0x3131, 0x318E, 0x31A0, 0x31BF, 0x31F0, 0x31FF, 0x3400, 0x4DBF, 0x4E00, 0xA48C, 0xA4D0, 0xA4FD,
        0xA500, 0xA60C, 0xA610, 0xA61F, 0xA62A, 0xA62B, 0xA640, 0xA66E, 0xA674, 0xA67B, 0xA67F, 0xA6EF,
        0xA717, 0xA71F, 0xA722, 0xA788, 0xA78B, 0xA7DC, 0xA7F1, 0xA805, 0xA807, 0xA827, 0xA840, 0xA873,
        0xA880, 0xA8C3, 0xA8C5, 0xA8C5, 0xA8F2, 0xA8F7, 0xA8FB, 0xA8FB, 0xA8FD, 0xA8FF, 0xA90A, 0xA92A,
        0xA930, 0xA952, 0xA960, 0xA97C, 0xA980, 0xA9B2, 0xA9B4, 0xA9BF, 0xA9CF, 0xA9CF, 0xA9E0, 0xA9EF,
        0xA9FA, 0xA9FE, 0xAA00, 0xAA36, 0xAA40, 0xAA4D, 0xAA60, 0xAA76, 0xAA7A, 0xAABE, 0xAAC0, 0xAAC0,
        0xAAC2, 0xAAC2, 0xAADB, 0xAADD, 0xAAE0, 0xAAEF, 0xAAF2, 0xAAF5, 0xAB01, 0xAB06, 0xAB09, 0xAB0E,
        0xAB11, 0xAB16, 0xAB20, 0xAB26, 0xAB28, 0xAB2E, 0xAB30, 0xAB5A, 0xAB5C, 0xAB69, 0xAB70, 0xABEA,
        0xAC00, 0xD7A3, 0xD7B0, 0xD7C6, 0xD7CB, 0xD7FB, 0xF900, 0xFA6D, 0xFA70, 0xFAD9, 0xFB00, 0xFB06,
        0xFB13, 0xFB17, 0xFB1D, 0xFB28, 0xFB2A, 0xFB36, 0xFB38, 0xFB3C, 0xFB3E, 0xFB3E, 0xFB40, 0xFB41,
        0xFB43, 0xFB44, 0xFB46, 0xFBB1, 0xFBD3, 0xFD3D, 0xFD50, 0xFD8F, 0xFD92, 0xFDC7, 0xFDF0, 0xFDFB,
        0xFE70, 0xFE74, 0xFE76, 0xFEFC, 0xFF21, 0xFF3A, 0xFF41, 0xFF5A, 0xFF66, 0xFFBE, 0xFFC2, 0xFFC7,
        0xFFCA, 0xFFCF, 0xFFD2, 0xFFD7, 0xFFDA, 0xFFDC
    ]

    /// Scripts whose letters are whole syllables or words: a few of them already make a phrase.
    public var isIdeographicOrSyllabic: Bool {
        switch self {
        case .hiragana, .katakana, .han, .hangul: true
        default: false
        }
    }

    /// Orders by declaration order (for deterministic messages).
    public static func < (lhs: Script, rhs: Script) -> Bool {
        lhs.index < rhs.index
    }
}

/// Letters of a text counted per script.
public struct ScriptCounts: Hashable, Sendable {
    /// Letters per script, by `Script.index` (13 scripts; the last lanes stay 0): inline storage,
    /// so a count is no heap allocation.
    var perScript = SIMD16<Int>()

    /// Number of letters per script; scripts without letters are absent.
    public var counts: [Script: Int] {
        var out: [Script: Int] = [:]
        for (i, script) in Script.allCases.enumerated() where perScript[i] > 0 { out[script] = perScript[i] }
        return out
    }

    /// Counts the letters of `text`.
    public init(_ text: some StringProtocol) {
        if let counts = text.utf8.withContiguousStorageIfAvailable({ Self.counted($0) }) {
            perScript = counts
        } else {
            perScript = Array(text.utf8).withUnsafeBufferPointer { Self.counted($0) }
        }
    }

    /// Counts the letters of UTF-8 `bytes` (whole scalars).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        perScript = Self.counted(bytes)
    }

    static func counted(_ b: UnsafeBufferPointer<UInt8>) -> SIMD16<Int> {
        // Counted in a stack buffer (a SIMD vector's lanes are slow to update one at a time).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { counts in
            counts.initialize(repeating: 0)
            forEachLetter(b) { index in
                counts[index] += 1
                return true
            }
            return SIMD16<Int>(counts)
        }
    }

    /// Whether UTF-8 `b` (whole scalars) holds a letter of a script in `mask` (bit
    /// `Script.index` set for each): `ScriptCounts(utf8: b)` has one, found without counting
    /// the rest.
    static func holdsLetter(_ b: UnsafeBufferPointer<UInt8>, ofScripts mask: UInt16) -> Bool {
        var found = false
        forEachLetter(b) { index in
            found = mask >> UInt16(index) & 1 != 0
            return !found
        }
        return found
    }

    /// Calls `body` with the script's `Script.index` of each letter of UTF-8 `b` (whole
    /// scalars), in order, until it returns `false`: ASCII letters directly, other scalars
    /// decoded from the bytes and looked up in the script table, read through one buffer
    /// pointer for the whole text (a global's accessor per scalar costs more than the lookup;
    /// its codes are 1 + `index`).
    @inline(__always)
    static func forEachLetter(_ b: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        Script.bmpTable.withUnsafeBufferPointer { table in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x80 {
                    if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) {
                        guard body(0) else { return }
                    }
                    i += 1
                    continue
                }
                let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                var v = UInt32(c) & (0xFF >> (length + 1))
                var j = 1
                while j < length, i + j < n {
                    v = v << 6 | UInt32(b[i + j] & 0x3F)
                    j += 1
                }
                i += length
                if v < 0x10000 {
                    let code = table[Int(v)]
                    if code != 0 {
                        guard body(Int(code) - 1) else { return }
                    }
                } else if let u = Unicode.Scalar(v), let script = Script(u) {
                    guard body(script.index) else { return }
                }
            }
        }
    }

    /// Letters of `script`.
    public func count(of script: Script) -> Int { perScript[script.index] }

    /// Letters of any of `scripts`.
    public func count(in scripts: Set<Script>) -> Int {
        scripts.reduce(0) { $0 + perScript[$1.index] }
    }

    /// Every letter counted.
    public var total: Int { perScript.wrappedSum() }

    /// Adds another text's counts.
    public mutating func add(_ other: ScriptCounts) {
        perScript &+= other.perScript
    }
}

extension Script {
    /// All the scripts.
    static let every = Set(allCases)

    /// The position in `allCases`.
    var index: Int {
        switch self {
        case .latin: 0
        case .cyrillic: 1
        case .greek: 2
        case .armenian: 3
        case .georgian: 4
        case .hebrew: 5
        case .arabic: 6
        case .devanagari: 7
        case .thai: 8
        case .hiragana: 9
        case .katakana: 10
        case .han: 11
        case .hangul: 12
        }
    }
}

/// The scripts a locale's text is written in.
public struct LocaleScripts: Hashable, Sendable {
    /// Scripts every translated prose block has letters of (e.g. kana or kanji for `ja`).
    public var expected: Set<Script>
    /// Scripts that may appear too without making a block foreign (Latin product names in `ja`).
    public var allowed: Set<Script>

    /// Creates an entry; `allowed` defaults to Latin, which technical docs in every locale use
    /// for names.
    public init(expected: Set<Script>, allowed: Set<Script> = [.latin]) {
        self.expected = expected
        self.allowed = allowed
    }

    /// The scripts of well-known locale codes (`ja`, `ru`, `pt-BR`, `zh_Hans`, …): the language
    /// subtag decides; `nil` for a language not in the table (then the scripts are inferred
    /// from the pages, see `inferred(from:excluding:)`).
    public static func known(_ locale: String) -> LocaleScripts? {
        let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch language {
        case "ja": return LocaleScripts(expected: [.hiragana, .katakana, .han])
        case "zh": return LocaleScripts(expected: [.han])
        case "ko": return LocaleScripts(expected: [.hangul], allowed: [.latin, .han])
        case "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg": return LocaleScripts(expected: [.cyrillic])
        case "el": return LocaleScripts(expected: [.greek])
        case "hy": return LocaleScripts(expected: [.armenian])
        case "ka": return LocaleScripts(expected: [.georgian])
        case "he", "yi": return LocaleScripts(expected: [.hebrew])
        case "ar", "fa", "ur": return LocaleScripts(expected: [.arabic])
        case "hi", "mr", "ne": return LocaleScripts(expected: [.devanagari])
        case "th": return LocaleScripts(expected: [.thai])
        case "en", "fr", "de", "es", "it", "pt", "nl", "pl", "cs", "sk", "sl", "hr", "bs", "ro", "hu", "fi", "et", "lv",
            "lt", "sv", "da", "no", "nb", "nn", "is", "tr", "az", "uz", "vi", "id", "ms", "tl", "fil", "ca", "eu", "gl",
            "ga", "cy", "sq", "af", "sw", "eo":
            return LocaleScripts(expected: [.latin], allowed: [])
        default: return nil
        }
    }

    /// For a locale not in the table: the script most letters of `counts` are written in,
    /// leaving out `excluding` (the other locale's scripts); `nil` when no such letters exist.
    public static func inferred(from counts: ScriptCounts, excluding: Set<Script>) -> LocaleScripts? {
        let best = counts.counts.filter { !excluding.contains($0.key) }.max { ($0.value, $1.key) < ($1.value, $0.key) }
        guard let script = best?.key else { return nil }
        return LocaleScripts(expected: [script])
    }
}
