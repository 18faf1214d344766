import DocDiagnostics
import Foundation

/// A baseline file: findings accepted for now, keyed by fingerprint (see
/// `Diagnostic.fingerprint(relativeTo:)`), never by line number, so lines moving above a finding
/// keep it baselined. `docspec lint` and `docspec check` hide the findings it lists (an entry with
/// `count` n hides at most n findings with its fingerprint) and count them in the summary.
///
///     {
///       "findings" : [
///         { "count" : 1, "file" : "docs-ru/errors.md", "fingerprint" : "3f0c…",
///           "message" : "…", "rule" : "cell-mismatch" }
///       ],
///       "tool" : "docspec",
///       "version" : 1
///     }
public struct Baseline: Codable, Equatable, Sendable {
    /// One accepted finding (or several with the same fingerprint).
    public struct Entry: Codable, Equatable, Sendable {
        /// The rule id.
        public var rule: String
        /// The finding's file (relative to the project root), empty for findings without one.
        public var file: String
        /// `Diagnostic.fingerprint(relativeTo:)`.
        public var fingerprint: String
        /// How many findings with this fingerprint are accepted.
        public var count: Int
        /// The first finding's message, for people reading the file (not used for matching).
        public var message: String
    }

    /// The file format version.
    public var version: Int
    /// Always `docspec`.
    public var tool: String
    /// Entries sorted by file, rule and fingerprint.
    public var findings: [Entry]

    /// The default file name, at the project root.
    public static let defaultFileName = "docspec-baseline.json"
    /// The file format version this version writes and reads.
    public static let currentVersion = 1

    /// A baseline of `diagnostics`.
    public init(_ diagnostics: [Diagnostic], root: String?) {
        var entries: [String: Entry] = [:]
        for d in diagnostics {
            let fp = d.fingerprint(relativeTo: root)
            let key = Self.key(d.ruleID, Self.file(d, root: root), fp)
            if entries[key] != nil {
                entries[key]?.count += 1
            } else {
                entries[key] = Entry(rule: d.ruleID, file: Self.file(d, root: root), fingerprint: fp, count: 1, message: d.message)
            }
        }
        self.init(entries: Array(entries.values))
    }

    init(entries: [Entry]) {
        version = Self.currentVersion
        tool = "docspec"
        findings = entries.sorted { ($0.file, $0.rule, $0.fingerprint) < ($1.file, $1.rule, $1.fingerprint) }
    }

    static func key(_ rule: String, _ file: String, _ fingerprint: String) -> String { "\(rule)\u{0}\(file)\u{0}\(fingerprint)" }

    static func file(_ d: Diagnostic, root: String?) -> String {
        Diagnostic.path(d.location?.file ?? "", relativeTo: root)
    }

    /// Reads a baseline file.
    ///
    /// - Throws: `DocSpecError.io` when the file cannot be read, `DocSpecError.config` naming the
    ///   file when it is not a DocSpec baseline (malformed JSON, missing keys, another version).
    public static func load(from url: URL, displayPath: String) throws(DocSpecError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .io("cannot read the baseline file '\(displayPath)'")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let error as DecodingError {
            throw .config("\(displayPath): malformed baseline file (\(Self.describe(error))); rewrite it with 'docspec baseline write'")
        } catch {
            throw .config("\(displayPath): malformed baseline file (\(error)); rewrite it with 'docspec baseline write'")
        }
        guard baseline.version == currentVersion, baseline.tool == "docspec" else {
            throw .config("\(displayPath): not a DocSpec baseline of version \(currentVersion) (version \(baseline.version), tool '\(baseline.tool)')")
        }
        if let bad = baseline.findings.first(where: { $0.count < 1 }) {
            throw .config("\(displayPath): malformed baseline file (entry '\(bad.fingerprint)' has count \(bad.count); counts are 1 or more)")
        }
        return baseline
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ c: DecodingError.Context) -> String {
            let p = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.isEmpty ? "" : " at \(p.hasPrefix(".") ? String(p.dropFirst()) : p)"
        }
        switch error {
        case .dataCorrupted(let c): return "not valid JSON\(path(c))"
        case .keyNotFound(let key, let c): return "missing key '\(key.stringValue)'\(path(c))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "\(c.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ".")))\(path(c))"
        @unknown default: return "\(error)"
        }
    }

    /// The file's text: pretty-printed JSON with sorted keys, ending in a line break.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes the file atomically (a temporary file in the same folder, then a rename).
    public func write(to url: URL) throws {
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    /// Splits findings into those the baseline does not list and those it hides (in the given order).
    public func filter(_ diagnostics: [Diagnostic], root: String?) -> (kept: [Diagnostic], hidden: [Diagnostic]) {
        var remaining: [String: Int] = [:]
        for e in findings { remaining[Self.key(e.rule, e.file, e.fingerprint), default: 0] += e.count }
        var kept: [Diagnostic] = []
        var hidden: [Diagnostic] = []
        for d in diagnostics {
            let key = Self.key(d.ruleID, Self.file(d, root: root), d.fingerprint(relativeTo: root))
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
                hidden.append(d)
            } else {
                kept.append(d)
            }
        }
        return (kept, hidden)
    }

    /// The baseline without entries that match no current finding, and with each count lowered
    /// to the number of current findings it matches.
    public func pruned(against diagnostics: [Diagnostic], root: String?) -> (baseline: Baseline, removedEntries: Int, removedFindings: Int) {
        var current: [String: Int] = [:]
        for d in diagnostics {
            current[Self.key(d.ruleID, Self.file(d, root: root), d.fingerprint(relativeTo: root)), default: 0] += 1
        }
        var kept: [Entry] = []
        var removedEntries = 0
        var removedFindings = 0
        for var e in findings {
            let key = Self.key(e.rule, e.file, e.fingerprint)
            let available = current[key] ?? 0
            let keep = min(e.count, available)
            current[key] = available - keep
            removedFindings += e.count - keep
            if keep == 0 {
                removedEntries += 1
                continue
            }
            e.count = keep
            kept.append(e)
        }
        var result = self
        result.findings = kept
        return (result, removedEntries, removedFindings)
    }
}
