import Foundation

/// Renders diagnostics as compiler-style text lines:
///
///     docs-ru/error-codes.md:42:5: error: cell 'code' differs: … [cell-mismatch]
///     docs-ja/error-codes.md:42:5: note: source locale (ja) has '4000040'
///
/// Colour (ANSI) is used only when `colour` is true; callers pass `true` only for a TTY. Control
/// characters from pages are written escaped (`\u{1B}`), so each diagnostic stays one line and
/// page text cannot send terminal escape sequences.
///
/// With `sourceLine` set (callers set it for a terminal), a located diagnostic is followed by its
/// source line and a caret under its column, as swiftc prints them:
///
///     docspec.yml:5:1: error: unknown setting 'outptu'; did you mean 'output'?
///     outptu: Generated
///     ^
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to wrap locations and severities in ANSI escape codes.
    public var colour: Bool
    /// The text of a location's line (without its line ending), or `nil` when it cannot be read;
    /// `nil` (the default) prints no source lines.
    public var sourceLine: (@Sendable (SourceLocation) -> String?)?

    /// Creates a renderer; plain text unless `colour` is `true`, no source lines unless
    /// `sourceLine` is given.
    public init(colour: Bool = false, sourceLine: (@Sendable (SourceLocation) -> String?)? = nil) {
        self.colour = colour
        self.sourceLine = sourceLine
    }

    /// Renders the diagnostics in the given order (sort first with `sortedForOutput()`); every line
    /// ends in `\n`. Empty for no diagnostics.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            out += render(d)
        }
        return out
    }

    /// Renders one diagnostic as `file:line:column: severity: message [rule-id]` (`docspec: …` when it
    /// has no location), then one `note:` line per note; every line ends in `\n`.
    public func render(_ d: Diagnostic) -> String {
        renderError(d.message + " [\(d.ruleID)]", severity: d.severity, at: d.location, notes: d.notes)
    }

    /// Renders a message that is no finding (a usage or configuration error: it has no rule id)
    /// in the same shape: `file:line:column: error: message` or `docspec: error: message`, the
    /// source line and caret when `sourceLine` gives a line that is not blank, then the notes.
    public func renderError(
        _ message: String, severity: Severity = .error, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> String {
        var out = line(location: location, severity: severity.rawValue, message: message)
        if let location, let text = sourceLine?(location), text.contains(where: { !$0.isWhitespace }) {
            out += snippet(text, column: location.column)
        }
        for note in notes {
            out += line(location: note.location, severity: "note", message: note.message)
        }
        return out
    }

    /// The source line (control characters other than tabs escaped) and a caret line under `column` (1-based,
    /// in Unicode scalars): tabs are kept so the caret lines up, East Asian wide characters take
    /// two cells and combining marks none, as terminals show them.
    func snippet(_ text: String, column: Int) -> String {
        var caret = ""
        for (i, scalar) in text.unicodeScalars.enumerated() where i < column - 1 {
            if scalar == "\t" {
                caret += "\t"
            } else {
                caret += String(repeating: " ", count: Self.cells(scalar))
            }
        }
        let mark = colour ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        // Tabs stay tabs (the caret line repeats them); other control characters are escaped.
        let shown = text.split(separator: "\t", omittingEmptySubsequences: false).map { ControlCharacters.escaped(String($0)) }
        return shown.joined(separator: "\t") + "\n" + caret + mark + "\n"
    }

    /// How many terminal cells `scalar` takes: 0 for combining marks and zero-width characters,
    /// 2 for East Asian wide and fullwidth characters, else 1.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0x3099...0x309A, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// One line; control characters of the path and message are escaped (see `ControlCharacters`).
    private func line(location: SourceLocation?, severity: String, message: String) -> String {
        let prefix = location.map { "\(ControlCharacters.escaped($0.file)):\($0.line):\($0.column): " } ?? "docspec: "
        let message = ControlCharacters.escaped(message)
        guard colour else { return "\(prefix)\(severity): \(message)\n" }
        let code: String
        switch severity {
        case "error": code = "\u{1B}[1;31m"
        case "warning": code = "\u{1B}[1;35m"
        default: code = "\u{1B}[1;36m"
        }
        return "\u{1B}[1m\(prefix)\u{1B}[0m\(code)\(severity):\u{1B}[0m \(message)\n"
    }
}

/// A finding a run did not report as such: silenced by a suppression comment in the page, or
/// listed in the baseline file. SARIF still emits it, with a `suppressions` entry.
public struct SuppressedDiagnostic: Hashable, Sendable, Codable {
    /// Where the suppression lives, as SARIF's `suppression.kind` names it.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A comment in the page (`docspec:disable…`).
        case inSource
        /// Outside the page: the baseline file.
        case external
    }

    /// The finding, at the severity the run's rule levels give it.
    public var diagnostic: Diagnostic
    /// Where it was suppressed.
    public var kind: Kind
    /// Why: the comment's `reason`, or a sentence naming the baseline file.
    public var justification: String
    /// The suppression comment's location (`inSource`); `nil` for the baseline.
    public var location: SourceLocation?

    /// Creates a suppressed finding.
    public init(_ diagnostic: Diagnostic, kind: Kind, justification: String, at location: SourceLocation? = nil) {
        self.diagnostic = diagnostic
        self.kind = kind
        self.justification = justification
        self.location = location
    }
}

