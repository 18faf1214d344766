/// Renders diagnostics as GitHub Actions workflow commands (annotations):
///
///     ::error file=docs-ru/errors.md,line=17,col=26,title=cell-mismatch::'code' of row …
///     ::notice file=docs-ja/errors.md,line=17,col=26,title=note (cell-mismatch)::the cell in …
///
/// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step, so at most
/// `perStepLimit` of each kind are written; the rest are counted in `Rendered.omitted`, and
/// callers list every finding in the step summary (`summaryMarkdown(_:heading:)`).
public struct GitHubActionsRenderer: Sendable {
    /// Annotations of one kind (error, warning, notice) that GitHub shows per step.
    public static let perStepLimit = 10

    /// The annotations of each kind to write at most.
    public var limit: Int

    /// Creates a renderer writing at most `limit` annotations of each kind.
    public init(limit: Int = GitHubActionsRenderer.perStepLimit) { self.limit = limit }

    /// What `render(_:reservingNotice:)` produced.
    public struct Rendered: Sendable, Equatable {
        /// The workflow command lines, each ending in `\n`.
        public var commands: String
        /// Findings (diagnostics, not notes) that got no annotation because of the caps.
        public var omitted: Int
        /// Notes that got no annotation because of the notice cap.
        public var omittedNotes: Int
    }

    /// Renders the diagnostics in order: each as `::error`, `::warning` or `::notice`, followed
    /// by its notes with a location as `::notice`. With `reservingNotice`, one notice is kept
    /// free for the caller's own message (e.g. "N more findings are in the step summary").
    public func render(_ diagnostics: [Diagnostic], reservingNotice: Bool = false) -> Rendered {
        var out = ""
        var used: [Severity: Int] = [:]
        let noticeLimit = reservingNotice ? max(0, limit - 1) : limit
        var omitted = 0
        var omittedNotes = 0
        func cap(_ s: Severity) -> Int { s == .note ? noticeLimit : limit }
        for d in diagnostics {
            guard used[d.severity, default: 0] < cap(d.severity) else {
                omitted += 1
                continue
            }
            used[d.severity, default: 0] += 1
            out += Self.command(Self.name(d.severity), location: d.location, title: d.ruleID, message: d.message)
            for note in d.notes {
                guard let at = note.location else { continue }
                guard used[.note, default: 0] < noticeLimit else {
                    omittedNotes += 1
                    continue
                }
                used[.note, default: 0] += 1
                out += Self.command("notice", location: at, title: "note (\(d.ruleID))", message: note.message)
            }
        }
        return Rendered(commands: out, omitted: omitted, omittedNotes: omittedNotes)
    }

    static func name(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// One workflow command line: `::<name> file=…,line=…,col=…,title=…::<message>`.
    public static func command(_ name: String, location: SourceLocation?, title: String?, message: String) -> String {
        var properties: [String] = []
        if let location {
            properties.append("file=\(escapeProperty(location.file))")
            properties.append("line=\(location.line)")
            properties.append("col=\(location.column)")
        }
        if let title { properties.append("title=\(escapeProperty(title))") }
        let head = properties.isEmpty ? "::\(name)" : "::\(name) \(properties.joined(separator: ","))"
        return "\(head)::\(escapeData(message))\n"
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`, and every other
    /// control character as `\u{1B}` (see `ControlCharacters`), so page text cannot end the
    /// command or reach the log raw.
    public static func escapeData(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if ControlCharacters.isEscaped(c) {
                    out += ControlCharacters.escaped(String(c))
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// Escapes a property value: as `escapeData`, and also `:` → `%3A`, `,` → `%2C`.
    public static func escapeProperty(_ s: String) -> String {
        var out = ""
        for c in escapeData(s).unicodeScalars {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A Markdown step summary listing every finding: a heading, a count line, and a table with
    /// severity, location, rule and message (pipes and line breaks in cells escaped).
    public func summaryMarkdown(_ diagnostics: [Diagnostic], heading: String, counts: String) -> String {
        var md = "## \(heading)\n\n\(counts)\n\n"
        guard !diagnostics.isEmpty else { return md + "No findings.\n\n" }
        md += "| severity | location | rule | message |\n|---|---|---|---|\n"
        for d in diagnostics {
            var message = d.message
            for note in d.notes {
                message += "\n↳ " + (note.location.map { "\($0.file):\($0.line):\($0.column): " } ?? "") + note.message
            }
            md += "| \(d.severity.rawValue) | \(Self.cell(d.location?.description ?? "—")) | `\(d.ruleID)` | \(Self.cell(message)) |\n"
        }
        return md + "\n"
    }

    static func cell(_ s: String) -> String {
        var out = ""
        for c in ControlCharacters.escaped(s, keeping: ["\n", "\r"]) {
            switch c {
            case "|": out += "\\|"
            case "\n": out += "<br>"
            case "\r": break
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.append(c)
            }
        }
        return out
    }
}
