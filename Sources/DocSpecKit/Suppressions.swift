import DocDiagnostics
import Foundation
import SpecModel

/// Inline suppressions, as markdownlint and SwiftLint users know them: an HTML comment on its own
/// lines silences the named rules' findings whose primary location lies in its scope, in the
/// page that holds the comment (a finding in `docs-ru/` is silenced by a comment in `docs-ru/`):
///
///     <!-- docspec:disable-next-line <rules> reason="…" -->    the line right after the comment
///     <!-- docspec:disable-next-block <rules> reason="…" -->   the next block (see below)
///     <!-- docspec:disable <rules> reason="…" -->              from here …
///     <!-- docspec:enable [<rules>] -->                        … to here (no rules: every open range)
///     <!-- docspec:disable-file <rules> reason="…" -->         the whole page
///
/// `<rules>` is a comma-separated list of rule ids; leaving it out (or writing `all`) silences
/// every rule. The next block is the block after the comment in the same container; when that
/// block is itself a DocSpec directive, such as `docspec:table`, the block the directive binds is
/// included. A `disable` with no `enable` after it runs to the end of the page.
///
/// Findings about suppressions:
/// - `invalid-suppression` (error): no reason, an unknown rule or attribute, no line or block to
///   apply to, an `enable` that closes nothing. The comment silences nothing.
/// - `superfluous-suppression` (warning): a valid comment that silenced no finding.
/// - `blanket-suppression` (warning): a comment that silences every rule, or a `disable` range
///   left open to the end of the page. It still silences what it covers.
///
/// These three are never silenced by comments (their level is set in `docspec.yml` `rules:`).
enum Suppressions {
    /// The rules suppressions report.
    static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "invalid-suppression", .error, layer: .policy,
            summary: "a docspec:disable… or docspec:enable comment without a reason, naming an unknown rule, or with nothing to apply to",
            help: """
                A suppression comment must name known rule ids ('docspec rules' lists them) and give `reason="…"`; a \
                next-line or next-block comment must be followed by the line or block it silences, and an enable must \
                close a docspec:disable above it. This one does not, so it silences nothing. Fix the comment.
                """, example: "<!-- docspec:disable-next-block cell-mismatch reason=\"the ru docs use the new code\" -->"),
        RuleDescriptor(
            "superfluous-suppression", .warning, layer: .policy, summary: "a suppression comment that silenced no finding",
            help: """
                No finding of the rules the comment names lies in its scope (the next line, the next block, the range up \
                to docspec:enable, or the page): the drift was fixed, or the comment is in the wrong place. Remove the \
                comment, or move it to the finding.
                """),
        RuleDescriptor(
            "blanket-suppression", .warning, layer: .policy,
            summary: "a suppression comment that silences every rule, or a docspec:disable never closed by docspec:enable",
            help: """
                A comment without rule ids silences every rule in its scope, and a docspec:disable without a \
                docspec:enable after it silences its rules to the end of the page: both hide findings nobody meant to \
                hide. Name the rules the comment is for, and close the range with docspec:enable (or say the whole page \
                with docspec:disable-file).
                """, example: "<!-- docspec:disable reason=\"legacy page\" -->"),
    ]

    /// The rule ids suppression comments never silence.
    static let ownRules: Set<String> = Set(descriptors.map(\.id.rawValue))

    /// What a suppression comment covers.
    enum Scope: String {
        case nextLine = "disable-next-line"
        case nextBlock = "disable-next-block"
        case range = "disable"
        case file = "disable-file"
        case enable = "enable"

        /// How messages name the scope.
        var what: String {
            switch self {
            case .nextLine: "the next line"
            case .nextBlock: "the next block"
            case .range: "the range"
            case .file: "the page"
            case .enable: "the range"
            }
        }
    }

    /// One suppression comment.
    struct Comment {
        var file: String
        var location: SourceLocation
        var scope: Scope
        /// The rule ids it names; `nil` for every rule.
        var rules: [String]?
        var reason: String
        /// Why the comment is invalid; `nil` when it is valid.
        var problem: String?
        /// Why the comment is a blanket suppression; `nil` when it is not.
        var blanket: String?
    }

    /// Lines of a page where a valid comment silences some rules (`nil`: every rule).
    struct Span {
        var comment: Int
        var rules: Set<String>?
        var lines: ClosedRange<Int>
    }

    /// Every suppression comment of every locale's pages and the spans they silence.
    struct Collected {
        var comments: [Comment] = []
        var spans: [Span] = []
    }

    /// Every suppression comment of every locale's pages, validated against `knownRules`, with
    /// the lines each valid one silences.
    static func collect(_ docSet: DocSet, knownRules: RuleRegistry) -> Collected {
        var out = Collected()
        for (_, pages) in docSet.pages.sorted(by: { $0.key < $1.key }) {
            for page in pages {
                let comments = page.directives.filter { DirectiveParser.suppressionNames.contains($0.name) }
                guard !comments.isEmpty else { continue }
                collect(page, comments.sorted { $0.range.start < $1.range.start }, knownRules: knownRules, into: &out)
            }
        }
        return out
    }

    private static func collect(_ page: SpecPage, _ directives: [Directive], knownRules: RuleRegistry, into out: inout Collected) {
        /// `disable` ranges still open: the comment, the rules still silenced (`nil`: all), the first line.
        var open: [(comment: Int, rules: Set<String>?, from: Int)] = []
        for d in directives {
            guard let scope = Scope(rawValue: d.name) else { continue }
            let list = d.value("rules")
            let names = list.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) } }
            let rules: [String]? = names == ["all"] ? nil : names
            var c = Comment(
                file: page.path, location: d.range.start, scope: scope, rules: rules,
                reason: (d.value("reason") ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
            let allowed: Set<String> = scope == .enable ? ["rules"] : ["rules", "reason"]
            if let rules, let bad = rules.first(where: { $0.isEmpty || !knownRules.contains($0) }) {
                c.problem = bad.isEmpty
                    ? "has an empty rule id in its list '\(list ?? "")'"
                    : "names the unknown rule '\(bad)' ('docspec rules' lists them)"
            } else if let extra = d.attributes.first(where: { !allowed.contains($0.key) }) {
                c.problem = scope == .enable
                    ? "has the unknown attribute '\(extra.key)'; it takes the rule ids whose range it ends (none: every open range)"
                    : "has the unknown attribute '\(extra.key)'; it takes the rule ids and reason=\"…\""
            } else if scope != .enable, c.reason.isEmpty {
                c.problem = "needs a reason: add reason=\"…\" saying why the finding is intended"
            }
            let index = out.comments.count
            var lines: ClosedRange<Int>?
            if c.problem == nil {
                switch scope {
                case .nextLine:
                    lines = page.suppressedLines[d.range.start.line] ?? nil
                    if lines == nil { c.problem = "is not followed by a line it could apply to (the line after it is blank or the page ends)" }
                case .nextBlock:
                    lines = page.suppressedLines[d.range.start.line] ?? nil
                    if lines == nil { c.problem = "is not followed by a block it could apply to" }
                case .file:
                    lines = 1...Int.max
                case .range:
                    open.append((index, rules.map(Set.init), d.range.end.line + 1))
                case .enable:
                    c.problem = close(&open, rules: rules.map(Set.init), at: d.range.start.line, into: &out.spans)
                }
            }
            if c.problem == nil, scope != .enable, rules == nil {
                c.blanket = "names no rule, so it silences every rule in \(scope.what); name the rules it is for"
            }
            if let lines { out.spans.append(Span(comment: index, rules: rules.map(Set.init), lines: lines)) }
            out.comments.append(c)
        }
        for o in open {
            out.spans.append(Span(comment: o.comment, rules: o.rules, lines: o.from...Int.max))
            let unclosed = "is never closed by a docspec:enable, so it silences \(o.rules.map { $0.sorted().joined(separator: ", ") } ?? "every rule") to the end of the page; close it (or use docspec:disable-file)"
            out.comments[o.comment].blanket = out.comments[o.comment].blanket.map { "\($0), and \(unclosed)" } ?? unclosed
        }
    }

    /// Ends the open ranges `rules` names (`nil`: all) at `line`, adding their spans; the problem
    /// when the enable closes nothing.
    private static func close(
        _ open: inout [(comment: Int, rules: Set<String>?, from: Int)], rules: Set<String>?, at line: Int, into spans: inout [Span]
    ) -> String? {
        guard let rules else {
            if open.isEmpty { return "ends no range: no docspec:disable above it is still open" }
            for o in open { spans.append(Span(comment: o.comment, rules: o.rules, lines: o.from...max(o.from, line))) }
            open.removeAll()
            return nil
        }
        var closed = Set<String>()
        var still: [(comment: Int, rules: Set<String>?, from: Int)] = []
        for o in open {
            guard let openRules = o.rules else {
                still.append(o)
                continue
            }
            let ending = openRules.intersection(rules)
            closed.formUnion(ending)
            if !ending.isEmpty { spans.append(Span(comment: o.comment, rules: ending, lines: o.from...max(o.from, line))) }
            let rest = openRules.subtracting(ending)
            if !rest.isEmpty { still.append((o.comment, rest, o.from)) }
        }
        open = still
        let notOpen = rules.subtracting(closed).sorted()
        guard notOpen.isEmpty else {
            if open.contains(where: { $0.rules == nil }) {
                return "names \(notOpen.joined(separator: ", ")), but the open docspec:disable silences every rule; end it with '<!-- docspec:enable -->'"
            }
            return "ends no range of \(notOpen.joined(separator: ", ")): no open docspec:disable above it names \(notOpen.count == 1 ? "it" : "them")"
        }
        return nil
    }

    /// What suppression comments did to a run's findings.
    struct Applied {
        /// The findings kept, with the findings about the comments added, sorted for output.
        var kept: [Diagnostic]
        /// The findings silenced, each with the comment's reason.
        var suppressed: [SuppressedDiagnostic]
    }

    /// Removes the findings silenced by valid suppressions and adds `invalid-suppression`,
    /// `superfluous-suppression` and `blanket-suppression` findings.
    static func apply(_ diagnostics: [Diagnostic], _ collected: Collected) -> Applied {
        guard !collected.comments.isEmpty else { return Applied(kept: diagnostics, suppressed: []) }
        var used = Array(repeating: false, count: collected.comments.count)
        var byFile: [String: [Span]] = [:]
        for s in collected.spans { byFile[collected.comments[s.comment].file, default: []].append(s) }
        var kept: [Diagnostic] = []
        var suppressed: [SuppressedDiagnostic] = []
        for d in diagnostics {
            guard !ownRules.contains(d.ruleID), let at = d.location, let spans = byFile[at.file] else {
                kept.append(d)
                continue
            }
            let covering = spans.filter { $0.lines.contains(at.line) && ($0.rules?.contains(d.ruleID) ?? true) }
            guard let first = covering.first else {
                kept.append(d)
                continue
            }
            for s in covering { used[s.comment] = true }
            let c = collected.comments[first.comment]
            suppressed.append(SuppressedDiagnostic(d, kind: .inSource, justification: c.reason, at: c.location))
        }
        for (i, c) in collected.comments.enumerated() {
            let name = "docspec:\(c.scope.rawValue)"
            if let problem = c.problem {
                kept.append(.error("invalid-suppression", "this \(name) comment \(problem); it silences nothing", at: c.location))
                continue
            }
            if let blanket = c.blanket {
                kept.append(.warning("blanket-suppression", "this \(name) comment \(blanket)", at: c.location))
            }
            if c.scope != .enable, !used[i] {
                let rules = c.rules.map { "no \($0.joined(separator: " or ")) finding" } ?? "no finding"
                kept.append(.warning(
                    "superfluous-suppression", "this \(name) comment silenced nothing: \(rules) in \(span(of: i, collected)); remove it",
                    at: c.location))
            }
        }
        return Applied(kept: kept.sortedForOutput(), suppressed: suppressed)
    }

    /// How a message names the lines comment `i` covers: "line 12", "lines 12–30", "the page".
    static func span(of i: Int, _ collected: Collected) -> String {
        let c = collected.comments[i]
        if c.scope == .file { return "the page" }
        let lines = collected.spans.filter { $0.comment == i }.map(\.lines)
        guard let from = lines.map(\.lowerBound).min(), let to = lines.map(\.upperBound).max() else { return c.scope.what }
        let which = c.scope == .range ? "the range" : c.scope.what
        if to == Int.max { return "\(which) (line \(from) to the end of the page)" }
        return from == to ? "\(which) (line \(from))" : "\(which) (lines \(from)–\(to))"
    }
}