/// What a run hid from its findings, counted in summaries: findings silenced by a
/// `docspec:disable…` comment and findings listed in the baseline file.
public struct HiddenFindings: Hashable, Sendable, Codable {
    /// Findings silenced by suppression comments.
    public var suppressed: Int
    /// Findings hidden because the baseline lists them.
    public var baselined: Int
    /// The hidden findings themselves, suppressed then baselined, each in output order (empty when
    /// only the counts are known).
    public var findings: [SuppressedDiagnostic]

    /// Creates the counts (both zero by default).
    public init(suppressed: Int = 0, baselined: Int = 0) {
        self.suppressed = suppressed
        self.baselined = baselined
        self.findings = []
    }

    /// The counts and the findings of `findings`.
    public init(_ findings: [SuppressedDiagnostic]) {
        self.suppressed = findings.filter { $0.kind == .inSource }.count
        self.baselined = findings.count - suppressed
        self.findings = findings
    }
}

/// Renders diagnostics as JSON: `{"version": 2, "diagnostics": [...], "summary": {...}}`.
/// Keys are sorted so output is byte-stable. Schema version 2:
/// each diagnostic has `rule`, `severity`, `message`, `fingerprint` (16 hex digits, see
/// `Diagnostic.fingerprint(relativeTo:)`), `location` (`file`, `line`, `column`, column in Unicode
/// scalars, 1-based) or null, `end` (`line`, `column` of the last character the finding covers,
/// inclusive; only when the rule knows the range: a table, row, cell, block or heading), and
/// `notes` (`message`, `location`); `summary` has `errors`,
/// `warnings`, `notes`, `suppressed` and `baselined`. (Version 1 had no `fingerprint` and only
/// `errors` and `warnings` in `summary`.)
public struct JSONDiagnosticRenderer: Sendable {
    /// The `version` written at the top of the JSON document.
    public static let schemaVersion = 2

    /// The project root, for fingerprints (see `Diagnostic.fingerprint(relativeTo:)`).
    public var root: String?

    /// Creates a renderer; `root` is the project root fingerprints are relative to.
    public init(root: String? = nil) { self.root = root }

    struct Document: Encodable {
        var version: Int
        var diagnostics: [Entry]
        var summary: Summary
    }

    struct Entry: Encodable {
        var rule: String
        var severity: String
        var message: String
        var fingerprint: String
        var location: SourceLocation?
        var end: End?
        var notes: [DiagnosticNote]
        /// The finding's mechanical repair; the key is absent when it has none.
        var fix: Fix? = nil

        struct End: Encodable {
            var line: Int
            var column: Int
        }

        // `location: null` is written explicitly for findings about the whole run.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rule, forKey: .rule)
            try c.encode(severity, forKey: .severity)
            try c.encode(message, forKey: .message)
            try c.encode(fingerprint, forKey: .fingerprint)
            try c.encode(location, forKey: .location)
            try c.encodeIfPresent(end, forKey: .end)
            try c.encode(notes, forKey: .notes)
            try c.encodeIfPresent(fix, forKey: .fix)
        }

        enum CodingKeys: String, CodingKey { case rule, severity, message, fingerprint, location, end, notes, fix }
    }

    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        var notes: Int
        var suppressed: Int
        var baselined: Int
    }

    /// Renders the diagnostics, in the given order, as one pretty-printed JSON document ending in
    /// `\n`; `summary` counts errors, warnings and notes shown, and the findings `hidden` counts.
    /// Returns `{}\n` if encoding fails.
    public func render(_ diagnostics: [Diagnostic], hidden: HiddenFindings = HiddenFindings()) -> String {
        let doc = Document(
            version: Self.schemaVersion,
            diagnostics: diagnostics.map {
                Entry(
                    rule: $0.ruleID, severity: $0.severity.rawValue, message: $0.message, fingerprint: $0.fingerprint(relativeTo: root),
                    location: $0.location, end: $0.end == nil ? nil : $0.range.map { Entry.End(line: $0.end.line, column: $0.end.column) },
                    notes: $0.notes, fix: $0.fix)
            },
            summary: Summary(
                errors: diagnostics.errorCount, warnings: diagnostics.warningCount,
                notes: diagnostics.filter { $0.severity == .note }.count,
                suppressed: hidden.suppressed, baselined: hidden.baselined))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(doc) else { return "{}\n" }
        return ControlCharacters.jsonEscaped(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
