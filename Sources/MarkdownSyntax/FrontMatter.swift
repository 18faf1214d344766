import CYAML
import DocDiagnostics

/// A YAML value from front matter or a config file, parsed by libyaml. Mappings keep their key
/// order. Scalars keep their text (no type resolution: `1` and `"1"` are both the string `1`).
public indirect enum YAMLValue: Hashable, Sendable {
    /// A scalar's text, unresolved (numbers and booleans stay text).
    case scalar(String)
    /// A sequence's items, in order.
    case sequence([YAMLValue])
    /// A mapping's entries, in source order (repeated keys are kept).
    case mapping([YAMLEntry])

    /// The value for `key` when this is a mapping.
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text when this is a scalar, else `nil`.
    public var string: String? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    /// The items when this is a sequence, else `nil`.
    public var array: [YAMLValue]? {
        if case .sequence(let a) = self { return a }
        return nil
    }

    /// The key/value pairs in source order when this is a mapping, else `nil`.
    public var entries: [YAMLEntry]? {
        if case .mapping(let e) = self { return e }
        return nil
    }
}

/// A key/value pair of a YAML mapping, with the 1-based line of the key within the YAML text.
public struct YAMLEntry: Hashable, Sendable {
    /// The key's text.
    public var key: String
    /// The value the key maps to.
    public var value: YAMLValue
    /// 1-based line of the key within the YAML text (not within the page).
    public var line: Int
}

/// A YAML syntax error: message and 1-based line/column within the YAML text.
public struct YAMLError: Error, Hashable, Sendable {
    /// libyaml's problem description (with its context when given), or DocSpec's own message.
    public var message: String
    /// 1-based line within the YAML text.
    public var line: Int
    /// 1-based column within the YAML text, in Unicode scalars (libyaml counts characters).
    public var column: Int
}

/// YAML front matter of a page: the block between a leading `---` line and the next `---` or
/// `...` line.
public struct FrontMatter: Hashable, Sendable {
    /// The parsed value (a mapping for well-formed front matter; `.mapping([])` when empty).
    public var value: YAMLValue
    /// The raw YAML text (without the delimiter lines).
    public var text: String
    /// Lines of the file the front matter occupies, delimiters included (1-based, inclusive).
    public var lines: ClosedRange<Int>

    /// The scalar value of a top-level key, e.g. `id` or `title`.
    public func string(_ key: String) -> String? { value[key]?.string }

    /// The 1-based line of the file on which a top-level key stands, or `nil` without that key.
    public func fileLine(of key: String) -> Int? {
        guard let entry = value.entries?.first(where: { $0.key == key }) else { return nil }
        return lines.lowerBound + entry.line
    }
}

/// Parses YAML text with libyaml into a `YAMLValue`.
public enum YAMLParser {
    /// Parses one YAML document. Empty text gives an empty mapping.
    ///
    /// - Throws: `YAMLError` with libyaml's problem description and its line/column (1-based,
    ///   relative to `text`).
    public static func parse(_ text: String) throws(YAMLError) -> YAMLValue {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(message: "cannot initialise the YAML parser", line: 1, column: 1)
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLValue in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    let context = parser.context.map { String(cString: $0) }
                    let message = context.map { "\(problem) \($0)" } ?? problem
                    throw YAMLError(
                        message: message, line: Int(parser.problem_mark.line) + 1,
                        column: Int(parser.problem_mark.column) + 1)
                }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    if let keyLine = builder.complexKeyLine {
                        throw YAMLError(message: "a mapping key must be a plain value, not a list or mapping", line: keyLine, column: 1)
                    }
                    return builder.result ?? .mapping([])
                case YAML_DOCUMENT_START_EVENT where builder.result != nil:
                    throw YAMLError(message: "only one YAML document is allowed (a second '---' starts another)", line: line, column: 1)
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
                    builder.add(.scalar(value), line: line)
                case YAML_SEQUENCE_START_EVENT:
                    builder.open(.sequence([]), line: line)
                case YAML_MAPPING_START_EVENT:
                    builder.open(.mapping([]), line: line)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    builder.close()
                case YAML_ALIAS_EVENT:
                    throw YAMLError(message: "YAML aliases (*name) are not supported", line: line, column: Int(event.start_mark.column) + 1)
                default:
                    break
                }
            }
        }
    }

    /// Builds the value tree from libyaml's event stream.
    private struct Builder {
        struct Frame {
            var value: YAMLValue
            var line: Int
            var pendingKey: (String, Int)?
        }
        var stack: [Frame] = []
        var result: YAMLValue?
        /// The line of the first mapping key that is not a scalar.
        var complexKeyLine: Int?

        mutating func open(_ container: YAMLValue, line: Int) {
            stack.append(Frame(value: container, line: line, pendingKey: nil))
        }

        mutating func close() {
            guard let frame = stack.popLast() else { return }
            add(frame.value, line: frame.line)
        }

        mutating func add(_ value: YAMLValue, line: Int) {
            guard var top = stack.popLast() else {
                if result == nil { result = value }
                return
            }
            switch top.value {
            case .sequence(var items):
                items.append(value)
                top.value = .sequence(items)
            case .mapping(var entries):
                if let (key, keyLine) = top.pendingKey {
                    entries.append(YAMLEntry(key: key, value: value, line: keyLine))
                    top.pendingKey = nil
                    top.value = .mapping(entries)
                } else {
                    // Keys must be plain scalars; a list or mapping as a key is reported by
                    // the parser (see `complexKeyLine`) and kept here under a readable name.
                    let key: String
                    if case .scalar(let s) = value {
                        key = s
                    } else {
                        key = "(complex key)"
                        if complexKeyLine == nil { complexKeyLine = line }
                    }
                    top.pendingKey = (key, line)
                }
            case .scalar:
                break
            }
            stack.append(top)
        }
    }
}

