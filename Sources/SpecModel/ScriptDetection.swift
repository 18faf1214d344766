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
    /// `allCases`.
    static let bmpTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000)
        for v in 0x80..<0x10000 {
            guard let u = Unicode.Scalar(UInt32(v)), let s = classify(u) else { continue }
            table[v] = UInt8(s.index + 1)
        }
        return table
    }()

    /// The classification by Unicode property and block, for scalars outside ASCII.
    static func classify(_ scalar: Unicode.Scalar) -> Script? {
        let v = scalar.value
        switch v {
        // The prolonged sound mark and iteration marks are used with kana and are not
        // `isAlphabetic` everywhere: classify them before the letter test.
        case 0x30FC, 0x30FD, 0x30FE: return .katakana
        case 0x309D, 0x309E: return .hiragana
        case 0x3005: return .han  // 々
        default: break
        }
        guard scalar.properties.isAlphabetic else { return nil }
        switch v {
        case 0x00C0...0x024F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return .greek
        case 0x0530...0x058F: return .armenian
        case 0x10A0...0x10FF: return .georgian
        case 0x0590...0x05FF: return .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x0900...0x097F: return .devanagari
        case 0x0E00...0x0E7F: return .thai
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .han
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        default: return nil
        }
    }

    /// Whether a scalar is a letter (`Unicode.Scalar.Properties.isAlphabetic`), answered from a
    /// table for the Basic Multilingual Plane.
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
        if v < 0x10000 { return alphabeticTable[Int(v) >> 3] & (1 << UInt8(v & 7)) != 0 }
        return scalar.properties.isAlphabetic
    }

    /// `isAlphabetic` of every Basic Multilingual Plane scalar, one bit each.
    static let alphabeticTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000 / 8)
        for v in 0..<0x10000 {
            guard let u = Unicode.Scalar(UInt32(v)), u.properties.isAlphabetic else { continue }
            table[v >> 3] |= 1 << UInt8(v & 7)
        }
        return table
    }()

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
        // Counted in a stack buffer (a SIMD vector's lanes are slow to update one at a time),
        // from the UTF-8 bytes: ASCII letters directly, other scalars through the script table.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { counts in
            counts.initialize(repeating: 0)
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x80 {
                    if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) { counts[0] += 1 }
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
                if let u = Unicode.Scalar(v), let script = Script(u) { counts[script.index] += 1 }
            }
            return SIMD16<Int>(counts)
        }
    }

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
