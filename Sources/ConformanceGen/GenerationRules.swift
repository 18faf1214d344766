import DocDiagnostics

extension ConformanceTranslator {
    /// The rules generation emits about the source locale's pages.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "fields-without-sample", .error, layer: .generation, summary: "a fields table has no JSON sample to use as baseline",
            help: """
                Each field test changes one field of a valid JSON value: the page's ```json <Type>``` sample. Without one \
                the fields table cannot be tested. Add a typed JSON sample of the type to the page.
                """),
        RuleDescriptor(
            "invalid-json-sample", .error, layer: .generation, summary: "a typed JSON sample is not valid JSON",
            help: """
                A ```json <Type>``` sample is decoded by a generated test and serves as a fields table's baseline; this one \
                does not parse. Fix the JSON, or drop the type from the info string if the sample is not meant to decode.
                """),
        RuleDescriptor(
            "unknown-json-key", .error, layer: .generation, summary: "a typed JSON sample has a key its fields table does not list",
            help: """
                A key of a typed JSON sample is not a row of the type's fields table: a misspelling that decoding would \
                silently ignore, or a field the table lacks. Fix the key or add the row.
                """),
        RuleDescriptor(
            "doc-test-attributes", .error, layer: .generation,
            summary: "a doc-test sample has conflicting modes, or is ignored without a reason",
            help: """
                A doc-test sample takes at most one of `run`, `compile-only`, `throws`, `compile-fail` and `ignore`, and \
                `ignore` needs `reason="…"`; otherwise DocSpec cannot tell which test to generate, and no test is generated. Keep one \
                mode and give ignored samples a reason.
                """, example: "```swift ignore reason=\"needs a sandbox account\""),
        RuleDescriptor(
            "unknown-doc-test-attribute", .warning, layer: .generation, summary: "a doc-test sample has an unknown attribute",
            help: """
                An info-string attribute of a doc-test sample is none of the modes (`run`, `compile-only`, `throws`, \
                `compile-fail`, `ignore`), `reason="…"`, `title="…"` or `caption="…"`: likely a typo, and it is ignored. \
                Fix or remove it.
                """),
    ]
}

extension GenerationCheck {
    /// The rule checking the committed generated files emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "stale-generated", .error, layer: .generation, summary: "a generated file is missing, outdated or extra",
            help: """
                The output folder does not hold what 'docspec generate' writes now: a file is missing, differs, is no \
                longer generated from any page, or a hand-written file takes a generated file's name. The committed tests \
                then check something other than the docs say. Run 'docspec generate' and commit the result.
                """),
    ]
}
