/// A stable, kebab-case rule id such as `cell-mismatch`: what users grep for, suppress, baseline
/// and configure. Written as a string literal where a rule is declared.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The id's text, e.g. `cell-mismatch`.
    public var rawValue: String

    /// Wraps an id's text (no validation: `RuleDescriptor` ids are checked by the registry tests).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id's text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// An id written as a literal: `let id: RuleID = "cell-mismatch"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// The stage of the pipeline whose code emits a rule's findings.
public enum RuleLayer: String, Sendable, Hashable, CaseIterable, Codable {
    /// Reading and parsing a page (MarkdownSyntax): encoding, front matter, nesting.
    case markdown
    /// Building the spec model of a page (SpecModel): directives, spec tables, cells.
    case extraction
    /// Pairing the pages of two locales and finding the locale folders.
    case pageSet = "page-set"
    /// Comparing a page with its translation (LocaleDrift's drift rules).
    case drift
    /// Generating conformance tests from the source locale (ConformanceGen) and checking them.
    case generation
    /// What the run does with findings (DocSpecKit): suppression comments.
    case policy
}

/// What a rule is: its id, a one-line summary, the severity its findings have unless configured
/// otherwise, a help paragraph and the layer that emits it.
///
/// Each emitting layer declares its descriptors next to the code that emits the findings (a
/// drift rule type's `descriptors`, `SpecExtractor.descriptors`, …); `RuleRegistry` collects them,
/// and `docspec rules`, `--severity`, `docspec.yml` `rules:`, suppressions, baselines and SARIF's
/// `tool.driver.rules` all read the registry.
public struct RuleDescriptor: Sendable, Hashable {
    /// The stable id, e.g. `cell-mismatch`.
    public var id: RuleID
    /// One line, lower-case, no final period: what the rule finds.
    public var summary: String
    /// The severity the rule's findings have unless `docspec.yml` or `--severity` says otherwise.
    /// The code emitting the rule uses exactly this severity (a test checks it).
    public var defaultSeverity: Severity
    /// The pipeline stage that emits the rule.
    public var layer: RuleLayer
    /// A paragraph: what the rule finds, why it matters, and how to fix it (or, when the
    /// difference is intended, suppress it).
    public var help: String
    /// A short example of what the rule flags, or `nil`.
    public var example: String?

    /// Creates a descriptor.
    public init(
        _ id: RuleID, _ defaultSeverity: Severity, layer: RuleLayer, summary: String, help: String, example: String? = nil
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.layer = layer
        self.summary = summary
        self.help = help
        self.example = example
    }

    /// A finding of this rule, with the rule's default severity.
    public func diagnostic(_ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(id.rawValue, defaultSeverity, message, at: location, notes: notes)
    }
}
