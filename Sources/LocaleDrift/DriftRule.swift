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

    /// The pages' block alignment (from `analysis`).
    public var alignment: PageAlignment? { analysis?.blocks }

    /// The pair's analysis, computed now when the pair has none yet.
    public var analyzed: PairAnalysis { analysis ?? PairAnalysis(self) }

    /// Pairs `source` with its translation `target`.
    public init(source: SpecPage, target: SpecPage) {
        self.source = source
        self.target = target
    }

    /// A location in the target page near where `sourceLine`'s content should be: the target
    /// heading with the same index as the source heading enclosing that line, else line 1.
    public func targetAnchor(forSourceLine sourceLine: Int) -> SourceLocation {
        let index = source.headings.lastIndex { $0.range.start.line <= sourceLine }
        if let i = index, i < target.headings.count { return target.headings[i].range.start }
        return SourceLocation(file: target.path, line: 1)
    }

    /// The name of the section enclosing a source line (its heading text), for messages.
    public func sourceSection(forLine line: Int) -> String? {
        source.headings.last { $0.range.start.line <= line }?.text
    }
}

/// One drift rule: a small checker over a page pair (swift-docc's `Checker` shape).
public protocol DriftRule: Sendable {
    /// Stable rule ids this rule can emit, with a one-line description each.
    static var rules: [(id: String, summary: String)] { get }
    /// Checks one page pair; diagnostics use the rule ids listed in `rules`.
    func check(_ pair: PagePair) -> [Diagnostic]
}

/// Runs all drift rules over page pairs.
public struct DriftChecker: Sendable {
    /// The rules run on each pair, in order.
    public var rules: [any DriftRule]

    /// The default rule set.
    public init(
        rules: [any DriftRule] = [StructureDriftRule(), TableDriftRule(), CodeSampleDriftRule(), UntranslatedTextRule(), StaleTranslationRule()]
    ) {
        self.rules = rules
    }

    /// Every rule id with its summary (for `--help` and documentation).
    public static var allRules: [(id: String, summary: String)] {
        PageSetRule.rules + StructureDriftRule.rules + TableDriftRule.rules + CodeSampleDriftRule.rules + UntranslatedTextRule.rules
            + StaleTranslationRule.rules
    }

    /// Rules whose findings are warnings unless configured otherwise (heuristic or cosmetic
    /// findings); every other rule reports errors.
    public static let warningRules: Set<String> = [
        "orphan-page", "extra-section", "heading-anchor-mismatch", "number-mismatch", "inline-code-mismatch", "link-mismatch",
        "placeholder-mismatch", "html-attribute-mismatch", "table-shape-mismatch", "unused-suppression",
        "untranslated-text", "identical-to-source", "stale-translation",
    ]

    /// The severity a rule's findings have by default.
    public static func defaultSeverity(of rule: String) -> Severity {
        warningRules.contains(rule) ? .warning : .error
    }

    /// Checks each pair with every rule.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        analyze(pair).diagnostics
    }

    /// Analyses the pair once, then checks it with every rule: the findings and the analysis
    /// they were computed on (for views that show what was paired).
    public func analyze(_ pair: PagePair) -> (diagnostics: [Diagnostic], analysis: PairAnalysis) {
        var pair = pair
        let analysis = pair.analyzed
        pair.analysis = analysis
        return (rules.flatMap { $0.check(pair) }, analysis)
    }
}
