import Foundation

/// A small declarative command-line layer in the style of swift-argument-parser: each command is
/// one `Command` value (name, abstract, arguments, options with their value types, run). Its
/// options store into the command's own values type, so a command cannot see or accept another
/// command's options; parsing, `--help` text and "did you mean" suggestions are all derived from
/// that one declaration.

/// The parsed values of one command: a type of its own, with its defaults as `init()` sets them.
protocol CommandValues: Sendable {
    init()
    /// The positional arguments, in order.
    var positional: [String] { get set }
}

/// One option of a command whose parsed values are `Values`: `--name`, or `--name <value>`
/// (also `--name=<value>`).
struct OptionDeclaration<Values>: Sendable {
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
    /// Stores the value (`""` for a flag) in the parsed values; throws for a malformed value.
    var apply: @Sendable (inout Values, String) throws(DocSpecError) -> Void

    /// A flag (no value).
    static func flag(_ name: String, short: String? = nil, help: String, _ apply: @escaping @Sendable (inout Values) -> Void) -> Self {
        Self(name: name, short: short, valueName: nil, help: help) { o, _ in apply(&o) }
    }

    /// A flag that sets the Boolean at `path`.
    static func flag(_ name: String, short: String? = nil, help: String, sets path: WritableKeyPath<Values, Bool> & Sendable) -> Self {
        flag(name, short: short, help: help) { $0[keyPath: path] = true }
    }

    /// An option with a value of any text, checked by `apply`.
    static func value(
        _ name: String, _ valueName: String, repeatable: Bool = false, help: String,
        _ apply: @escaping @Sendable (inout Values, String) throws(DocSpecError) -> Void
    ) -> Self {
        Self(name: name, valueName: valueName, repeatable: repeatable, help: help, apply: apply)
    }

    /// An option whose value is one case of `Choice`, stored at `path`; the raw values are the
    /// choices parsing accepts and help lists (in declaration order).
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ valueName: String, _ path: WritableKeyPath<Values, Choice> & Sendable, help: String
    ) -> Self where Choice.RawValue == String {
        Self(name: name, valueName: valueName, choices: Choice.allCases.map(\.rawValue), help: help) { o, text in
            // `Command.parse` has checked the value against the choices.
            if let value = Choice(rawValue: text) { o[keyPath: path] = value }
        }
    }

    /// This option storing into the part at `path` of a larger values type: an option group
    /// (where the docs are, which findings are shown) is declared once on its own type and
    /// lifted into each command that has it.
    func lifted<Whole>(_ path: WritableKeyPath<Whole, Values> & Sendable) -> OptionDeclaration<Whole> {
        let apply = self.apply
        return OptionDeclaration<Whole>(
            name: name, short: short, valueName: valueName, choices: choices, repeatable: repeatable, help: help
        ) { whole, text throws(DocSpecError) in try apply(&whole[keyPath: path], text) }
    }

    /// What help and suggestions read.
    var summary: OptionSummary {
        OptionSummary(name: name, short: short, valueName: valueName, choices: choices, help: help)
    }
}

extension Array {
    /// Each option lifted into the part at `path` of a larger values type.
    func lifted<Part, Whole>(_ path: WritableKeyPath<Whole, Part> & Sendable) -> [OptionDeclaration<Whole>]
    where Element == OptionDeclaration<Part> {
        map { $0.lifted(path) }
    }
}

/// An option as help and suggestions know it, whatever values type it stores into.
struct OptionSummary: Sendable {
    var name: String
    var short: String?
    var valueName: String?
    var choices: [String]?
    var help: String

    /// The long name and, when it has one, the short one.
    var names: [String] { [name] + (short.map { [$0] } ?? []) }

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

/// One command with its own values type: what parsing accepts, what `--help` prints, what runs.
struct Command<Values: CommandValues>: Sendable {
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
    var options: [OptionDeclaration<Values>]
    /// The EXIT STATUS paragraph.
    var exitStatus: String
    /// Runs the command on the parsed values.
    var run: @Sendable (Values, DocSpecCLI.Context) throws(DocSpecError) -> Int32

