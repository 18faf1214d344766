import ConformanceGen
import DocDiagnostics
import LocaleDrift
import SpecModel

/// Every rule DocSpec can report, collected from the layers that emit them, with lookup by id:
/// the one list `docspec rules`, `--severity`, `docspec.yml` `rules:`, suppressions, baselines,
/// SARIF's `tool.driver.rules` and the HTML report read.
///
/// The drift rules are registered as types (`DriftRuleRegistration`): the drift checker of a
/// `lint` run is built from `driftRules`, so registering a rule type here is all it takes for
/// `docspec lint` to run it and for every command to know its ids.
///
/// An id is declared once. A later declaration of an id already registered is not registered;
/// it is listed in `conflicts` (a test keeps the standard registry free of them).
public struct RuleRegistry: Sendable {
    /// The drift rule types `lint` runs on each page pair, in order.
    public private(set) var driftRules: [DriftRuleRegistration] = []
    /// Every descriptor, in the order `docspec rules` and SARIF list them.
    public private(set) var descriptors: [RuleDescriptor] = []
    /// Declarations of an id that was already registered, in registration order.
    public private(set) var conflicts: [RuleDescriptor] = []
    private var index: [RuleID: Int] = [:]

    /// An empty registry.
    public init() {}

    /// DocSpec's rules, by layer: page set, drift (`DriftRules.standard`), Markdown, extraction,
    /// generation, policy.
    public static let standard: RuleRegistry = {
        var r = RuleRegistry()
        r.register(PageSetRule.descriptors + DocSet.descriptors)
        for rule in DriftRules.standard { r.register(rule) }
        r.register(PageReader.descriptors)
        r.register(SpecExtractor.descriptors)
        r.register(ConformanceTranslator.descriptors + GenerationCheck.descriptors + SymbolCheck.descriptors)
        r.register(Suppressions.descriptors)
        return r
    }()

    /// Registers descriptors of rules emitted outside the drift checker.
    public mutating func register(_ descriptors: [RuleDescriptor]) {
        for d in descriptors {
            if index[d.id] != nil {
                conflicts.append(d)
            } else {
                index[d.id] = self.descriptors.count
                self.descriptors.append(d)
            }
        }
    }

    /// Registers a drift rule type: `lint` runs it after the rules registered before it, and its
    /// descriptors are known to every command.
    public mutating func register(_ rule: DriftRuleRegistration) {
        driftRules.append(rule)
        register(rule.descriptors)
    }

    /// A copy with `rule` registered.
    public func registering(_ rule: DriftRuleRegistration) -> RuleRegistry {
        var copy = self
        copy.register(rule)
        return copy
    }

    /// The descriptor of `id`, or `nil` when no registered rule has it.
    public subscript(id: RuleID) -> RuleDescriptor? { index[id].map { descriptors[$0] } }
    /// The descriptor of the rule id `id` (as in `Diagnostic.ruleID`), or `nil`.
    public subscript(id: String) -> RuleDescriptor? { self[RuleID(id)] }
    /// Whether a registered rule has the id `id`.
    public func contains(_ id: String) -> Bool { index[RuleID(id)] != nil }
    /// Every id, in registration order.
    public var ids: [RuleID] { descriptors.map(\.id) }

    /// The severity `id`'s findings have by default; `.error` for an id no rule has.
    public func defaultSeverity(of id: String) -> Severity { self[id]?.defaultSeverity ?? .error }

    /// The drift checker running `driftRules` with `settings`.
    public func driftChecker(_ settings: DriftSettings) -> DriftChecker {
        DriftChecker(registrations: driftRules, settings: settings)
    }
}

extension RuleRegistry: Equatable {
    /// Two registries are equal when they register the same descriptors and drift rule types in
    /// the same order.
    public static func == (a: RuleRegistry, b: RuleRegistry) -> Bool {
        a.descriptors == b.descriptors && a.conflicts == b.conflicts && a.driftRules.map(\.name) == b.driftRules.map(\.name)
    }
}
