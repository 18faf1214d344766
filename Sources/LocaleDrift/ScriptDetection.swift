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
    /// symbols, marks) or a letter of a script not listed.
    public init?(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        // Fast path for ASCII.
        if v < 0x80 {
            guard (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) else { return nil }
            self = .latin
            return
        }
        switch v {
        // The prolonged sound mark and iteration marks are used with kana and are not
        // `isAlphabetic` everywhere: classify them before the letter test.
        case 0x30FC, 0x30FD, 0x30FE: self = .katakana; return
        case 0x309D, 0x309E: self = .hiragana; return
        case 0x3005: self = .han; return  // 々
        default: break
        }
        guard scalar.properties.isAlphabetic else { return nil }
        switch v {
        case 0x00C0...0x024F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            self = .latin
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
        case 0x0370...0x03FF, 0x1F00...0x1FFF: self = .greek
        case 0x0530...0x058F: self = .armenian
        case 0x10A0...0x10FF: self = .georgian
        case 0x0590...0x05FF: self = .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: self = .arabic
        case 0x0900...0x097F: self = .devanagari
        case 0x0E00...0x0E7F: self = .thai
        case 0x3040...0x309F: self = .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .han
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: self = .hangul
        default: return nil
        }
    }

    /// Scripts whose letters are whole syllables or words: a few of them already make a phrase.
    public var isIdeographicOrSyllabic: Bool {
        switch self {
        case .hiragana, .katakana, .han, .hangul: true
        default: false
        }
    }

    /// Orders by declaration order (for deterministic messages).
    public static func < (lhs: Script, rhs: Script) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Letters of a text counted per script.
public struct ScriptCounts: Hashable, Sendable {
    /// Number of letters per script; scripts without letters are absent.
    public var counts: [Script: Int] = [:]

    /// Counts the letters of `text`.
    public init(_ text: some StringProtocol) {
        for scalar in text.unicodeScalars {
            if let script = Script(scalar) { counts[script, default: 0] += 1 }
        }
    }

    /// Letters of any of `scripts`.
    public func count(in scripts: Set<Script>) -> Int {
        scripts.reduce(0) { $0 + (counts[$1] ?? 0) }
    }

    /// Every letter counted.
    public var total: Int { counts.values.reduce(0, +) }

    /// Adds another text's counts.
    public mutating func add(_ other: ScriptCounts) {
        for (s, n) in other.counts { counts[s, default: 0] += n }
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
