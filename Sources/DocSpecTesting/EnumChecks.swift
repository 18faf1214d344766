/// The checks the generated conformance tests call, one family per table kind. Each reports at
/// the documented row's (or table's) line; none traps on bad data.
public enum DocSpecCheck {}

// MARK: error-codes

extension DocSpecCheck {
    /// Checks an `error-codes` row against an error enum with integer raw values that lists its
    /// cases: found by code when the row has one, else by name; then name, HTTP status and
    /// retryable flag as the table's columns ask.
    public static func errorCode<E: RawRepresentable & CaseIterable>(_ row: DocSpecErrorCodeRow, _ type: E.Type)
    where E.RawValue: BinaryInteger {
        guard row.loaded() else { return }
        if let code = row.code {
            guard let raw = E.RawValue(exactly: code), let value = E(rawValue: raw) else {
                row.ref.fail("\(E.self) has no case with code \(code) (\(row.name))")
                return
            }
            checkMembers(value, row, matchedByCode: true)
        } else {
            errorByName(row, E.allCases)
        }
    }

    /// Checks an `error-codes` row against an error with integer raw values that does not list
    /// its cases: the row must give a code.
    public static func errorCode<E: RawRepresentable>(_ row: DocSpecErrorCodeRow, _ type: E.Type) where E.RawValue: BinaryInteger {
        guard row.loaded() else { return }
        guard let code = row.code else {
            row.ref.fail("\(row.name) has no code, and \(E.self) is not CaseIterable, so it cannot be found by name")
            return
        }
        guard let raw = E.RawValue(exactly: code), let value = E(rawValue: raw) else {
            row.ref.fail("\(E.self) has no case with code \(code) (\(row.name))")
            return
        }
        checkMembers(value, row, matchedByCode: true)
    }

    /// Checks an `error-codes` row against a plain error enum (`CaseIterable`, no raw values):
    /// the case is found by name (`DocSpecNamed`, else the case name); a documented code must
    /// equal its `DocSpecNumbered.documentedCode`.
    public static func errorCode<E: CaseIterable>(_ row: DocSpecErrorCodeRow, _ type: E.Type) {
        guard row.loaded() else { return }
        errorByName(row, E.allCases)
    }

    private static func errorByName<C: Collection>(_ row: DocSpecErrorCodeRow, _ cases: C) {
        guard let value = cases.first(where: { DocSpecNames.matches($0, row.name) }) else {
            let known = cases.map { DocSpecNames.documentedName(of: $0) }.joined(separator: ", ")
            row.ref.fail("\(C.Element.self) has no case named \(row.name) (it has: \(known))")
            return
        }
        if let code = row.code {
            guard let numbered = value as? any DocSpecNumbered else {
                row.ref.fail("the docs give \(row.name) the code \(code), but \(C.Element.self) has no numeric code (conform it to DocSpecNumbered)")
                return
            }
            row.ref.expect(numbered.documentedCode, code, "code of \(row.name)")
        }
        checkMembers(value, row, matchedByCode: false)
    }

    private static func checkMembers(_ value: Any, _ row: DocSpecErrorCodeRow, matchedByCode: Bool) {
        let type = Swift.type(of: value)
        if matchedByCode, !DocSpecNames.matches(value, row.name) {
            row.ref.fail("name of \(type) \(row.code.map(String.init) ?? ""): the library has \(String(reflecting: DocSpecNames.documentedName(of: value))), the docs say \(String(reflecting: row.name))")
        }
        if let status = row.status {
            if let carrier = value as? any DocSpecHTTPStatus {
                row.ref.expect(carrier.httpStatus, status, "HTTP status of \(row.name)")
            } else {
                row.ref.fail("the table has a status column, but \(type) has no HTTP status (conform it to DocSpecHTTPStatus)")
            }
        }
        if let retry = row.retryable {
            if let carrier = value as? any DocSpecRetryable {
                row.ref.expect(carrier.isRetryable, retry == "yes", "retryable flag of \(row.name) (docs: \(retry))")
            } else {
                row.ref.fail("the table has a retryable column, but \(type) has no retryable flag (conform it to DocSpecRetryable)")
            }
        }
    }

