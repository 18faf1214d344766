import DocDiagnostics
import Foundation
import LocaleDrift

/// Applying `Fix` values to page text: selection (non-overlapping, in order), the new bytes and
/// a unified diff of the change. Shared by `docspec fix`, the language server's code actions and
/// the tests.
public enum FixApplier {
    /// The result of applying fixes to one file.
    public struct Outcome: Sendable {
        /// The new text bytes (without a byte order mark).
        public var bytes: [UInt8]
        /// The fixes applied, in file order.
        public var applied: [Fix]
        /// Fixes skipped because they overlap an applied one (a later run picks them up).
        public var skipped: [Fix]
    }

    /// Applies `fixes` to `bytes` (the page text, BOM removed): each fix whole or not at all,
    /// earlier fixes first, a fix overlapping one already chosen skipped.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> Outcome {
        var chosen: [TextEdit] = []
        var applied: [Fix] = []
        var skipped: [Fix] = []
        let ordered = fixes.sorted { ($0.edits.first?.range.lowerBound ?? 0, $0.ruleID) < ($1.edits.first?.range.lowerBound ?? 0, $1.ruleID) }
        for fix in ordered {
            let fits = fix.edits.allSatisfy { e in
                e.range.upperBound <= bytes.count
                    && !chosen.contains { c in c.range.overlaps(e.range) || (c.range.isEmpty && e.range.contains(c.range.lowerBound)) || (e.range.isEmpty && c.range.contains(e.range.lowerBound)) }
            }
            // An edit that changes nothing is not a fix (a second run is a no-op).
            let changes = fix.edits.contains { String(decoding: bytes[$0.range], as: UTF8.self) != $0.replacement }
            if fits && changes {
                chosen += fix.edits
                applied.append(fix)
            } else if changes {
                skipped.append(fix)
            }
        }
        return Outcome(bytes: chosen.applied(to: bytes), applied: applied, skipped: skipped)
    }

    /// A unified diff (`--- a/path`, `+++ b/path`, hunks with 3 lines of context) of `old` and
    /// `new`, which differ by `edits` (offsets into `old`); empty when nothing changes.
    public static func unifiedDiff(path: String, old: [UInt8], edits: [TextEdit], context: Int = 3) -> String {
        let edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard !edits.isEmpty else { return "" }
        let index = TextIndex(String(decoding: old, as: UTF8.self))
        // Changed line spans, then hunks: spans whose context overlaps are one hunk.
        var groups: [(lines: ClosedRange<Int>, edits: [TextEdit])] = []
        for e in edits {
            let first = index.lineOf(e.range.lowerBound)
            let last = max(first, index.lineOf(max(e.range.lowerBound, e.range.upperBound - (e.range.isEmpty ? 0 : 1))))
            if let g = groups.last, g.lines.upperBound + 2 * context >= first {
                groups[groups.count - 1] = (g.lines.lowerBound...max(g.lines.upperBound, last), g.edits + [e])
            } else {
                groups.append((first...last, [e]))
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var shift = 0
        func lines(_ bytes: ArraySlice<UInt8>) -> [String] {
            var s = String(decoding: bytes, as: UTF8.self)
            if s.hasSuffix("\n") { s.removeLast() }
            return s.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacingOccurrences(of: "\r", with: "") }
        }
        for g in groups {
            let from = max(1, g.lines.lowerBound - context)
            let to = min(index.lineCount, g.lines.upperBound + context)
            let start = index.lineStarts[from - 1]
            let end = to < index.lineCount ? index.lineStarts[to] : old.count
            let region = Array(old[start..<end])
            let moved = g.edits.map { TextEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), start: $0.start, end: $0.end, replacement: $0.replacement) }
            let oldLines = lines(region[...])
            let newLines = lines(moved.applied(to: region)[...])
            // Lines of the region paired by a longest common subsequence; runs between pairs
            // are changes, each shown with up to `context` unchanged lines around it.
            let common = Alignment.lcs(oldLines, newLines)
            var ops: [(Character, String)] = []
            var i = 0
            var j = 0
            for (x, y) in common + [(oldLines.count, newLines.count)] {
                while i < x { ops.append(("-", oldLines[i])); i += 1 }
                while j < y { ops.append(("+", newLines[j])); j += 1 }
                if x < oldLines.count { ops.append((" ", oldLines[x])) }
                i = x + 1
                j = y + 1
            }
            // Changes more than 2 × `context` unchanged lines apart are separate hunks.
            let changed = ops.indices.filter { ops[$0].0 != " " }
            var clusters: [ClosedRange<Int>] = []
            for c in changed {
                if let last = clusters.last, c - last.upperBound <= 2 * context + 1 {
                    clusters[clusters.count - 1] = last.lowerBound...c
                } else {
                    clusters.append(c...c)
                }
            }
            for cluster in clusters {
                let lo = max(0, cluster.lowerBound - context)
                let hi = min(ops.count - 1, cluster.upperBound + context)
                let shown = ops[lo...hi]
                let before = ops[..<lo]
                let oldStart = from + before.filter { $0.0 != "+" }.count
                let newStart = from + shift + before.filter { $0.0 != "-" }.count
                out += "@@ -\(oldStart),\(shown.filter { $0.0 != "+" }.count) +\(newStart),\(shown.filter { $0.0 != "-" }.count) @@\n"
                for (op, line) in shown { out += "\(op)\(line)\n" }
            }
            shift += ops.filter { $0.0 == "+" }.count - ops.filter { $0.0 == "-" }.count
        }
        return out
    }
}

