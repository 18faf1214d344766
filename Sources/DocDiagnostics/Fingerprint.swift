import Foundation

extension Diagnostic {
    /// A stable identity for the finding that does not depend on line or column numbers: 16 hex
    /// digits of a 64-bit FNV-1a hash over the rule id, the file (relative to `root`, so it keeps
    /// the locale folder, e.g. `docs-ru/errors.md`) and `fingerprintContent`, or the message with
    /// its line and column references removed when the rule set no content.
    ///
    /// The hash is computed byte by byte over UTF-8 with length prefixes, so it is the same on
    /// every run and platform (Swift's `Hasher` is seeded per process and is not used). Inserting
    /// lines above a finding leaves its fingerprint unchanged; editing the content it is about
    /// changes it. Baselines and SARIF `partialFingerprints` use it.
    ///
    /// - Parameter root: the project root's path; a location file below it is made relative.
    ///   `nil` uses the file as the diagnostic has it (already relative for DocSpec's findings).
    public func fingerprint(relativeTo root: String? = nil) -> String {
        let file = Self.path(location?.file ?? "", relativeTo: root)
        let content = fingerprintContent ?? Self.removingLineReferences(message)
        var hash = StableHash()
        hash.combine("docspec-fingerprint-v1")
        hash.combine(ruleID)
        hash.combine(file)
        hash.combine(content)
        return hash.hex
    }

    /// The same finding with its message worded `message`, its fingerprint unchanged: a finding
    /// whose content the message stood for (no `fingerprintContent`) keeps the old message's,
    /// line references removed, so rewording a message does not break baselines.
    public func worded(_ message: String) -> Diagnostic {
        var d = self
        d.fingerprintContent = fingerprintContent ?? Self.removingLineReferences(self.message)
        d.message = message
        return d
    }

    /// `file` relative to `root` when it lies below it (`/p/docs-ru/a.md` → `docs-ru/a.md`), else
    /// unchanged; `root` may end in `/` or not.
    public static func path(_ file: String, relativeTo root: String?) -> String {
        guard let root, !root.isEmpty else { return file }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// `text` with line and column references replaced by `#`: `line 12`, `lines 3–5`,
    /// `file.md:12:5`, `:12`, `(12:5)`, so a message that names where its counterpart is
    /// does not change its fingerprint when lines move.
    ///
    /// The expressions are compiled once per process (compiling one costs more than matching it
    /// against a message), and a message without a digit (`\d` is any decimal digit, so any
    /// non-ASCII byte counts as a possible one) is returned as it is.
    static func removingLineReferences(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 >= 0x30 && $0 <= 0x39) || $0 >= 0x80 }) else { return text }
        var out = text
        for expression in lineReferenceExpressions {
            out = expression.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "#")
        }
        return out
    }

    /// The patterns of `removingLineReferences`, compiled. `NSRegularExpression` is immutable
    /// and safe to use from several threads.
    static let lineReferenceExpressions: [NSRegularExpression] = [
        #"\b([Ll]ines?|[Cc]olumns?|строк[аеиуой]?|столб[а-я]*|行目?)\s*\d+(\s*[-–—,]\s*\d+)*"#,
        #"\d+\s*行目"#,
        #":\d+(:\d+)?\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }
}

extension Array where Element == Diagnostic {
    /// Gives findings that would share a fingerprint (same rule, file and content: five samples
    /// changed the same way) distinct ones: in location order, the first keeps its fingerprint,
    /// each further one has its content extended with its ordinal (`#2`, `#3`, …), so baselines
    /// and SARIF tell them apart and inserting lines above them changes nothing.
    public mutating func distinguishRepeatedFingerprints() {
        var seen: [String: Int] = [:]
        let order = indices.sorted { a, b in
            let x = self[a].location
            let y = self[b].location
            return (x?.file ?? "", x?.line ?? 0, x?.column ?? 0, a) < (y?.file ?? "", y?.line ?? 0, y?.column ?? 0, b)
        }
        for i in order {
            let d = self[i]
            let content = d.fingerprintContent ?? Diagnostic.removingLineReferences(d.message)
            let key = d.ruleID + "\u{0}" + (d.location?.file ?? "") + "\u{0}" + content
            let n = seen[key, default: 0] + 1
            seen[key] = n
            if n > 1 { self[i].fingerprintContent = content + "#\(n)" }
        }
    }
}

/// 64-bit FNV-1a over length-prefixed UTF-8 strings: deterministic across runs and platforms.
struct StableHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ string: String) {
        let bytes = Array(string.utf8)
        var length = UInt64(bytes.count)
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        for b in bytes { add(b) }
    }

    private mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let s = String(state, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