    /// With `complete`: the error enum has exactly the table's cases, compared by code when
    /// every row has one, else by name.
    public static func complete<E: CaseIterable & RawRepresentable>(_ table: DocSpecTable<DocSpecErrorCodeRow>, _ type: E.Type)
    where E.RawValue: BinaryInteger {
        guard table.rows.allSatisfy({ $0.loaded() }) else { return }
        let codes = table.rows.compactMap(\.code)
        if codes.count == table.rows.count {
            completeValues(E.self, table.ref, documented: table.rows.map { (Int64($0.code!), $0.ref) }, library: E.allCases.map { Int64($0.rawValue) })
        } else {
            completeNames(table, E.allCases)
        }
    }

    /// With `complete`: the plain error enum has exactly the table's cases, by name.
    public static func complete<E: CaseIterable>(_ table: DocSpecTable<DocSpecErrorCodeRow>, _ type: E.Type) {
        guard table.rows.allSatisfy({ $0.loaded() }) else { return }
        completeNames(table, E.allCases)
    }

    private static func completeNames<C: Collection>(_ table: DocSpecTable<DocSpecErrorCodeRow>, _ cases: C) {
        for row in table.rows where !cases.contains(where: { DocSpecNames.matches($0, row.name) }) {
            row.ref.fail("\(C.Element.self) has no case named \(row.name)")
        }
        for value in cases where !table.rows.contains(where: { DocSpecNames.matches(value, $0.name) }) {
            table.ref.fail("\(C.Element.self) has the case \(DocSpecNames.documentedName(of: value)) that this table (marked complete) does not list")
        }
    }
}

// MARK: int-enum, string-enum

extension DocSpecCheck {
    /// Checks an `int-enum` row: the enum has a case with the raw value, and its name is the
    /// documented case name.
    public static func intEnum<E: RawRepresentable>(_ row: DocSpecIntEnumRow, _ type: E.Type) where E.RawValue: BinaryInteger {
        guard row.loaded() else { return }
        guard let raw = E.RawValue(exactly: row.value), let value = E(rawValue: raw) else {
            row.ref.fail("\(E.self) has no case with raw value \(row.value) (docs: .\(row.caseName))")
            return
        }
        row.ref.expect(DocSpecNames.caseName(of: value), row.caseName, "case of \(E.self) with raw value \(row.value)")
    }

    /// Checks a `string-enum` row: the enum has a case with the raw value.
    public static func stringEnum<E: RawRepresentable>(_ row: DocSpecStringEnumRow, _ type: E.Type) where E.RawValue == String {
        guard row.loaded() else { return }
        if E(rawValue: row.value) == nil {
            row.ref.fail("\(E.self) has no case with raw value \"\(row.value)\"")
        }
    }

    /// With `complete`: the enum's raw values are exactly the table's.
    public static func complete<E: CaseIterable & RawRepresentable>(_ table: DocSpecTable<DocSpecIntEnumRow>, _ type: E.Type)
    where E.RawValue: BinaryInteger {
        guard table.rows.allSatisfy({ $0.loaded() }) else { return }
        completeValues(E.self, table.ref, documented: table.rows.map { ($0.value, $0.ref) }, library: E.allCases.map { Int64($0.rawValue) })
    }

    /// With `complete`: the enum's raw values are exactly the table's.
    public static func complete<E: CaseIterable & RawRepresentable>(_ table: DocSpecTable<DocSpecStringEnumRow>, _ type: E.Type)
    where E.RawValue == String {
        guard table.rows.allSatisfy({ $0.loaded() }) else { return }
        completeValues(E.self, table.ref, documented: table.rows.map { ($0.value, $0.ref) }, library: E.allCases.map(\.rawValue))
    }

    private static func completeValues<E, V: Hashable & Comparable>(
        _ type: E.Type, _ table: DocSpecRef, documented: [(V, DocSpecRef)], library: [V]
    ) {
        func show(_ v: V) -> String { v is String ? "\"\(v)\"" : "\(v)" }
        let libraryValues = Set(library)
        for (value, ref) in documented where !libraryValues.contains(value) {
            ref.fail("\(E.self) has no case with raw value \(show(value))")
        }
        for value in libraryValues.subtracting(documented.map(\.0)).sorted() {
            table.fail("\(E.self) has a case with raw value \(show(value)) that this table (marked complete) does not list")
        }
    }
}
