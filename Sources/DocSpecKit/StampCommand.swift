import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// `docspec stamp`: records in each translation the source content hashes it now corresponds to
/// (front matter `translation-of`), after a reviewer has checked it. `stale-translation` then
/// names each source section that changes afterwards.
extension DocSpecCLI {
    static let stampDiscussion = """
        Writes the source page's content hashes (whole page and per section) into the front matter
        of each given target-locale page, or of every target page when none is given:

          translation-of:
            locale: ja
            hash: 3f2a9c0e1b7d4a55
            sections:
              _intro: 9d1e0c2b7a6f3e18
              overview: 51c0aa7e02d94b36

        Only the 'translation-of' key is replaced (or added, creating front matter if the page has
        none); everything else in the file is kept byte for byte. Files are written atomically.
        Run it after reviewing a translation; 'docspec lint' then reports each source section that
        changed since (stale-translation).
        """

    static func stamp(
        _ config: Config, _ found: [DocSet.LocaleFiles], paths: [String], checkOnly: Bool, output: CLIOutput, currentDirectory: URL
    ) throws(DocSpecError) -> Int32 {
        let docs = DocSet.load(config, driftModel: false, discovered: found)
        let source = docs.pages[config.source] ?? []
        var wanted = Dictionary(paths.map { (resolve($0, currentDirectory: currentDirectory).path, $0) }, uniquingKeysWith: { a, _ in a })
        // Pages whose front matter cannot be read are not touched: their diagnostics say why.
        let unreadableFrontMatter = Set(docs.diagnostics.filter { $0.ruleID == "front-matter" }.compactMap { $0.location?.file })
        var stale: [String] = []
        var written: [String] = []
        var upToDate = 0
        var problems: [Diagnostic] = []
        // A page that cannot be read or decoded (unreadable, NUL byte, not UTF-8) is in no pair:
        // report it instead of skipping it. With page arguments, only the pages named.
        let unreadable = docs.diagnostics.filter { ["invalid-utf8", "unreadable-file"].contains($0.ruleID) && $0.location != nil }
        if paths.isEmpty {
            problems += unreadable
        } else {
            for (key, _) in wanted {
                let shown = DocSet.displayPath(URL(fileURLWithPath: key), root: config.root)
                let found = unreadable.filter { $0.location?.file == shown }
                if !found.isEmpty {
                    problems += found
                    wanted.removeValue(forKey: key)
                }
            }
        }
        let pairsByLocale = config.targetLocales.map { locale in
            (locale, PageSetRule.pair(
                source: source, target: docs.pages[locale.code] ?? [], sourceLocale: config.source, targetLocale: locale.code).pairs)
        }
        // A named page without a pair may be the translation of a source page that cannot be read.
        let unreadableSources = unreadable.filter { d in
            config.sourceLocale.map { d.location!.file.hasPrefix(DocSet.displayPath(config.url(for: $0), root: config.root) + "/") } ?? false
        }
        func notTranslated(_ path: String) -> DocSpecError {
            .usage("'\(path)' is not a translated page of a target locale (\(config.targetLocales.map { "\($0.code): \($0.directory)" }.joined(separator: ", "))) with a source page in \(config.source)")
        }
        // A named page that is no translated page is a usage error before anything is written.
        if !paths.isEmpty, unreadableSources.isEmpty {
            var left = wanted
            for (locale, pairs) in pairsByLocale {
                for pair in pairs {
                    left.removeValue(forKey: config.url(for: locale).appendingPathComponent(pair.target.relativePath).standardizedFileURL.path)
                }
            }
            if let (_, path) = left.first { throw notTranslated(path) }
        }
        for (locale, pairs) in pairsByLocale {
            for pair in pairs {
                let url = config.url(for: locale).appendingPathComponent(pair.target.relativePath).standardizedFileURL
                if !paths.isEmpty, wanted.removeValue(forKey: url.path) == nil { continue }
                let now = TranslationStamp.current(for: pair.source)
                if case .stamp(let recorded) = TranslationStamp.read(pair.target.frontMatter, path: pair.target.path), recorded == now {
                    upToDate += 1
                    continue
                }
                if unreadableFrontMatter.contains(pair.target.path) {
                    problems += docs.diagnostics.filter { $0.ruleID == "front-matter" && $0.location?.file == pair.target.path }
                    continue
                }
                if checkOnly {
                    let recorded = pair.target.frontMatter?.fileLine(of: TranslationStamp.key)
                    output.err("\(ControlCharacters.escaped(pair.target.path)):\(recorded ?? 1): \(recorded == nil ? "no translation-of stamp" : "the translation-of stamp is out of date") (source: \(ControlCharacters.escaped(pair.source.path)))\n")
                    stale.append(pair.target.path)
                    continue
                }
                do {
                    let bytes = [UInt8](try Data(contentsOf: url))
                    if bytes.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }).starts(with: Array("+++".utf8)) {
                        problems.append(.error(
                            "front-matter", "TOML front matter ('+++') cannot hold a translation-of stamp; write the page's front matter in YAML ('---')",
                            at: SourceLocation(file: pair.target.path, line: 1)))
                        continue
                    }
                    try AtomicFile.write(Data(FrontMatterEditor.setting(TranslationStamp.key, to: now.yamlLines(), in: bytes)), to: url)
                    written.append(pair.target.path)
                } catch {
                    throw .io("cannot write '\(pair.target.path)': \(error.localizedDescription)")
                }
            }
        }
        if !wanted.isEmpty, !paths.isEmpty, !unreadableSources.isEmpty {
            problems += unreadableSources
            wanted.removeAll()
        }
        if let (_, path) = wanted.first { throw notTranslated(path) }
        output.err(errorRenderer(output, root: config.root).render(problems.sortedForOutput()))
        let skipped = problems.isEmpty ? "" : "; \(Set(problems.compactMap { $0.location?.file }).count) not stamped (see above)"
        if checkOnly {
            output.out("docspec stamp --check: \(stale.count) page\(stale.count == 1 ? "" : "s") with a missing or outdated stamp, \(upToDate) up to date\(skipped) (nothing was written)\n")
            return stale.isEmpty && problems.isEmpty ? 0 : 1
        }
        output.out("docspec stamp: \(written.count) page\(written.count == 1 ? "" : "s") stamped, \(upToDate) already up to date\(skipped)\n")
        return problems.isEmpty ? 0 : 1
    }
}

