import DocDiagnostics

extension SpecExtractor {
    /// The rules extraction emits (directives, spec tables and their cells).
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "malformed-directive", .error, layer: .extraction, summary: "a docspec directive cannot be read",
            help: """
                A `<!-- docspec:… -->` comment is not closed on its own block, misses its name, repeats an attribute, has \
                an unterminated quote or lacks a required attribute (kind=, symbol= for complete). Fix the directive; \
                the message names what is wrong.
                """, example: "<!-- docspec:table kind=error-codes symbol=APIError -->"),
        RuleDescriptor(
            "unknown-directive", .error, layer: .extraction, summary: "an unknown docspec:<name> directive",
            help: """
                The directive's name is not one DocSpec knows (the message lists them): usually a typo, so the \
                directive binds nothing. Use a known name.
                """),
        RuleDescriptor(
            "unknown-kind", .error, layer: .extraction, summary: "an unknown table kind",
            help: """
                `kind=` names no table kind DocSpec knows (the message lists them), so the table is not a spec table and \
                is neither tested nor compared as one. Use a known kind.
                """),
        RuleDescriptor(
            "unknown-attribute", .warning, layer: .extraction, summary: "an unknown directive attribute",
            help: """
                A `docspec:table` directive has an attribute DocSpec does not read (a typo of a known one?); it is \
                ignored. Remove it or fix its name.
                """),
        RuleDescriptor(
            "invalid-symbol", .error, layer: .extraction, summary: "symbol= is not a Swift type name",
            help: """
                `symbol=` must be a Swift type name (ASCII letters, digits, `_` and `.`, not starting with a digit, not a \
                keyword): generated tests refer to it. Fix the name.
                """),
        RuleDescriptor(
            "orphan-directive", .error, layer: .extraction, summary: "a table directive not followed by a table",
            help: """
                A `docspec:table` (or `docspec:setup`) directive binds the next block, which must be a table (a fenced \
                code block); here it is not, so the directive does nothing. Put the directive right before its table.
                """),
        RuleDescriptor(
            "misplaced-directive", .warning, layer: .extraction,
            summary: "a directive inside a paragraph or other HTML, which binds nothing",
            help: """
                A docspec directive must be an HTML block of its own (blank lines around it); inside a paragraph or other \
                HTML it binds nothing. Move it onto its own lines.
                """),
        RuleDescriptor(
            "table-schema", .error, layer: .extraction, summary: "a spec table's columns do not match its kind's schema",
            help: """
                A spec table lacks a required column of its kind, has a column twice, or `columns=` names unknown columns \
                or the wrong number of them; the table cannot be read as its kind. Match the columns to the kind's schema \
                (the message lists it).
                """),
        RuleDescriptor(
            "column-order", .warning, layer: .extraction, summary: "a spec table's columns are not in schema order",
            help: """
                The columns are accepted in any order, but keeping the schema's order in every locale makes tables easy \
                to compare. Reorder the columns.
                """),
        RuleDescriptor(
            "ragged-row", .error, layer: .extraction, summary: "a row has more or fewer cells than the header",
            help: """
                A row of a spec table has a different number of cells from the header (often an unescaped `|`), so its \
                cells cannot be assigned to columns. Fix the row; escape a literal pipe as `\\|`.
                """),
        RuleDescriptor(
            "invalid-cell", .error, layer: .extraction, summary: "a cell's value does not fit its column",
            help: """
                A cell of a typed column (an integer, yes/no, a Swift name, an allowed-values list, …) cannot be read as \
                that type, so the row cannot be tested. Fix the value; the message says what the column expects.
                """),
        RuleDescriptor(
            "duplicate-row", .error, layer: .extraction, summary: "two rows of a table share a key",
            help: """
                Two rows of a spec table have the same key (code, case, field), so the table contradicts itself and rows \
                cannot be paired between locales. Remove or rename one of them.
                """),
        RuleDescriptor(
            "duplicate-table-id", .error, layer: .extraction, summary: "two tables of a page share an id",
            help: """
                Spec tables are paired between locales by id; two tables of a page with the same id cannot be told apart. \
                Give one of them `id=<unique>` in its directive.
                """),
    ]
}
