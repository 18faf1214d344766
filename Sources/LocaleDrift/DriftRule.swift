import DocDiagnostics
import SpecModel

/// A source-locale page and its translation.
public struct PagePair: Sendable {
    /// The page in the source locale.
    public var source: SpecPage
    /// The translated page in the target locale.
    public var target: SpecPage
    /// What the pair's pages have in common, computed once by `DriftChecker` and read by every
    /// rule; `nil` until then (a rule run on its own computes it with `analyzed`).
    public var analysis: PairAnalysis? = nil
    /// The section scores of this pair's last alignment, for a caller that checks the same pair
    /// again and again (the language server); the alignment is the same with or without it.
    public var scoreCache: SectionScoreCache? = nil

    /// The pages' block alignment (from `analysis`).
    public var alignment: PageAlignment? { analysis?.blocks }

    /// The pair's analysis, computed now when the pair has none yet.
    public var analyzed: PairAnalysis { analysis ?? PairAnalysis(self) }

    /// The pair with its analysis computed (unchanged when it already has one): a rule run on
    /// its own analyses once, not once per question it asks.
    public var withAnalysis: PagePair {
        var pair = self
        if pair.analysis == nil { pair.analysis = PairAnalysis(self) }
        return pair
    }

    /// Pairs `source` with its translation `target`.
    public init(source: SpecPage, target: SpecPage) {
        self.source = source
        self.target = target
    }

    /// A location in the target page near where `sourceLine`'s content should be: the target
    /// heading with the same index as the source heading enclosing that line, else line 1.
    public func targetAnchor(forSourceLine sourceLine: Int) -> SourceLocation {
        if let i = source.lastHeading(atOrBefore: sourceLine), i < target.headings.count { return target.headings[i].range.start }
        return SourceLocation(file: target.path, line: 1)
    }

    /// The name of the section enclosing a source line (its heading text), for messages.
    public func sourceSection(forLine line: Int) -> String? {
        source.lastHeading(atOrBefore: line).map { source.headings[$0].text }
    }
}

extension SpecPage {
    /// The index of the last heading starting on or before `line`, by binary search over the
    /// headings (in page order), so asking for every block of a page stays linear.
    func lastHeading(atOrBefore line: Int) -> Int? {
        var lo = 0
        var hi = headings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if headings[mid].range.start.line <= line { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }
}

/// One drift rule: a small checker over a page pair (swift-docc's `Checker` shape) that carries
/// the descriptors of the rule ids it emits.
///
/// Adding a rule is one file (the type, its `descriptors` and its `check`) plus one line in
/// `DriftRules.standard`; `docspec rules`, `--severity`, suppressions, baselines and SARIF read the
/// descriptors from there.
public protocol DriftRule: Sendable {
    /// The rules this type can emit (layer `.drift`), each with its default severity, which the
    /// findings it emits have.
    static var descriptors: [RuleDescriptor] { get }
    /// Checks one page pair; diagnostics use the rule ids of `descriptors`.
    func check(_ pair: PagePair) -> [Diagnostic]
}

/// What a run's configuration tells the drift rules.
public struct DriftSettings: Sendable, Hashable {
    /// Languages whose code samples are doc-tests (compared exactly).
    public var docTestLanguages: Set<String>

    /// Creates settings; no doc-test languages by default.
    public init(docTestLanguages: Set<String> = []) {
        self.docTestLanguages = docTestLanguages
    }
}

/// A drift rule type registered with the checker: its descriptors and how a run creates it.
public struct DriftRuleRegistration: Sendable {
    /// The rule type's name, e.g. `TableDriftRule`.
    public var name: String
    /// The type's `descriptors`.
    public var descriptors: [RuleDescriptor]
    /// Creates the rule for a run's settings.
    public var make: @Sendable (DriftSettings) -> any DriftRule

    /// Registers `type`, created for a run by `make`.
    public init<Rule: DriftRule>(_ type: Rule.Type, make: @escaping @Sendable (DriftSettings) -> Rule) {
        name = _typeName(type, qualified: false)
        descriptors = type.descriptors
        self.make = { make($0) }
    }
}

/// The drift rules `docspec lint` runs, in order: one line per rule type.
public enum DriftRules {
    /// The default rule set.
    public static let standard: [DriftRuleRegistration] = [
        DriftRuleRegistration(StructureDriftRule.self) { _ in StructureDriftRule() },
        DriftRuleRegistration(TableDriftRule.self) { _ in TableDriftRule() },
        DriftRuleRegistration(CodeSampleDriftRule.self) { CodeSampleDriftRule(exactLanguages: $0.docTestLanguages) },
        DriftRuleRegistration(UntranslatedTextRule.self) { _ in UntranslatedTextRule() },
        DriftRuleRegistration(StaleTranslationRule.self) { _ in StaleTranslationRule() },
    ]
}

/// Runs drift rules over page pairs.
public struct DriftChecker: Sendable {
    /// The rules run on each pair, in order.
    public var rules: [any DriftRule]

    /// Runs `rules`, in that order.
    public init(rules: [any DriftRule]) {
        self.rules = rules
    }

    /// The rules of `registrations` (by default `DriftRules.standard`), created for `settings`.
    public init(registrations: [DriftRuleRegistration] = DriftRules.standard, settings: DriftSettings = DriftSettings()) {
        rules = registrations.map { $0.make(settings) }
    }

    /// Checks each pair with every rule.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        analyze(pair).diagnostics
    }

    /// Analyses the pair once, then checks it with every rule: the findings and the analysis
    /// they were computed on (for views that show what was paired).
    public func analyze(_ pair: PagePair) -> (diagnostics: [Diagnostic], analysis: PairAnalysis) {
        let pair = pair.withAnalysis
        var diagnostics = rules.flatMap { $0.check(pair) }
        diagnostics.distinguishRepeatedFingerprints()
        return (diagnostics, pair.analyzed)
    }
}
