import Foundation

/// How a library value's name is compared with the name the docs give it.
enum DocSpecNames {
    /// The value's case name: `String(describing:)` up to a `(` (associated values dropped).
    static func caseName(of value: Any) -> String {
        let text = String(describing: value)
        return String(text.prefix { $0 != "(" })
    }

    /// Whether `value` is the one the docs call `documented`: its `DocSpecNamed.documentedName`
    /// exactly when it has one; otherwise its case name, compared with the documented name as
    /// written, with a lower-cased first letter, and without a trailing `Error`
    /// (`InvalidSizeError`, `InvalidSize` and `invalidSize` all name `case invalidSize`).
    static func matches(_ value: Any, _ documented: String) -> Bool {
        if let named = value as? any DocSpecNamed { return named.documentedName == documented }
        return spellings(documented).contains(caseName(of: value))
    }

    /// The name the docs should use for `value`, for messages.
    static func documentedName(of value: Any) -> String {
        (value as? any DocSpecNamed)?.documentedName ?? caseName(of: value)
    }

    static func spellings(_ documented: String) -> Set<String> {
        var out: Set<String> = [documented, lowerFirst(documented)]
        if documented.hasSuffix("Error"), documented.count > 5 {
            let stem = String(documented.dropLast(5))
            out.insert(stem)
            out.insert(lowerFirst(stem))
        }
        return out
    }

    static func lowerFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.lowercased() + s.dropFirst()
    }

    /// Whether a thrown error is the documented one: by numeric code (`DocSpecNumbered`, then
    /// `CustomNSError`) when the docs give one and the error has one; otherwise by
    /// `DocSpecNamed`, case name, type name, or a description that names it.
    static func errorMatches(_ error: any Error, name: String, code: Int64?) -> Bool {
        if let code, let actual = numericCode(of: error) { return actual == code }
        if name.isEmpty { return true }
        if let named = error as? any DocSpecNamed, named.documentedName == name { return true }
        let spellings = spellings(name)
        if spellings.contains(caseName(of: error)) { return true }
        if spellings.contains(String(describing: type(of: error))) { return true }
        return String(describing: error).contains(name)
    }

    /// A thrown error's numeric code, when it has one.
    static func numericCode(of error: any Error) -> Int64? {
        if let numbered = error as? any DocSpecNumbered { return numbered.documentedCode }
        if let ns = error as? any CustomNSError { return Int64(ns.errorCode) }
        return nil
    }
}
