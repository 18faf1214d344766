import DocDiagnostics
import Foundation
import MarkdownSyntax

// The model's vocabulary from MarkdownSyntax: a page's front matter and the YAML values it (and
// a configuration file) holds are part of the spec model, so modules above SpecModel name them
// through SpecModel and never import MarkdownSyntax themselves.
@_exported import struct MarkdownSyntax.FrontMatter
@_exported import struct MarkdownSyntax.YAMLEntry
@_exported import struct MarkdownSyntax.YAMLError
@_exported import enum MarkdownSyntax.YAMLParser
@_exported import enum MarkdownSyntax.YAMLValue

/// Reads pages into the spec model: the one way the layers above SpecModel (LocaleDrift,
/// DocSpecKit) get from a file to a `SpecPage`, so none of them parses Markdown itself.
public enum PageReader {
    /// Reads, parses and extracts one page file.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - displayPath: the path shown in diagnostics and stored in source locations.
    ///   - locale: the page's locale code.
    ///   - relativePath: the page's path relative to its locale root.
    ///   - linkLocales: when given, the page's drift model is built too (see
    ///     `SpecExtractor.extract`), with these locale codes removed from link targets.
    ///   - releasingSpecRows: free each bound spec table's block rows as they are converted (see
    ///     `SpecExtractor.extract`); the extractor gets the only copy of the block tree.
    /// - Returns: the page, or `nil` when it was skipped (unreadable, invalid UTF-8, a NUL byte;
    ///   the diagnostics say why), and every parse and extraction diagnostic, in that order.
    public static func page(
        fileAt url: URL, displayPath: String, locale: String, relativePath: String, linkLocales: Set<String>?,
        releasingSpecRows: Bool = false
    ) -> (page: SpecPage?, diagnostics: [Diagnostic]) {
        var parsed = MarkdownParser.parse(fileAt: url, displayPath: displayPath)
        guard let doc = parsed.document else { return (nil, parsed.diagnostics) }
        parsed.document = nil
        let (page, extraction) = SpecExtractor.extract(
            consume doc, locale: locale, relativePath: relativePath, linkLocales: linkLocales, releasingSpecRows: releasingSpecRows)
        return (page, parsed.diagnostics + extraction)
    }

    /// What pairing a page with its translations reads, without parsing its Markdown: a page
    /// with only its id, paths and front matter (`SpecExtractor.pairingStub`). `nil` when
    /// `page(fileAt:…)` would skip the file; its problems are left for that call to report.
    ///
    /// With `frontMatterOnly`, only the page's first bytes are read when they hold its front
    /// matter (``MarkdownParser/frontMatterHeader(fileAt:displayPath:)``): a page that cannot be
    /// decoded after them gets a stub, and its parse reports it.
    public static func pairingStub(
        fileAt url: URL, displayPath: String, locale: String, relativePath: String, frontMatterOnly: Bool = false
    ) -> SpecPage? {
        let header = frontMatterOnly
            ? MarkdownParser.frontMatterHeader(fileAt: url, displayPath: displayPath)
            : MarkdownParser.header(fileAt: url, displayPath: displayPath)
        guard let header else { return nil }
        return SpecExtractor.pairingStub(frontMatter: header.frontMatter, locale: locale, path: displayPath, relativePath: relativePath)
    }

    /// The rules reading a page emits (invalid UTF-8, front matter, the Markdown converter).
    public static var descriptors: [RuleDescriptor] { MarkdownParser.descriptors }
}