/// A page file as `docspec fix` reads and writes it: its bytes split into a byte order mark and
/// the text the parser reads, and its line endings, so a rewrite keeps all of them.
struct PageFileBytes {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    var hasBOM: Bool
    /// The text bytes (BOM removed): what `TextEdit.range` offsets count.
    var text: [UInt8]

    init(_ data: Data) {
        let all = [UInt8](data)
        hasBOM = all.starts(with: Self.bom)
        text = hasBOM ? Array(all.dropFirst(3)) : all
    }

    /// Whether the parser's text is these bytes: a lone CR (read as a line break) would shift
    /// every offset after it, so such a file is not fixed.
    var offsetsMatchParser: Bool {
        for (i, b) in text.enumerated() where b == UInt8(ascii: "\r") {
            if i + 1 >= text.count || text[i + 1] != UInt8(ascii: "\n") { return false }
        }
        return true
    }

    func data(_ text: [UInt8]) -> Data { Data((hasBOM ? Self.bom : []) + text) }
}

/// `docspec fix`: one declaration (name, summary, help, run) so that it ports to any command
/// table.
enum FixCommand {
    static let name = "fix"
    static let summary = "Rewrite what must not change in translations (numbers, code, links, cells, info strings) to match the source."

    static let discussion = """
        Lints like 'docspec lint', then applies the fix of every fixable finding in the given target
        pages (all target pages when none is given): numbers, inline code, link and image targets,
        placeholders, HTML attribute names, invariant spec-table cells, a code sample's code (the
        translation's comments kept where the lines map), fence info strings and heading anchors.
        Translated prose is never changed. Missing sections, rows and samples need a translator: they
        are listed as not fixable. Suppressed findings are not fixed. Files are written atomically;
        byte order mark, line endings and permissions are kept; a second run changes nothing.
        """

    /// The command's declaration: parsing, help and suggestions derive from it.
    static let declaration = Command<Arguments>(
        name: name, abstract: summary,
        usage: ["fix [--dry-run] [--rule <id>…] [--insert-missing] [options] [<target page>…]"],
        discussion: discussion,
        arguments: [ArgumentDeclaration(name: "target page", repeatable: true, help: "A page of a target locale (path as on disk); repeatable.")],
        options: [
            .flag("--dry-run", help: "Print a unified diff of the changes to standard output; write nothing.", sets: \.dryRun),
            .value("--rule", "id", repeatable: true, help: "Fix only findings of this rule; repeatable.") { o, v in o.rules.append(v) },
            .flag(
                "--insert-missing",
                help: "Also insert each missing section of the source locale, untranslated, between <!-- docspec:untranslated --> marker comments.",
                sets: \.insertMissing),
        ] + DocSpecCLI.DocOptions.options.lifted(\.docs),
        exitStatus: "0 done (or, with --dry-run, nothing to fix), 1 with --dry-run when there is something to fix, 2 usage, config or I/O error."
    ) { o, c throws(DocSpecError) in
        for r in o.rules where c.rules[r] == nil {
            throw .usage("unknown rule '\(r)'\(Suggestion.hint(r, in: c.rules.ids.map(\.rawValue))) ('docspec rules' lists them)")
        }
        let (config, _) = try DocSpecCLI.prepare(name, o.docs, pages: [], c)
        return try run(config, o, c.output, currentDirectory: c.currentDirectory)
    }

