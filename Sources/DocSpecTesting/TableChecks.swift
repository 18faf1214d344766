import Foundation
import Testing

/// One spec table's (or one JSON sample's) checks bound to the library type the table names: the
/// argument of a generated page's one parameterised test.
///
/// A generated page declares one `static let` per table, each under the `#sourceLocation` of
/// its directive (so a type the library lacks fails the build at the directive's line), and
/// runs them all from one `@Test`:
///
/// ```swift
/// static let table1: DocSpecTableCheck = .errorCodes("docs-ja/errors.md:7 error-codes APIError", "data/errors.table1.json", APIError.self)
/// static let checks: [DocSpecTableCheck] = [Self.table1]
/// @Test("docs-ja/errors.md tables", arguments: Self.checks)
/// func runChecks(_ row: DocSpecTableCheck) { row.run(besides: #filePath) }
/// ```
///
/// The rows stay data (read when the check runs), and the compile-time part per table is one
/// call naming the type: no test function, closure or macro expansion per table. Each failure
/// is still recorded at the documented row's line.
///
/// `@unchecked Sendable`: the stored function only calls the `DocSpecCheck` functions with the
/// metatype and constant values it was created with (and a method reference for `validate`);
/// it holds no mutable state.
public struct DocSpecTableCheck: @unchecked Sendable, CustomTestStringConvertible {
    /// The name Swift Testing shows for this argument: the table's doc file, line, kind and type.
    public let title: String
    private let body: (_ generatedFile: String) -> Void

    /// Creates a check named `title`; `body` receives the generated page's `#filePath`.
    public init(_ title: String, _ body: @escaping (_ generatedFile: String) -> Void) {
        self.title = title
        self.body = body
    }

    public var testDescription: String { title }

    /// Runs the checks. `generatedFile` is the generated page's `#filePath`: data files are read
    /// relative to its folder (``DocSpecTable/load(_:besides:)``).
    public func run(besides generatedFile: String) { body(generatedFile) }

    /// Every row of the table in `path` checked with `check`.
    static func rows<Row: DocSpecRow>(_ title: String, _ path: String, _ check: @escaping (Row) -> Void) -> Self {
        Self(title) { file in
            for row in DocSpecTable<Row>.load(path, besides: file).rows { check(row) }
        }
    }

    /// The table in `path` checked as a whole with `check`.
    static func table<Row: DocSpecRow>(_ title: String, _ path: String, _ check: @escaping (DocSpecTable<Row>) -> Void) -> Self {
        Self(title) { file in check(DocSpecTable<Row>.load(path, besides: file)) }
    }
}

// MARK: error-codes, int-enum, string-enum

extension DocSpecTableCheck {
    /// Each row of an `error-codes` table checked by `DocSpecCheck.errorCode(_:_:)` against
    /// an error enum with integer raw values that lists its cases.
    public static func errorCodes<E: RawRepresentable & CaseIterable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue: BinaryInteger {
        rows(title, path) { (row: DocSpecErrorCodeRow) in DocSpecCheck.errorCode(row, E.self) }
    }

    /// Each row of an `error-codes` table against an error with integer raw values that does not
    /// list its cases (every row must give a code).
    public static func errorCodes<E: RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue: BinaryInteger {
        rows(title, path) { (row: DocSpecErrorCodeRow) in DocSpecCheck.errorCode(row, E.self) }
    }

    /// Each row of an `error-codes` table against a plain error enum (`CaseIterable`, matched by name).
    public static func errorCodes<E: CaseIterable>(_ title: String, _ path: String, _ type: E.Type) -> Self {
        rows(title, path) { (row: DocSpecErrorCodeRow) in DocSpecCheck.errorCode(row, E.self) }
    }

    /// A `complete` `error-codes` table: the enum's codes are exactly the table's.
    public static func completeErrorCodes<E: CaseIterable & RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue: BinaryInteger {
        table(title, path) { (table: DocSpecTable<DocSpecErrorCodeRow>) in DocSpecCheck.complete(table, E.self) }
    }

    /// A `complete` `error-codes` table of a plain error enum: its cases are exactly the table's names.
    public static func completeErrorCodes<E: CaseIterable>(_ title: String, _ path: String, _ type: E.Type) -> Self {
        table(title, path) { (table: DocSpecTable<DocSpecErrorCodeRow>) in DocSpecCheck.complete(table, E.self) }
    }

    /// Each row of an `int-enum` table (`DocSpecCheck.intEnum(_:_:)`).
    public static func intEnum<E: RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue: BinaryInteger {
        rows(title, path) { (row: DocSpecIntEnumRow) in DocSpecCheck.intEnum(row, E.self) }
    }

    /// A `complete` `int-enum` table: the enum's raw values are exactly the table's.
    public static func completeIntEnum<E: CaseIterable & RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue: BinaryInteger {
        table(title, path) { (table: DocSpecTable<DocSpecIntEnumRow>) in DocSpecCheck.complete(table, E.self) }
    }

    /// Each row of a `string-enum` table (`DocSpecCheck.stringEnum(_:_:)`).
    public static func stringEnum<E: RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue == String {
        rows(title, path) { (row: DocSpecStringEnumRow) in DocSpecCheck.stringEnum(row, E.self) }
    }

    /// A `complete` `string-enum` table: the enum's raw values are exactly the table's.
    public static func completeStringEnum<E: CaseIterable & RawRepresentable>(_ title: String, _ path: String, _ type: E.Type) -> Self
    where E.RawValue == String {
        table(title, path) { (table: DocSpecTable<DocSpecStringEnumRow>) in DocSpecCheck.complete(table, E.self) }
    }
}

// MARK: fields, JSON samples

extension DocSpecTableCheck {
    /// Each row of a `fields` table (`DocSpecCheck.field(_:baseline:decode:validate:)`),
    /// decoded with `JSONDecoder` as `T`; `validate` is the type's validation method
    /// (`T.validate`), or `nil`.
    public static func fields<T: Codable>(
        _ title: String, _ path: String, baseline: String, _ type: T.Type, validate: ((T) -> () throws -> Void)?
    ) -> Self {
        let check = validate.map { method in { (value: T) throws in try method(value)() } }
        return rows(title, path) { (row: DocSpecFieldRow) in
            DocSpecCheck.field(row, baseline: baseline, decode: { try JSONDecoder().decode(T.self, from: $0) }, validate: check)
        }
    }

    /// A documented JSON sample (`json`, its text, at `ref`) decodes as `T` with `JSONDecoder`
    /// and, with `validate` (`T.validate`), validates (`DocSpecCheck.decodes(_:json:decode:validate:)`).
    public static func decodes<T: Decodable>(
        _ title: String, _ ref: DocSpecRef, json: String, _ type: T.Type, validate: ((T) -> () throws -> Void)?
    ) -> Self {
        let check = validate.map { method in { (value: T) throws in try method(value)() } }
        return Self(title) { _ in
            DocSpecCheck.decodes(ref, json: json, decode: { try JSONDecoder().decode(T.self, from: $0) }, validate: check)
        }
    }
}
