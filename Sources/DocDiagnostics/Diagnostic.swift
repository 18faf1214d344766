/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Extra information; not counted as a warning or an error.
    case note
    /// A likely problem; fails a run only with `--warnings-as-errors`.
    case warning
    /// A problem that fails the run.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders by seriousness: `note` < `warning` < `error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The tokens a drift finding is about, per side of the page pair (see `Diagnostic.tokens`).
public struct DriftTokens: Hashable, Sendable, Codable {
    /// Tokens of the source block that the translation lacks.
    public var source: [String]
    /// Tokens of the translation's block that the source lacks.
    public var target: [String]

    public init(source: [String], target: [String]) {
        self.source = source
        self.target = target
    }
}

/// A note attached to a diagnostic, usually pointing at the counterpart in another locale.
public struct DiagnosticNote: Hashable, Sendable, Codable {
    /// The note's text, e.g. "the cell in the source locale (ja)".
    public var message: String
    /// Where the note points; `nil` when it has no location.
    public var location: SourceLocation?

    /// Creates a note with `message` pointing at `location` (`nil` for none).
    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }
}

/// One finding about a file's content (a drift between locales, a malformed directive, …) or
/// about a file that could not be read.
///
/// `ruleID` is stable and kebab-case (`cell-mismatch`, `invalid-utf8`, …): it is what users grep
/// for, suppress and configure.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// Kebab-case rule id like `cell-mismatch` or `invalid-utf8`.
    public var ruleID: String
    /// Whether this is a note, a warning or an error.
    public var severity: Severity
    /// The human-readable finding, one line, without rule id or location (renderers add those).
    public var message: String
    /// Primary location; `nil` only for diagnostics about the whole run (e.g. a missing folder).
    public var location: SourceLocation?
    /// Related locations, e.g. the counterpart in the source locale; rendered after the diagnostic.
    public var notes: [DiagnosticNote]
    /// What the finding is about, independent of line numbers (e.g. the normalised text of the
    /// block or the row key), set by the rule that emits it. Baselines and SARIF
    /// `partialFingerprints` hash it together with the rule id and the page; `nil` means the
    /// message stands for the content.
    public var fingerprintContent: String? = nil
    /// The mechanical repair for this finding (`docspec fix`, LSP code actions, SARIF `fixes`),
    /// or `nil` when the drift cannot be fixed without translating.
    public var fix: Fix? = nil
    /// The last character the finding covers (inclusive, in the same file as `location`; the
    /// convention of `SourceRange`), set by rules that know the range: a table, a row, a cell, a
    /// block, a heading. `nil`: the finding is about the point `location`.
    public var end: SourceLocation? = nil

    /// The drifted tokens as the rule compared them (code spans' code, link targets, numbers,
    /// placeholders), for views that mark them in the blocks (`docspec report --html`): what
    /// the source block has that the translation lacks, and what the translation has instead
    /// or in addition. `nil` when the finding is about a whole block, row or section.
    public var tokens: DriftTokens? = nil

    /// `location` to `end` (the point `location` when `end` is `nil`, in another file or before
    /// it); `nil` without a location.
    public var range: SourceRange? {
        guard let location else { return nil }
        guard let end, end.file == location.file, end >= location else { return SourceRange(start: location, end: location) }
        return SourceRange(start: location, end: end)
    }

    /// Creates a diagnostic. `ruleID` is a kebab-case rule id like `cell-mismatch`; `location` is
    /// `nil` only for findings about the whole run.
    public init(
        _ ruleID: String, _ severity: Severity, _ message: String, at location: SourceLocation?,
        notes: [DiagnosticNote] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// Creates a diagnostic covering `range` (its start is the location, its end `end`).
    public init(_ ruleID: String, _ severity: Severity, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        self.init(ruleID, severity, message, at: range.start, notes: notes)
        end = range.end
    }

    /// An `.error` diagnostic covering `range`.
    public static func error(_ ruleID: String, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(ruleID, .error, message, at: range, notes: notes)
    }

    /// A `.warning` diagnostic covering `range`.
    public static func warning(_ ruleID: String, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(ruleID, .warning, message, at: range, notes: notes)
    }

    /// An `.error` diagnostic; see `init(_:_:_:at:notes:)`.
    public static func error(
        _ ruleID: String, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(ruleID, .error, message, at: location, notes: notes)
    }

    /// A `.warning` diagnostic; see `init(_:_:_:at:notes:)`.
    public static func warning(
        _ ruleID: String, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(ruleID, .warning, message, at: location, notes: notes)
    }
}

extension Diagnostic {
    /// The output order: by file, line, column, then rule id and message (findings without a
    /// location first).
    public static func precedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let la = a.location ?? SourceLocation(file: "", line: 0)
        let lb = b.location ?? SourceLocation(file: "", line: 0)
        if la != lb { return la < lb }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, line, column, then rule id and message: a deterministic order for output
    /// and golden files.
    public func sortedForOutput() -> [Diagnostic] { sorted(by: Diagnostic.precedes) }

    /// Number of diagnostics with severity `.error`.
    public var errorCount: Int { filter { $0.severity == .error }.count }
    /// Number of diagnostics with severity `.warning` (notes are not counted).
    public var warningCount: Int { filter { $0.severity == .warning }.count }
}
