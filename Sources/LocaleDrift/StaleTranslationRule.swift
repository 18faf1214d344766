import DocDiagnostics
import SpecModel

/// Finds translations whose source changed since they were reviewed.
///
/// A translation records the source it was made from in its front matter (`docspec stamp`
/// writes it):
///
/// ```yaml
/// translation-of:
///   locale: ja
///   hash: 3f2a9c0e1b7d4a55        # the whole source page, front matter excluded
///   sections:
///     _intro: 9d1e…               # the text before the first heading
///     概要: 51c0…                  # one per heading, keyed by its slug
/// ```
///
/// Each source section whose hash differs is one `stale-translation` finding at the target's
/// counterpart heading, with a note at the source heading; sections added to or removed from the
/// source are named too. A page without a stamp is not checked; a stamp of another locale than
/// the pair's source is not checked either. A malformed stamp is a `front-matter` error.
public struct StaleTranslationRule: DriftRule {
    /// The rules this rule emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "stale-translation", .warning, layer: .drift,
            summary: "the source page or a section of it changed since the translation was stamped (docspec stamp)",
            help: """
                The translation's `translation-of` stamp records the hashes of the source sections it was reviewed against; \
                a source section changed, was added or removed since. Update the translation, then record the review with \
                'docspec stamp'.
                """),
    ]

    /// Creates the rule (it has no options).
    public init() {}

    /// Compares the target's stamp with the source page's current hashes.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        let target = pair.target
        guard let read = TranslationStamp.read(target.frontMatter, path: target.path) else { return [] }
        let stamp: TranslationStamp
        switch read {
        case .malformed(let d): return [d]
        case .stamp(let s): stamp = s
        }
        guard stamp.locale == pair.source.locale else { return [] }
        let current = TranslationHash.sections(of: pair.source)
        guard current.page != stamp.hash else { return [] }

        let sl = pair.source.locale
        let stampLocation = SourceLocation(file: target.path, line: stamp.line)
        let review = "review the translation, then run 'docspec stamp'"
        func sourceAt(_ s: SourceSection) -> DiagnosticNote {
            DiagnosticNote(s.title == nil ? "the text in the source locale (\(sl))" : "the section in the source locale (\(sl))",
                at: SourceLocation(file: pair.source.path, line: s.line))
        }
        func name(_ s: SourceSection) -> String {
            s.title.map { "section '\($0)'" } ?? "the text before the first heading"
        }
        // The translation follows the source as it was stamped: its n-th heading translates the
        // n-th stamped heading section. When the counts differ, fall back to heading order in
        // the current source.
        let stampedHeadings = stamp.sections.map(\.key).filter { $0 != TranslationHash.introKey }
        let stampedIndex = Dictionary(stampedHeadings.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let targetHeadings = target.headings.filter { $0.range.start.line > (target.frontMatter?.lines.upperBound ?? 0) }
        let firstTargetHeading = targetHeadings.first?.range.start.line ?? Int.max
        let targetIntro = target.document.blocks.first { $0.range.start.line < firstTargetHeading }?.range.start
        func targetLocation(key: String, sourceLine: Int?) -> SourceLocation {
            if key == TranslationHash.introKey { return targetIntro ?? stampLocation }
            if targetHeadings.count == stampedHeadings.count, let i = stampedIndex[key] {
                return targetHeadings[i].range.start
            }
            if let line = sourceLine {
                let anchor = pair.targetAnchor(forSourceLine: line)
                return anchor.line == 1 ? stampLocation : anchor
            }
            return stampLocation
        }

        var out: [Diagnostic] = []
        let stamped = Dictionary(stamp.sections.map { ($0.key, $0.hash) }, uniquingKeysWith: { a, _ in a })
        let currentKeys = Set(current.sections.map(\.key))
        if !stamp.sections.isEmpty {
            var previous: SourceSection?
            for s in current.sections {
                defer { previous = s }
                guard let old = stamped[s.key] else {
                    // Added: it belongs after the counterpart of the section before it.
                    let at = previous.map { targetLocation(key: $0.key, sourceLine: $0.line) } ?? stampLocation
                    var d = Diagnostic(
                        "stale-translation", .warning,
                        "\(name(s)) was added to the source (\(sl)) since this translation was stamped; translate it, then run 'docspec stamp'",
                        at: at, notes: [sourceAt(s)])
                    d.fingerprintContent = "added \(s.key)"
                    out.append(d)
                    continue
                }
                guard old != s.hash else { continue }
                var d = Diagnostic(
                    "stale-translation", .warning, "\(name(s)) changed in the source (\(sl)) since this translation was stamped; \(review)",
                    at: targetLocation(key: s.key, sourceLine: s.line), notes: [sourceAt(s)])
                d.fingerprintContent = "changed \(s.key) \(s.hash)"
                out.append(d)
            }
            for (key, _) in stamp.sections where !currentKeys.contains(key) {
                var d = Diagnostic(
                    "stale-translation", .warning,
                    "section '\(key)' was removed from the source (\(sl)) since this translation was stamped; remove its translation, then run 'docspec stamp'",
                    at: targetLocation(key: key, sourceLine: nil),
                    notes: [DiagnosticNote("the source page (\(sl))", at: SourceLocation(file: pair.source.path, line: 1))])
                d.fingerprintContent = "removed \(key)"
                out.append(d)
            }
        }
        if out.isEmpty {
            var d = Diagnostic(
                "stale-translation", .warning, "the source page (\(sl)) changed since this translation was stamped; \(review)",
                at: stampLocation, notes: [DiagnosticNote("the source page (\(sl))", at: SourceLocation(file: pair.source.path, line: 1))])
            d.fingerprintContent = "page \(current.page)"
            out.append(d)
        }
        return out
    }
}
