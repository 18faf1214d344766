import DocDiagnostics
import MarkdownSyntax

/// A DocSpec directive: an HTML comment of the form
/// `<!-- docspec:<name> key=value key="quoted value" flag -->`.
public struct Directive: Hashable, Sendable, Codable {
    /// One attribute; `value` is `nil` for a bare flag such as `complete`.
    public struct Attribute: Hashable, Sendable, Codable {
        /// The attribute name, e.g. `kind` or `complete`.
        public var key: String
        /// The value with quotes and backslash escapes removed, or `nil` for a bare flag.
        public var value: String?
    }

    /// The directive name after `docspec:` (`table`).
    public var name: String
    /// Attributes in source order.
    public var attributes: [Attribute]
    /// Where the comment is.
    public var range: SourceRange
    /// For `docspec:setup`: the code on the lines after `docspec:setup`, up to `-->`.
    public var content: String? = nil

    /// The value of `key=value`, or `nil`.
    public func value(_ key: String) -> String? {
        attributes.first { $0.key == key }?.value ?? nil
    }

    /// Whether the attribute is present (as a flag or with a value).
    public func has(_ key: String) -> Bool {
        attributes.contains { $0.key == key }
    }

    /// A canonical text form (attributes in source order), used to compare directives across locales.
    public var canonical: String {
        (["docspec:\(name)"] + attributes.map { a in
            guard let v = a.value else { return a.key }
            let needsQuotes = v.isEmpty || v.contains { $0 == " " || $0 == "\"" || $0 == "\t" }
            return needsQuotes ? "\(a.key)=\"\(v.replacingOccurrences(of: "\"", with: "\\\""))\"" : "\(a.key)=\(v)"
        }).joined(separator: " ")
    }
}

/// Parses directive comments.
public enum DirectiveParser {
    /// Directive names this version understands.
    public static let knownNames: Set<String> = Set(["table", "setup"]).union(suppressionNames)
    /// `<!-- docspec:disable-next-block <rule-id>[,<rule-id>…] reason="…" -->`: silences those
    /// rules' findings in the next block.
    public static let suppressionName = "disable-next-block"
    /// `<!-- docspec:disable-next-line <rules> reason="…" -->`: the line right after the comment.
    public static let nextLineSuppressionName = "disable-next-line"
    /// `<!-- docspec:disable <rules> reason="…" -->` … `<!-- docspec:enable [<rules>] -->`: the
    /// lines between the two comments (to the end of the page when no `enable` follows).
    public static let rangeSuppressionName = "disable"
    /// `<!-- docspec:enable [<rules>] -->`: ends a `docspec:disable` range.
    public static let enableName = "enable"
    /// `<!-- docspec:disable-file <rules> reason="…" -->`: the whole page.
    public static let fileSuppressionName = "disable-file"
    /// The suppression comments (see `Suppressions` in DocSpecKit). Their first word, unless it
    /// is an attribute, is the comma-separated rule list, kept as the attribute `rules`; the rule
    /// ids and the reason are checked by the caller, which knows the rules.
    public static let suppressionNames: Set<String> = [
        suppressionName, nextLineSuppressionName, rangeSuppressionName, enableName, fileSuppressionName,
    ]

