import DocDiagnostics

extension MarkdownParser {
    /// The rules reading a page emits (`parse`, front matter, the cmark converter).
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "invalid-utf8", .error, layer: .markdown, summary: "a page is not valid UTF-8 (the page is skipped)",
            help: """
                The page has a byte sequence that is not UTF-8 (or a NUL byte); the finding points at the first bad byte \
                and the page is skipped, so nothing else is checked in it. Re-save the file as UTF-8.
                """),
        RuleDescriptor(
            "unreadable-file", .error, layer: .markdown, summary: "a page cannot be read",
            help: """
                A Markdown file of a locale folder cannot be read (permissions, a broken link, a folder named `.md`). \
                Fix the file or move it out of the locale folder.
                """),
        RuleDescriptor(
            "front-matter", .error, layer: .markdown, summary: "malformed or unterminated YAML front matter",
            help: """
                The page starts with `---` but its front matter is not a YAML mapping, is malformed, or is never closed; \
                ids, slugs and translation stamps in it cannot be read. Fix the YAML between the two `---` lines.
                """),
        RuleDescriptor(
            "nesting-too-deep", .warning, layer: .markdown, summary: "content nested deeper than DocSpec converts",
            help: """
                Block quotes, lists or emphasis are nested deeper than DocSpec converts; deeper blocks are not checked and \
                deeper inline markup is read as plain text. Flatten the nesting.
                """),
    ]
}
