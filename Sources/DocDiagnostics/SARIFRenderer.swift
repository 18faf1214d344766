import Foundation

/// Renders diagnostics as a SARIF 2.1.0 log (one run) for code-scanning services such as GitHub
/// code scanning.
///
/// - `tool.driver.rules` lists every rule given (in that order) with its descriptions, help and
///   `defaultConfiguration`; each result names its rule by `ruleId` and `ruleIndex`.
/// - Locations are relative URIs with `uriBaseId: "SRCROOT"` (the project root, given absolutely
///   in `originalUriBaseIds` when known); columns are Unicode scalars, 1-based, so the run says
///   `columnKind: "unicodeCodePoints"`.
/// - A diagnostic's notes with a location become `relatedLocations` (ids from 1); notes without
///   one are appended to the result's message.
/// - A region is the diagnostic's `range`: `startLine`/`startColumn`, and `endLine`/`endColumn`
///   when the rule knew where the finding ends (`endColumn` is exclusive, as SARIF counts it: one
///   past the last character).
/// - Suppressed findings (a comment in the page, the baseline) are results too, each with a
///   `suppressions` entry (`kind` `inSource` or `external`, `status` `accepted`, the reason as
///   `justification`), so code scanning shows them as dismissed instead of losing them.
/// - `partialFingerprints["docspec/v1"]` is `Diagnostic.fingerprint(relativeTo:)`.
///
/// Each result is built by `result(for:suppression:index:)` from optional parts, so a later
/// addition (such as `fixes`) is one more field of `Result` filled there.
public struct SARIFRenderer: Sendable {
    /// One rule of the tool, as SARIF's `reportingDescriptor` shows it.
    public struct Rule: Sendable, Hashable {
        /// The rule id, e.g. `cell-mismatch`.
        public var id: String
        /// One line: what the rule finds.
        public var summary: String
        /// The rule's configured level (`defaultConfiguration.level`); `nil` leaves SARIF's
        /// default (`warning`).
        public var level: Severity?
        /// `false` when the configuration turns the rule off.
        public var enabled: Bool
        /// A paragraph on what the rule finds and how to fix it (`fullDescription`, and the start
        /// of `help`); `nil` for a rule known only by its id.
        public var help: String?
        /// A short example of what the rule flags (shown in `help.markdown`).
        public var example: String?
        /// The layer that emits the rule (`properties.tags`).
        public var layer: RuleLayer?
        /// Where the rule is documented (`helpUri`, an absolute URI); `nil` leaves it out.
        public var helpURI: String?
        /// Whether a suppression comment can silence the rule's findings (the help says how);
        /// `false` for the findings about suppression comments themselves.
        public var suppressible = true

        /// Creates a rule descriptor.
        public init(id: String, summary: String, level: Severity? = nil, enabled: Bool = true) {
            self.id = id
            self.summary = summary
            self.level = level
            self.enabled = enabled
        }

        /// The SARIF descriptor of `rule`, at `level` (by default the rule's default severity).
        public init(_ rule: RuleDescriptor, level: Severity? = nil, enabled: Bool = true) {
            self.init(id: rule.id.rawValue, summary: rule.summary, level: level ?? rule.defaultSeverity, enabled: enabled)
            help = rule.help
            example = rule.example
            layer = rule.layer
        }
    }

    /// The SARIF `$schema` URI written at the top.
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The `partialFingerprints` key.
    public static let fingerprintKey = "docspec/v1"

    /// `tool.driver.name`.
    public var toolName: String
    /// `tool.driver.version` (and `semanticVersion`).
    public var toolVersion: String
    /// `tool.driver.informationUri`: where users read about the tool (left out when `nil`).
    public var informationURI: String?
    /// The rules, in the order `tool.driver.rules` lists them. A diagnostic whose rule is not
    /// among them gets a descriptor appended (so every `ruleIndex` is valid).
    public var rules: [Rule]
    /// The project root's absolute path: locations below it become relative URIs against
    /// `SRCROOT`, and `originalUriBaseIds` gives it as a `file:` URI. `nil`: paths are written as
    /// given, relative ones against `SRCROOT` with no base recorded.
    public var root: String?