/// Edits one top-level key of a page's YAML front matter as text, keeping every other byte:
/// comments, key order, quoting and line endings (a CRLF file gets CRLF lines, a CR file CR lines).
enum FrontMatterEditor {
    /// `bytes` with `key` and its indented lines replaced by `lines` (given without line endings;
    /// the first is `key:`), or `lines` added at the end of the front matter when the key is not
    /// there, or a new front matter holding only `lines` when the page has none.
    static func setting(_ key: String, to lines: [String], in bytes: [UInt8]) -> [UInt8] {
        let bom: [UInt8] = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
        let body = Array(bytes.dropFirst(bom.count))
        // Lines with their endings: LF, CRLF or a lone CR (classic Mac), as the parser reads them.
        var fileLines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < body.count {
            if body[i] == 13, i + 1 < body.count, body[i + 1] == 10 { i += 1 }
            if body[i] == 10 || body[i] == 13 {
                fileLines.append(body[start...i])
                start = i + 1
            }
            i += 1
        }
        if start < body.count { fileLines.append(body[start...]) }
        // New lines get the first line's ending.
        let eol: [UInt8]
        switch (fileLines.first?.dropLast().last, fileLines.first?.last) {
        case (13?, 10?): eol = [13, 10]
        case (_, 13?): eol = [13]
        default: eol = [10]
        }
        let newLines = lines.flatMap { Array($0.utf8) + eol }

        func content(_ line: ArraySlice<UInt8>) -> [UInt8] {
            var c = Array(line)
            while let l = c.last, l == 10 || l == 13 || l == 32 || l == 9 { c.removeLast() }
            return c
        }
        let open = fileLines.first.map(content) == Array("---".utf8)
        let close = open ? fileLines.indices.dropFirst().first { ["---", "..."].map { Array($0.utf8) }.contains(content(fileLines[$0])) } : nil
        guard let close else {
            // No front matter: add one.
            return bom + Array("---".utf8) + eol + newLines + Array("---".utf8) + eol + body
        }
        let keyBytes = Array(key.utf8)
        func isKeyLine(_ line: ArraySlice<UInt8>) -> Bool {
            guard line.starts(with: keyBytes) else { return false }
            let after = line.dropFirst(keyBytes.count).drop { $0 == 32 || $0 == 9 }
            return after.first == UInt8(ascii: ":")
        }
        func isIndentedOrBlank(_ line: ArraySlice<UInt8>) -> Bool {
            line.first == 32 || line.first == 9 || content(line).isEmpty
        }
        var out = fileLines
        if let at = (1..<close).first(where: { isKeyLine(fileLines[$0]) }) {
            var end = at + 1
            while end < close, isIndentedOrBlank(fileLines[end]) { end += 1 }
            while end > at + 1, content(fileLines[end - 1]).isEmpty { end -= 1 }
            // A last line without a line ending cannot be inside the front matter (the closing
            // delimiter follows it), so every replaced line had one.
            out.replaceSubrange(at..<end, with: [newLines[...]])
        } else {
            out.insert(newLines[...], at: close)
        }
        return bom + out.flatMap { $0 }
    }
}