/// Splits YAML front matter off the top of a page.
enum FrontMatterSplitter {
    struct Result {
        var frontMatter: FrontMatter?
        var diagnostics: [Diagnostic]
        /// The page opens front matter with `---` and no closing delimiter follows in `bytes`.
        var unclosed = false
    }

    /// Reads the front matter of `bytes` and blanks its lines in place (newlines kept, so line
    /// numbers match): `bytes` becomes the body cmark-gfm parses, with no copy of the page.
    static func split(_ bytes: inout [UInt8], path: String) -> Result {
        guard bytes.starts(with: Array("---".utf8)) else {
            return Result(frontMatter: nil, diagnostics: [])
        }
        func text(_ r: Range<Int>) -> String {
            var s = String(decoding: bytes[r], as: UTF8.self)
            if s.hasSuffix("\r") { s.removeLast() }
            return s
        }
        // Delimiters start at column 1: an indented `---` inside a block scalar is content.
        func isDelimiter(_ r: Range<Int>, _ marks: [String]) -> Bool {
            var t = Substring(text(r))
            while let l = t.last, l == " " || l == "\t" { t.removeLast() }
            return marks.contains(String(t))
        }
        // Lines as byte ranges, up to the closing delimiter (the rest of the page is not split).
        var lines: [Range<Int>] = []
        var start = 0
        var close: Int?
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = start..<end
            lines.append(line)
            start = end + 1
            if lines.count == 1 {
                guard isDelimiter(line, ["---"]) else { return Result(frontMatter: nil, diagnostics: []) }
            } else if isDelimiter(line, ["---", "..."]) {
                close = lines.count - 1
                break
            }
        }
        guard let closeIndex = close else {
            return Result(
                frontMatter: nil,
                diagnostics: [
                    .error(
                        "front-matter", "front matter opened with '---' is never closed; add a '---' line after it",
                        at: SourceLocation(file: path, line: 1))
                ],
                unclosed: true)
        }
        let yamlText = lines[1..<closeIndex].map(text).joined(separator: "\n")
        var diagnostics: [Diagnostic] = []
        var value: YAMLValue = .mapping([])
        do {
            value = try YAMLParser.parse(yamlText)
            if case .mapping(let entries) = value {
                var seen: [String: Int] = [:]
                for e in entries {
                    if let first = seen[e.key] {
                        diagnostics.append(.error(
                            "front-matter", "front matter key '\(e.key)' is given twice (first on line \(first + 1)); the first value is used",
                            at: SourceLocation(file: path, line: e.line + 1)))
                    } else {
                        seen[e.key] = e.line
                    }
                }
            } else {
                diagnostics.append(.error("front-matter", "front matter must be a YAML mapping (key: value lines)", at: SourceLocation(file: path, line: 2)))
                value = .mapping([])
            }
        } catch {
            // libyaml reports an error found at the end of the text (an unclosed `[`) on the line
            // after it, which is the closing delimiter: report it after the last YAML character.
            var (line, column) = (error.line, error.column)
            if line >= closeIndex, closeIndex > 1 {
                line = closeIndex - 1
                column = text(lines[line]).unicodeScalars.count + 1
            }
            diagnostics.append(
                .error("front-matter", "malformed front matter: \(error.message)",
                       at: SourceLocation(file: path, line: line + 1, column: column)))
        }
        // Blank the front matter, keeping every newline.
        let end = lines[closeIndex].upperBound
        for i in 0..<end where bytes[i] != UInt8(ascii: "\n") {
            bytes[i] = UInt8(ascii: " ")
        }
        let fm = FrontMatter(value: value, text: yamlText, lines: 1...(closeIndex + 1))
        return Result(frontMatter: fm, diagnostics: diagnostics)
    }
}