    /// The command's parsed values.
    struct Arguments: CommandValues {
        var docs = DocSpecCLI.DocOptions()
        /// `--dry-run`.
        var dryRun = false
        /// `--insert-missing`.
        var insertMissing = false
        /// `--rule <id>`, in order.
        var rules: [String] = []
        /// The target pages named.
        var paths: [String] = []
        var positional: [String] {
            get { paths }
            set { paths = newValue }
        }
    }

    /// What a fix run did.
    struct Summary {
        var fixedFindings = 0
        var files: Set<String> = []
        var unfixable: [Diagnostic] = []
        var diff = ""
    }

    static func run(_ config: Config, _ args: Arguments, _ output: CLIOutput, currentDirectory: URL) throws(DocSpecError) -> Int32 {
        let root = config.root.standardizedFileURL
        let wanted = Set(args.paths.map { DocSpecCLI.resolve($0, currentDirectory: currentDirectory).standardizedFileURL.path })
        func url(_ file: String) -> URL { file.hasPrefix("/") ? URL(fileURLWithPath: file) : root.appendingPathComponent(file) }
        let targetLocales = Set(config.targetLocales.map(\.code))
        var summary = Summary()
        // A fix can uncover another (two numbers of one block that differed together): a real run
        // repeats until nothing is left to fix, so that the next run is a no-op.
        for pass in 0..<(args.dryRun ? 1 : 4) {
            let lint = Pipeline.lint(config, retention: .generationInput)
            let found = try DocSpecCLI.findings(lint.diagnostics, docSet: lint.docSet, config: config, policy: DocSpecCLI.PolicyOptions(), currentDirectory: currentDirectory)
            let targetFiles = Set(lint.docSet.pages.filter { targetLocales.contains($0.key) }.flatMap { $0.value.map(\.path) })
            let selected = found.shown.filter { d in
                guard let file = d.location?.file, targetFiles.contains(file) else { return false }
                if !args.rules.isEmpty, !args.rules.contains(d.ruleID) { return false }
                if !wanted.isEmpty, !wanted.contains(url(file).standardizedFileURL.path) { return false }
                return d.ruleID != "missing-section" || !args.insertMissing || d.fix != nil
            }
            let fixable = selected.filter { $0.fix.map { !$0.inserts || args.insertMissing } ?? false }
            if pass == 0 || fixable.isEmpty {
                summary.unfixable = selected.filter { $0.fix.map { $0.inserts && !args.insertMissing } ?? true }
            }
            if fixable.isEmpty { break }
            var appliedThisPass = 0
            for (file, diagnostics) in Dictionary(grouping: fixable, by: { $0.location!.file }).sorted(by: { $0.key < $1.key }) {
                let location = url(file)
                guard let data = FileManager.default.contents(atPath: location.path) else {
                    throw DocSpecError.io("cannot read \(file)")
                }
                let page = PageFileBytes(data)
                guard page.offsetsMatchParser else {
                    output.err("\(file): not fixed: the file has line breaks made of a lone CR\n")
                    continue
                }
                let outcome = FixApplier.apply(diagnostics.compactMap(\.fix), to: page.text)
                guard !outcome.applied.isEmpty else { continue }
                appliedThisPass += outcome.applied.count
                summary.fixedFindings += outcome.applied.count
                summary.files.insert(file)
                if args.dryRun {
                    summary.diff += FixApplier.unifiedDiff(path: file, old: page.text, edits: outcome.applied.flatMap(\.edits))
                } else {
                    do {
                        try AtomicFile.write(page.data(outcome.bytes), to: location)
                    } catch {
                        throw DocSpecError.io("cannot write \(file): \(error)")
                    }
                }
            }
            if appliedThisPass == 0 { break }
        }
        output.out(summary.diff)
        for d in summary.unfixable.sortedForOutput() {
            output.err("\(d.location.map(\.description) ?? "-"): not fixable (\(d.ruleID)): \(ControlCharacters.escaped(d.message))\n")
        }
        let verb = args.dryRun ? "would fix" : "fixed"
        output.err("docspec fix: \(verb) \(summary.fixedFindings) finding\(summary.fixedFindings == 1 ? "" : "s") in \(summary.files.count) file\(summary.files.count == 1 ? "" : "s"); \(summary.unfixable.count) not fixable (they need a translator)\n")
        return args.dryRun && summary.fixedFindings > 0 ? 1 : 0
    }
}