    /// Parses an HTML block's literal.
    ///
    /// - Returns: `nil` when the block is not a DocSpec directive at all; `.success` with the
    ///   directive; `.failure` with a `malformed-directive` or `unknown-directive` diagnostic when it
    ///   starts with `docspec:`, or with `docspec` and carries `kind=`/`symbol=`, but cannot be read.
    public static func parse(htmlBlock literal: String, range: SourceRange) -> Result<Directive, DiagnosticError>? {
        var text = Substring(literal.trimmingSpaces)
        guard text.hasPrefix("<!--") else { return nil }
        text = text.dropFirst(4)
        let body = text.drop { (c: Character) -> Bool in c.isWhitespace }
        // `docspec:` starts a directive. Anything else that merely starts with "docspec" is an
        // ordinary comment ("DocSpec tables below…", "docspec-ignore"), unless it carries
        // directive attributes, in which case it is a directive with a typo.
        if !body.hasPrefix("docspec:") {
            let lower = body.lowercased()
            guard lower.hasPrefix("docspec") else { return nil }
            let next = lower.dropFirst("docspec".count).first
            let looksLikeAttempt = (next == nil || !(next?.isLetter ?? false)) && (lower.contains("kind=") || lower.contains("symbol="))
            guard looksLikeAttempt else { return nil }
        }
        let at = range.start
        guard text.hasSuffix("-->") else {
            return .failure(DiagnosticError(.error("malformed-directive", "directive comment is not closed with '-->' on its own block", at: at)))
        }
        var inner = body.dropLast(3)
        guard inner.hasPrefix("docspec:") else {
            return .failure(DiagnosticError(.error("malformed-directive", "expected 'docspec:<name>' at the start of the directive, e.g. '<!-- docspec:table kind=error-codes symbol=APIError -->'", at: at)))
        }
        inner = inner.dropFirst("docspec:".count)
        var scanner = AttributeScanner(text: inner)
        let name = scanner.word()
        guard !name.isEmpty else {
            return .failure(DiagnosticError(.error("malformed-directive", "directive name missing after 'docspec:'", at: at)))
        }
        guard knownNames.contains(name) else {
            return .failure(DiagnosticError(.error("unknown-directive", "unknown directive 'docspec:\(name)'; known: \(knownNames.sorted().joined(separator: ", "))", at: at)))
        }
        if name == "setup" {
            // `<!-- docspec:setup` on its own line, then code lines, then `-->`.
            let rest = scanner.text
            let firstLine = rest.prefix { $0 != "\n" }
            guard firstLine.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }), firstLine.count < rest.count else {
                return .failure(DiagnosticError(.error(
                    "malformed-directive", "'docspec:setup' takes no attributes: put it alone on the comment's first line and the setup code on the lines after it", at: at)))
            }
            var code = String(rest.dropFirst(firstLine.count + 1))
            // The closing `-->` usually stands on its own line: drop the trailing blank part.
            while let last = code.last, last == " " || last == "\t" { code.removeLast() }
            return .success(Directive(name: name, attributes: [], range: range, content: code))
        }
        var attributes: [Directive.Attribute] = []
        if suppressionNames.contains(name) {
            // The first word, unless it is an attribute, is the comma-separated rule list.
            scanner.skipSpace()
            let list = scanner.text.prefix { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r") }
            if !list.isEmpty, !list.contains("="), !list.contains("\"") {
                scanner.text = scanner.text.dropFirst(list.count)
                attributes.append(.init(key: "rules", value: String(list)))
            }
        }
        while true {
            scanner.skipSpace()
            if scanner.atEnd { break }
            let key = scanner.word()
            guard !key.isEmpty else {
                return .failure(DiagnosticError(.error("malformed-directive", "unexpected character '\(scanner.peek.map(String.init) ?? "")' in directive; attributes are key=value, key=\"value\" or flag", at: at)))
            }
            if attributes.contains(where: { $0.key == key }) {
                return .failure(DiagnosticError(.error("malformed-directive", "attribute '\(key)' is given twice", at: at)))
            }
            if scanner.consume("=") {
                switch scanner.value() {
                case .some(let v): attributes.append(.init(key: key, value: v))
                case .none:
                    return .failure(DiagnosticError(.error("malformed-directive", "attribute '\(key)=' has no value or an unterminated quote", at: at)))
                }
            } else {
                attributes.append(.init(key: key, value: nil))
            }
        }
        return .success(Directive(name: name, attributes: attributes, range: range))
    }

    private struct AttributeScanner {
        var text: Substring
        var atEnd: Bool { text.isEmpty }
        var peek: Character? { text.first }

        mutating func skipSpace() {
            text = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        }

        mutating func word() -> String {
            let w = text.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
            text = text.dropFirst(w.count)
            return String(w)
        }

        mutating func consume(_ c: Character) -> Bool {
            guard text.first == c else { return false }
            text = text.dropFirst()
            return true
        }

        mutating func value() -> String? {
            if consume("\"") {
                var out = ""
                while let c = text.first {
                    text = text.dropFirst()
                    if c == "\\", let n = text.first {
                        out.append(n)
                        text = text.dropFirst()
                    } else if c == "\"" {
                        return out
                    } else {
                        out.append(c)
                    }
                }
                return nil
            }
            let v = text.prefix { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r") }
            text = text.dropFirst(v.count)
            return v.isEmpty ? nil : String(v)
        }
    }
}

/// A diagnostic carried as an error value.
public struct DiagnosticError: Error, Hashable, Sendable {
    /// The diagnostic this error carries.
    public var diagnostic: Diagnostic
    /// Wraps `diagnostic` as an error.
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