    /// Parses `arguments` (after the command name) into the command's values: every option must
    /// be one this command declares, with a value where it takes one, from its `choices` when it
    /// has them, and at most once unless repeatable; positional arguments must fit `arguments`.
    ///
    /// - Parameter all: every command, to point at the command an unknown option belongs to.
    /// - Throws: `DocSpecError.usage` with a suggestion for near misses ("did you mean --format?").
    func parse(_ arguments: [String], all: [CommandDeclaration]) throws(DocSpecError) -> Values {
        let declaration = CommandDeclaration(self)
        var o = Values()
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
            guard let option = options.first(where: { $0.name == flag || $0.short == flag }) else {
                throw declaration.unknownOption(a, flag: flag, all: all)
            }
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
                    : "\(option.name) must be \(CommandDeclaration.list(choices)) (got '\(value)')\(Suggestion.hint(value, in: choices))")
            }
            try option.apply(&o, value)
        }
        try declaration.checkPositional(o.positional)
        return o
    }
}

/// A command of any values type, as the command table, help and suggestions see it: its name,
/// texts, arguments and option summaries, and `execute`, which parses with the command's own
/// declaration and runs it.
struct CommandDeclaration: Sendable {
    var name: String
    var abstract: String
    var usage: [String]
    var discussion: String
    var arguments: [ArgumentDeclaration]
    /// The options, in the order help lists them.
    var options: [OptionSummary]
    var exitStatus: String
    /// Parses the arguments after the command name (the second argument is every command, for
    /// suggestions) and runs the command.
    let execute: @Sendable ([String], [CommandDeclaration], DocSpecCLI.Context) throws(DocSpecError) -> Int32

    init<Values>(_ command: Command<Values>) {
        name = command.name
        abstract = command.abstract
        usage = command.usage
        discussion = command.discussion
        arguments = command.arguments
        options = command.options.map(\.summary)
        exitStatus = command.exitStatus
        execute = { arguments, all, context throws(DocSpecError) in
            try command.run(try command.parse(arguments, all: all), context)
        }
    }

    /// `-h, --help`, which every command has.
    static let helpOption = OptionSummary(name: "--help", short: "-h", valueName: nil, choices: nil, help: "Show help information.")

    /// The option called `name` (long or short form).
    func option(_ name: String) -> OptionSummary? {
        options.first { $0.name == name || $0.short == name }
    }

    /// The error for an option this command does not declare: a near miss of one of its own
    /// options, else the commands that declare it (or a near miss of theirs).
    func unknownOption(_ argument: String, flag: String, all: [CommandDeclaration]) -> DocSpecError {
        let names = options.flatMap(\.names) + Self.helpOption.names
        let owners = all.filter { $0.option(flag) != nil }.map { "'docspec \($0.name)'" }.joined(separator: ", ")
        if let near = Suggestion.nearest(flag, in: names) {
            // `lint --locales`: the command's own `--locale` is the likely meaning; say whose the other is.
            return .usage("unknown option '\(argument)'; did you mean '\(near)'?\(owners.isEmpty ? "" : " ('\(flag)' is an option of \(owners))")")
        }
        if !owners.isEmpty {
            return .usage("unknown option '\(argument)' for \(name) (it is an option of \(owners))")
        }
        let others = all.filter { $0.name != name }
        var seen: Set<String> = []
        let theirs = others.flatMap { $0.options.map(\.name) }.filter { seen.insert($0).inserted }
        if let near = Suggestion.nearest(flag, in: theirs),
            let owner = others.first(where: { $0.option(near) != nil })
        {
            return .usage("unknown option '\(argument)' for \(name); did you mean '\(near)' (an option of 'docspec \(owner.name)')?")
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
