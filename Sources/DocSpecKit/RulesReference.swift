import DocDiagnostics

extension RuleRegistry {
    /// The rules reference of the user guide (`docs/rules.md`): an index table, then one section
    /// per rule, in registration order, whose heading is the rule id (so its anchor,
    /// `rules.md#<rule-id>`, is what SARIF's `helpUri` points at), with the default level, the
    /// layer, the summary, the help paragraph, the example and how to silence or re-level it.
    /// Written from the registry alone; a test keeps the committed file equal to it.
    public func markdownReference() -> String {
        var out = """
            # Rules reference

            Every rule DocSpec reports, generated from the rule registry (`RuleRegistry.standard`) by
            `RuleRegistry.markdownReference()`; a test keeps this page in step with the code, so do not edit it
            by hand (re-record with `DOCSPEC_RECORD_GOLDEN=1 swift test --filter UserGuideTests`).
            `docspec rules` lists the same rules and `docspec rules <id>` prints one.

            Levels are the defaults; `docspec.yml` `rules: {<id>: error|warning|note|off}` or
            `--severity <id>=<level>` changes them. Suppression comments are described in
            [Output formats, suppressions and baselines](output-formats.md).

            | rule | level | layer | finds |
            |---|---|---|---|

            """
        for d in descriptors {
            out += "| [`\(d.id)`](#\(d.id)) | \(d.defaultSeverity.rawValue) | \(d.layer.rawValue) | \(Self.cell(d.summary)) |\n"
        }
        for d in descriptors {
            out += "\n## \(d.id)\n\n"
            out += "Level: **\(d.defaultSeverity.rawValue)** · layer: \(d.layer.rawValue)\n\n"
            out += Self.sentence(d.summary) + "\n\n"
            if !d.help.isEmpty { out += d.help + "\n\n" }
            if let example = d.example {
                out += "Example:\n\n" + example.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n") + "\n\n"
            }
            if Suppressions.ownRules.contains(d.id.rawValue) {
                out += "Comments do not silence this rule; set its level in `docspec.yml` (`rules: {\(d.id): off}`).\n"
            } else {
                out += "Silence one finding: `<!-- docspec:disable-next-block \(d.id) reason=\"…\" -->` before its block "
                    + "(or `disable-next-line`, `disable` … `enable`, `disable-file`); re-level it: `rules: {\(d.id): warning}`.\n"
            }
        }
        return out
    }

    private static func sentence(_ s: String) -> String {
        s.prefix(1).uppercased() + s.dropFirst() + (s.hasSuffix(".") ? "" : ".")
    }

    /// A table cell: pipes escaped, on one line.
    private static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
