import Foundation

/// A small declarative command-line layer in the style of swift-argument-parser: each command is
/// one `CommandDeclaration` value (name, abstract, arguments, options with their value types,
/// run), and parsing, `--help` text and "did you mean" suggestions are all derived from it.

/// One option of a command: `--name`, or `--name <value>` (also `--name=<value>`).
struct OptionDeclaration: Sendable {
    /// The option's name with its dashes, e.g. `--format`.
    var name: String
    /// A one-letter alias with its dash, e.g. `-q`, or `nil`.
    var short: String? = nil
    /// The value's placeholder without brackets (`file`, `code>=<dir`), or `nil` for a flag.
    var valueName: String?
    /// The values accepted, in the order help lists them, or `nil` for any value.
    var choices: [String]? = nil
    /// Whether the option may be given more than once (values are then collected).
    var repeatable = false
    /// One line of help: starts with a capital letter, ends with a period.
    var help: String
    /// Stores the value (`""` for a flag) in the parsed options; throws for a malformed value.
    var apply: @Sendable (inout DocSpecCLI.Options, String) throws(DocSpecError) -> Void

    /// A flag (no value).
    static func flag(
        _ name: String, short: String? = nil, help: String, _ apply: @escaping @Sendable (inout DocSpecCLI.Options) -> Void
    ) -> OptionDeclaration {
        OptionDeclaration(name: name, short: short, valueName: nil, help: help) { o, _ in apply(&o) }
    }

    /// An option with a value.
    static func value(
        _ name: String, _ valueName: String, choices: [String]? = nil, repeatable: Bool = false, help: String,
        _ apply: @escaping @Sendable (inout DocSpecCLI.Options, String) throws(DocSpecError) -> Void
    ) -> OptionDeclaration {
        OptionDeclaration(name: name, valueName: valueName, choices: choices, repeatable: repeatable, help: help, apply: apply)
    }

    /// `--format <text|json>` as help and usage show it: the choices when they fit the column,
    /// else the value's name (`--format <format>`; the help text then names the values).
    var synopsis: String {
        let names = (short.map { "\($0), " } ?? "") + name
        guard let valueName else { return names }
        if let choices, names.count + choices.joined(separator: "|").count + 3 <= 22 { return "\(names) <\(choices.joined(separator: "|"))>" }
        return "\(names) <\(valueName)>"
    }
}

/// A positional argument.
struct ArgumentDeclaration: Sendable {
    /// The placeholder, e.g. `page`.
    var name: String
    /// Whether it may be given any number of times (else at most once).
    var repeatable: Bool
    /// Whether it must be given.
    var required = false
    /// The values accepted, or `nil` for any.
    var choices: [String]? = nil
    /// One line of help.
    var help: String
}

/// Everything about one command: what parsing accepts, what `--help` prints, what runs.
struct CommandDeclaration: Sendable {
    /// The command's name, e.g. `lint`.
    var name: String
    /// One line: what the command does.
    var abstract: String
    /// The usage lines after `docspec ` (derived from the declaration when empty).
    var usage: [String] = []
    /// Paragraphs printed between USAGE and the arguments, or `""`.
    var discussion: String = ""
    /// The positional arguments, in order.
    var arguments: [ArgumentDeclaration] = []
    /// The options, in the order help lists them (`-h, --help` is added to every command).
    var options: [OptionDeclaration]
    /// The EXIT STATUS paragraph.
    var exitStatus: String
    /// What the format option defaults to, when the command has `--format`.
    var defaultFormat: String? = nil
    /// Runs the command on the parsed options.
    var run: @Sendable (DocSpecCLI.Options, DocSpecCLI.Context) throws(DocSpecError) -> Int32

    /// `-h, --help`, which every command has.
    static let helpOption = OptionDeclaration.flag("--help", short: "-h", help: "Show help information.") { _ in }

    /// The option called `name` (long or short form).
    func option(_ name: String) -> OptionDeclaration? {
        options.first { $0.name == name || $0.short == name }
    }