    /// Creates a renderer.
    public init(toolName: String, toolVersion: String, informationURI: String?, rules: [Rule], root: String? = nil) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.rules = rules
        self.root = root
    }

    // MARK: SARIF object model (the parts DocSpec writes)

    struct Log: Encodable {
        var schema = SARIFRenderer.schemaURI
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]?
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String?
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var helpUri: String?
        var defaultConfiguration: Configuration
        var properties: Properties?
    }

    struct Properties: Encodable {
        var tags: [String]
    }

    struct Configuration: Encodable {
        var enabled: Bool
        var level: String
    }

    struct Message: Encodable {
        var text: String
        var markdown: String?
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]?
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        var suppressions: [Suppression]?
        /// The finding's `Fix` (SARIF §3.55): one artifact change with its replacements.
        var fixes: [SARIFFix]? = nil
    }

    struct Suppression: Encodable {
        var kind: String
        var status = "accepted"
        var justification: String?
        var location: Location?
    }

    struct SARIFFix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
    }

    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    struct Replacement: Encodable {
        var deletedRegion: DeletedRegion
        var insertedContent: InsertedContent
    }

    /// A replaced region: columns in Unicode scalars like every region here, `endColumn`
    /// exclusive (SARIF's convention), equal to `startColumn` for an insertion.
    struct DeletedRegion: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    struct InsertedContent: Encodable { var text: String }

    func sarifFix(_ fix: Fix) -> SARIFFix {
        SARIFFix(
            description: Message(text: fix.description),
            artifactChanges: [ArtifactChange(
                artifactLocation: physical(SourceLocation(file: fix.file, line: 1)).artifactLocation,
                replacements: fix.edits.map {
                    Replacement(
                        deletedRegion: DeletedRegion(startLine: $0.start.line, startColumn: $0.start.column, endLine: $0.end.line, endColumn: $0.end.column),
                        insertedContent: InsertedContent(text: $0.replacement))
                })])
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
        var description: Message?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int?
        var endColumn: Int?
    }

    // MARK: rendering

    /// Renders the log as pretty-printed JSON with sorted keys, ending in `\n`: the findings
    /// shown, then the `suppressed` ones (each with its `suppressions` entry), in the given orders.
    public func render(_ diagnostics: [Diagnostic], suppressed: [SuppressedDiagnostic] = []) -> String {
        var rules = self.rules
        var index: [String: Int] = [:]
        for (i, r) in rules.enumerated() where index[r.id] == nil { index[r.id] = i }
        for d in diagnostics + suppressed.map(\.diagnostic) where index[d.ruleID] == nil {
            index[d.ruleID] = rules.count
            rules.append(Rule(id: d.ruleID, summary: d.ruleID))
        }
        let results = diagnostics.map { result(for: $0, suppression: nil, index: index) }
            + suppressed.map { result(for: $0.diagnostic, suppression: $0, index: index) }
        var bases: [String: ArtifactLocation]?
        if let root {
            let path = root.hasSuffix("/") ? root : root + "/"
            bases = ["SRCROOT": ArtifactLocation(
                uri: "file://" + Self.percentEncoded(path), uriBaseId: nil,
                description: Message(text: "The project root: the folder of docspec.yml, or where docspec ran."))]
        }
        let run = Run(
            tool: Tool(driver: Driver(
                name: toolName, version: toolVersion, semanticVersion: toolVersion, informationUri: informationURI,
                rules: rules.map(descriptor))),
            originalUriBaseIds: bases, results: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Log(runs: [run])) else { return "{}\n" }
        return ControlCharacters.jsonEscaped(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// One result: the finding's message (notes without a location appended), its region, its
    /// related locations, fingerprint and, when it was suppressed, the `suppressions` entry.
    func result(for d: Diagnostic, suppression: SuppressedDiagnostic?, index: [String: Int]) -> Result {
        var text = d.message
        var related: [Location] = []
        for note in d.notes {
            if let at = note.location {
                related.append(Location(id: related.count + 1, physicalLocation: physical(at), message: Message(text: note.message)))
            } else {
                text += "\nnote: \(note.message)"
            }
        }
        return Result(
            ruleId: d.ruleID, ruleIndex: index[d.ruleID] ?? 0, level: Self.level(d.severity), message: Message(text: text),
            locations: d.range.map { [Location(physicalLocation: physical($0, point: d.end == nil))] },
            relatedLocations: related.isEmpty ? nil : related,
            partialFingerprints: [Self.fingerprintKey: d.fingerprint(relativeTo: root)],
            suppressions: suppression.map { s in
                [Suppression(
                    kind: s.kind.rawValue, justification: s.justification.isEmpty ? nil : s.justification,
                    location: s.location.map { Location(physicalLocation: physical($0)) })]
            },
            fixes: d.fix.map { [sarifFix($0)] })
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    func descriptor(_ r: Rule) -> ReportingDescriptor {
        var d = baseDescriptor(r)
        d.helpUri = r.helpURI
        guard !r.suppressible, let help = r.help else { return d }
        // Findings about suppression comments are not silenced by comments.
        let example = r.example.map { "\n\nExample:\n\n    \($0)" } ?? ""
        d.help = Message(
            text: "\(help) Comments do not silence this finding: change the rule's level in docspec.yml ('rules: {\(r.id): off}') or record it in the baseline with 'docspec baseline write'.",
            markdown: """
                \(help)\(example)

                Comments do not silence this finding. To accept it, change the rule's level in `docspec.yml`: \
                `rules: {\(r.id): off}` (`error`, `warning`, `note` or `off`), or record it in the baseline: `docspec baseline write`.
                """)
        return d
    }

    private func baseDescriptor(_ r: Rule) -> ReportingDescriptor {
        let sentence = r.summary.prefix(1).uppercased() + r.summary.dropFirst() + (r.summary.hasSuffix(".") ? "" : ".")
        let suppress = "<!-- docspec:disable-next-block \(r.id) reason=\"…\" -->"
        if let help = r.help {
            // An indented code block: examples may hold backticks (a fence's info string).
            let example = r.example.map { "\n\nExample:\n\n    \($0)" } ?? ""
            let helpText = """
                \(help) When the finding is intended, silence it for the next block with \(suppress) (a reason is \
                required), record it in the baseline with 'docspec baseline write', or change the rule's level in \
                docspec.yml ('rules: {\(r.id): warning}').
                """
            let helpMarkdown = """
                \(help)\(example)

                When the finding is intended:

                - silence it for the next block: `\(suppress)` (a reason is required);
                - record it in the baseline: `docspec baseline write`;
                - or change the rule's level in `docspec.yml`: `rules: {\(r.id): warning}` (`error`, `warning`, `note` or `off`).
                """
            return ReportingDescriptor(
                id: r.id, shortDescription: Message(text: sentence), fullDescription: Message(text: help),
                help: Message(text: helpText, markdown: helpMarkdown),
                defaultConfiguration: Configuration(enabled: r.enabled, level: r.level.map(Self.level) ?? "warning"),
                properties: r.layer.map { Properties(tags: [$0.rawValue]) })
        }
        let helpText = """
            \(sentence) Fix the page so the locales agree, or, when the difference is intended, \
            silence this finding for the next block with \(suppress) (a reason is required), record \
            it in the baseline with 'docspec baseline write', or change the rule's level in \
            docspec.yml ('rules: {\(r.id): warning}').
            """
        let helpMarkdown = """
            \(sentence)

            Fix the page so the locales agree. When the difference is intended:

            - silence it for the next block: `\(suppress)` (a reason is required);
            - record it in the baseline: `docspec baseline write`;
            - or change the rule's level in `docspec.yml`: `rules: {\(r.id): warning}` (`error`, `warning`, `note` or `off`).
            """
        return ReportingDescriptor(
            id: r.id, shortDescription: Message(text: sentence), fullDescription: Message(text: "\(r.id): \(sentence)"),
            help: Message(text: helpText, markdown: helpMarkdown),
            defaultConfiguration: Configuration(enabled: r.enabled, level: r.level.map(Self.level) ?? "warning"))
    }

    func physical(_ at: SourceLocation) -> PhysicalLocation { physical(SourceRange(start: at, end: at), point: true) }

    /// The physical location of `range`; a point (`point`, or a range of one character given as
    /// such) has no end. `endColumn` is one past the inclusive end.
    func physical(_ range: SourceRange, point: Bool = false) -> PhysicalLocation {
        let at = range.start
        let file = Diagnostic.path(at.file, relativeTo: root)
        var base: String? = "SRCROOT"
        let uri: String
        if file.hasPrefix("/") {
            uri = "file://" + Self.percentEncoded(file)
            base = nil
        } else {
            uri = Self.percentEncoded(file)
        }
        return PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: uri, uriBaseId: base),
            region: Region(
                startLine: max(1, at.line), startColumn: max(1, at.column),
                endLine: point ? nil : max(1, range.end.line), endColumn: point ? nil : max(1, range.end.column) + 1))
    }

    /// A path as a URI path: every byte outside the unreserved characters and `/` percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
