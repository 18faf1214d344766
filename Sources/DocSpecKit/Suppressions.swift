import DocDiagnostics
import Foundation
import SpecModel

/// Inline suppressions: `<!-- docspec:disable-next-block <rule-id>[,<rule-id>…] reason="…" -->`
/// silences those rules' findings whose primary location lies in the next block of the same page
/// (the block after the comment in the same container; when that block is itself a DocSpec
/// directive, such as `docspec:table`, the block the directive binds is included). They work in
/// every locale's pages: a finding in `docs-ru/` is silenced by a comment in `docs-ru/`.
///
/// A suppression without a reason, naming no rule or an unknown rule, or followed by no block is
/// an `invalid-suppression` error and silences nothing; a valid one that silenced nothing is an
/// `unused-suppression` warning.
enum Suppressions {
    /// The rules suppressions report.
    static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "invalid-suppression", .error, layer: .policy,
            summary: "a docspec:disable-next-block comment without a reason, naming an unknown rule or followed by no block",
            help: """
                A suppression comment must name known rule ids ('docspec rules' lists them), give `reason="…"` and be \
                followed by the block it silences; this one does not, so it silences nothing. Fix the comment.
                """, example: "<!-- docspec:disable-next-block cell-mismatch reason=\"the ru docs use the new code\" -->"),
        RuleDescriptor(
            "unused-suppression", .warning, layer: .policy, summary: "a docspec:disable-next-block comment that silenced no finding",
            help: """
                The next block has no finding of the rules the comment names: the drift was fixed, or the comment is in \
                the wrong place. Remove the comment (or move it before the block with the finding).
                """),
    ]

    /// One suppression comment.
    struct Suppression {
        var file: String
        var location: SourceLocation
        var rules: [String]
        /// The lines of the block it applies to; `nil` when no block follows it.
        var lines: ClosedRange<Int>?
        /// Why the comment is invalid; `nil` when it is valid.
        var problem: String?
    }

    /// Every suppression comment of every locale's pages, validated against `knownRules`.
    static func collect(_ docSet: DocSet, knownRules: RuleRegistry) -> [Suppression] {
        var out: [Suppression] = []
        for (_, pages) in docSet.pages.sorted(by: { $0.key < $1.key }) {
            for page in pages {
                let comments = page.directives.filter { $0.name == DirectiveParser.suppressionName }
                guard !comments.isEmpty else { continue }
                for d in comments {
                    let rules = (d.value("rules") ?? "").split(separator: ",", omittingEmptySubsequences: false)
                        .map { String($0).trimmingCharacters(in: .whitespaces) }
                    var problem: String?
                    let lines = page.suppressedLines[d.range.start.line] ?? nil
                    if rules.isEmpty || rules.allSatisfy(\.isEmpty) {
                        problem = "names no rule; write the rule ids to silence, e.g. 'docspec:disable-next-block cell-mismatch reason=\"…\"'"
                    } else if let bad = rules.first(where: { !knownRules.contains($0) }) {
                        problem = bad.isEmpty
                            ? "has an empty rule id in its list '\(d.value("rules") ?? "")'"
                            : "names the unknown rule '\(bad)' ('docspec rules' lists them)"
                    } else if let extra = d.attributes.first(where: { $0.key != "rules" && $0.key != "reason" }) {
                        problem = "has the unknown attribute '\(extra.key)'; it takes the rule ids and reason=\"…\""
                    } else if (d.value("reason") ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        problem = "needs a reason: add reason=\"…\" saying why the finding is intended"
                    } else if lines == nil {
                        problem = "is not followed by a block it could apply to"
                    }
                    out.append(Suppression(file: page.path, location: d.range.start, rules: rules, lines: lines, problem: problem))
                }
            }
        }
        return out
    }

    /// Removes the findings silenced by valid suppressions and adds `invalid-suppression` and
    /// `unused-suppression` findings.
    ///
    /// - Returns: the findings kept (with the new ones) and how many were silenced.
    static func apply(_ diagnostics: [Diagnostic], suppressions: [Suppression]) -> (kept: [Diagnostic], suppressed: Int) {
        guard !suppressions.isEmpty else { return (diagnostics, 0) }
        var used = Array(repeating: false, count: suppressions.count)
        var byFile: [String: [Int]] = [:]
        for (i, s) in suppressions.enumerated() where s.problem == nil { byFile[s.file, default: []].append(i) }
        var kept: [Diagnostic] = []
        var suppressed = 0
        for d in diagnostics {
            if let at = d.location, let candidates = byFile[at.file],
                let i = candidates.first(where: { suppressions[$0].rules.contains(d.ruleID) && suppressions[$0].lines?.contains(at.line) == true })
            {
                used[i] = true
                suppressed += 1
            } else {
                kept.append(d)
            }
        }
        for (i, s) in suppressions.enumerated() {
            if let problem = s.problem {
                kept.append(.error("invalid-suppression", "this docspec:disable-next-block comment \(problem); it silences nothing", at: s.location))
            } else if !used[i] {
                let lines = s.lines.map { $0.lowerBound == $0.upperBound ? "line \($0.lowerBound)" : "lines \($0.lowerBound)–\($0.upperBound)" } ?? "the next block"
                kept.append(.warning(
                    "unused-suppression",
                    "this docspec:disable-next-block comment silenced nothing: no \(s.rules.joined(separator: " or ")) finding in the next block (\(lines)); remove it",
                    at: s.location))
            }
        }
        return (kept.sortedForOutput(), suppressed)
    }
}