    /// Parses `arguments` (after the command name) into options: every option must be declared,
    /// with a value where it takes one, from its `choices` when it has them, and at most once
    /// unless repeatable; positional arguments must fit `arguments`.
    ///
    /// - Parameter all: every command, to point at the command an option belongs to.
    /// - Throws: `DocSpecError.usage` with a suggestion for near misses ("did you mean --format?").
    func parse(_ arguments: [String], all: [CommandDeclaration]) throws(DocSpecError) -> DocSpecCLI.Options {
        var o = DocSpecCLI.Options()
        if let defaultFormat { o.format = defaultFormat }
        var given: Set<String> = []
        var i = 0
        var onlyPositional = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if !onlyPositional, a == "--" {
                onlyPositional = true
                continue
            }
            guard !onlyPositional, a.hasPrefix("-"), a != "-" else {
                o.positional.append(a)
                continue
            }
            var flag = a
            var inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                flag = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            guard let option = option(flag) else { throw unknownOption(a, flag: flag, all: all) }
            if given.contains(option.name), !option.repeatable { throw .usage("\(option.name) is given twice") }
            given.insert(option.name)
            guard option.valueName != nil else {
                if inline != nil { throw .usage("'\(flag)' takes no value") }
                try option.apply(&o, "")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw .usage("missing value for '\(flag)'") }
                value = arguments[i]
                i += 1
            }
            if let choices = option.choices, !choices.contains(value) {
                throw .usage(choices.count == 1
                    ? "\(name) supports \(option.name) \(choices[0]) only (got '\(value)')"
                    : "\(option.name) must be \(Self.list(choices)) (got '\(value)')\(Suggestion.hint(value, in: choices))")
            }
            try option.apply(&o, value)
        }
        try checkPositional(o.positional)
        return o
    }

    func unknownOption(_ argument: String, flag: String, all: [CommandDeclaration]) -> DocSpecError {
        let names = options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) } + ["--help", "-h"]
        if let near = Suggestion.nearest(flag, in: names) {
            return .usage("unknown option '\(argument)'; did you mean '\(near)'?")
        }
        let owners = all.filter { $0.option(flag) != nil }.map(\.name)
        if !owners.isEmpty {
            return .usage("unknown option '\(argument)' for \(name) (it is an option of \(owners.map { "'docspec \($0)'" }.joined(separator: ", ")))")
        }
        return .usage("unknown option '\(argument)'")
    }

    func checkPositional(_ values: [String]) throws(DocSpecError) {
        var rest = values[...]
        for argument in arguments {
            if argument.required, rest.isEmpty { throw .usage("\(name) needs <\(argument.name)>: \(argument.help)") }
            let taken = argument.repeatable ? rest : rest.prefix(1)
            if let choices = argument.choices, let bad = taken.first(where: { !choices.contains($0) }) {
                throw .usage("\(name): '\(bad)' is not \(Self.list(choices))\(Suggestion.hint(bad, in: choices))")
            }
            rest = rest.dropFirst(taken.count)
        }
        if let extra = rest.first {
            throw .usage(arguments.isEmpty
                ? "unexpected argument '\(extra)': 'docspec \(name)' takes options only"
                : "unexpected argument '\(extra)' (\(name) takes \(arguments.map { "<\($0.name)>" }.joined(separator: " ")))")
        }
    }

    /// `a, b or c`.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// The usage lines, as declared or derived: `docspec lint [<options>] [<page>…]`.
    var usageLines: [String] {
        if !usage.isEmpty { return usage.map { "docspec \($0)" } }
        var parts = ["docspec", name]
        parts += arguments.filter { $0.choices != nil }.map { "<\($0.name)>" }
        if !options.isEmpty { parts.append("[options]") }
        for a in arguments where a.choices == nil {
            let item = "<\(a.name)>" + (a.repeatable ? "…" : "")
            parts.append(a.required ? item : "[\(item)]")
        }
        return [parts.joined(separator: " ")]
    }

    /// The `--help` text: OVERVIEW, USAGE, the discussion, ARGUMENTS, OPTIONS and EXIT STATUS.
    /// Option help starts in one column (on the next line after a long option).
    var help: String {
        var s = "OVERVIEW: \(abstract)\n\n"
        let usage = usageLines
        s += "USAGE: \(usage[0])\n"
        for line in usage.dropFirst() { s += "       \(line)\n" }
        if !discussion.isEmpty { s += "\n\(discussion)\n" }
        func row(_ left: String, _ text: String) -> String {
            left.count <= 22 ? "  \(left.padding(toLength: 24, withPad: " ", startingAt: 0))\(text)\n" : "  \(left)\n\(String(repeating: " ", count: 26))\(text)\n"
        }
        if !arguments.isEmpty {
            s += "\nARGUMENTS:\n"
            for a in arguments { s += row("<\(a.name)>", a.help) }
        }
        s += "\nOPTIONS:\n"
        for o in options + [Self.helpOption] { s += row(o.synopsis, o.help) }
        s += "\nEXIT STATUS: \(exitStatus)\n"
        return s
    }
}
