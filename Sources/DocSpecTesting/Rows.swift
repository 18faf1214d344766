import Foundation
import Testing

/// One row of a spec table as the generated data files hold it: its documented line, the cells
/// a check needs, and the doc file (set from the table when the data is loaded).
///
/// A row that could not be loaded carries a `problem`; every check fails such a row at its line
/// instead of checking it.
public protocol DocSpecRow: Decodable, Sendable, CustomTestStringConvertible {
    /// The row's doc file and line.
    var ref: DocSpecRef { get set }
    /// Why the row could not be loaded, or `nil`.
    var problem: String? { get set }
    /// A row standing for a table whose data did not load.
    init()
}

extension DocSpecRow {
    /// `true` when the row loaded; otherwise records its problem at its line and returns `false`.
    func loaded() -> Bool {
        guard let problem else { return true }
        ref.fail(problem)
        return false
    }
}

/// A spec table's rows, decoded from the JSON a generated data file holds:
/// `{"file": "docs-ja/errors.md", "line": 12, "rows": [{"line": 15, …}, …]}` (`line` of the
/// table is its header line; each row's `line` is its own).
public struct DocSpecTable<Row: DocSpecRow>: Sendable {
    /// The table's doc file and header line.
    public var ref: DocSpecRef
    /// The rows in document order, each with `ref.file` set to the table's file.
    public var rows: [Row]

    /// Creates a table from decoded rows (their `ref.file` is set to `ref.file`).
    public init(ref: DocSpecRef, rows: [Row]) {
        self.ref = ref
        self.rows = rows.map { row in
            var row = row
            row.ref.file = ref.file
            return row
        }
    }

    private struct Payload: Decodable {
        var file: String
        var line: Int
        var rows: [Row]
    }

    /// Reads the data file at `path`, relative to the folder of `sourceFile` (the generated page's
    /// `#filePath`), and decodes it as `load(_:)` does. Never traps: a file that cannot be read
    /// gives a table of one row whose `problem` names the file and why, at the file's line 1.
    ///
    /// ```swift
    /// static let table1: DocSpecTable<DocSpecErrorCodeRow> = .load("data/errors.table1.json", besides: #filePath)
    /// ```
    public static func load(_ path: String, besides sourceFile: String) -> DocSpecTable<Row> {
        let url = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(path)
        do {
            return load(data: try Data(contentsOf: url))
        } catch {
            return problem(DocSpecRef(file: url.path, line: 1), "the generated table data cannot be read (\(error)); run 'docspec generate' again")
        }
    }

    /// Decodes a data file's JSON text. Never traps: text that does not decode gives a table of
    /// one row whose `problem` says why (the checks then fail at that row), so a damaged data
    /// file fails its tests instead of ending the test process.
    public static func load(_ json: String) -> DocSpecTable<Row> {
        load(data: Data(json.utf8))
    }

    private static func load(data: Data) -> DocSpecTable<Row> {
        do {
            let payload = try JSONDecoder().decode(Payload.self, from: data)
            return DocSpecTable(ref: DocSpecRef(file: payload.file, line: payload.line), rows: payload.rows)
        } catch {
            return problem(DocSpecRef(file: "(generated data)", line: 1), "the generated table data does not decode (\(error)); run 'docspec generate' again")
        }
    }

    /// A table of one row failing with `message` at `ref`.
    private static func problem(_ ref: DocSpecRef, _ message: String) -> DocSpecTable<Row> {
        var row = Row()
        row.ref = ref
        row.problem = message
        return DocSpecTable(ref: ref, rows: [row])
    }
}

/// A row decoded with `line` standing for `ref` (the file comes from the table).
private enum RowLine: String, CodingKey { case line }

extension DocSpecRow {
    static func decodeRef(_ decoder: any Decoder) throws -> DocSpecRef {
        let c = try decoder.container(keyedBy: RowLine.self)
        return DocSpecRef(file: "", line: try c.decode(Int.self, forKey: .line))
    }
}

/// An `error-codes` row: the error's documented name and, when the table has those columns, its
/// numeric code (`nil` for `—` or no `code` column), HTTP status and `retryable` cell
/// (`yes`/`no`/`later`).
public struct DocSpecErrorCodeRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var name = ""
    public var code: Int64?
    public var status: Int?
    public var retryable: String?

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(ref: DocSpecRef, name: String, code: Int64? = nil, status: Int? = nil, retryable: String? = nil) {
        (self.ref, self.name, self.code, self.status, self.retryable) = (ref, name, code, status, retryable)
    }

    private enum CodingKeys: String, CodingKey { case name, code, status, retryable }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        code = try c.decodeIfPresent(Int64.self, forKey: .code)
        status = try c.decodeIfPresent(Int.self, forKey: .status)
        retryable = try c.decodeIfPresent(String.self, forKey: .retryable)
    }

    public var testDescription: String { "\(ref.testDescription) \(name)\(code.map { " \($0)" } ?? "")" }
}

/// An `int-enum` row: a raw value and the Swift case name the docs give it.
public struct DocSpecIntEnumRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var value: Int64 = 0
    public var caseName = ""

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(ref: DocSpecRef, value: Int64, caseName: String) {
        (self.ref, self.value, self.caseName) = (ref, value, caseName)
    }

    private enum CodingKeys: String, CodingKey { case value, caseName = "case" }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decode(Int64.self, forKey: .value)
        caseName = try c.decode(String.self, forKey: .caseName)
    }

    public var testDescription: String { "\(ref.testDescription) \(value) \(caseName)" }
}

/// A `string-enum` row: a raw string value.
public struct DocSpecStringEnumRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var value = ""

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(ref: DocSpecRef, value: String) {
        (self.ref, self.value) = (ref, value)
    }

    private enum CodingKeys: String, CodingKey { case value }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        value = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
    }

    public var testDescription: String { "\(ref.testDescription) \(value)" }
}

/// A `fields` row: a JSON key, whether it is required, JSON texts of values documented as allowed
/// (`valid`) and of values just outside them (`invalid`), and the error such a value must cause:
/// its documented name (`errorName`, empty or `—` for none) and code when an `error-codes` table
/// numbers it.
public struct DocSpecFieldRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var key = ""
    public var required = false
    public var valid: [String] = []
    public var invalid: [String] = []
    public var errorName = ""
    public var errorCode: Int64?

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(
        ref: DocSpecRef, key: String, required: Bool, valid: [String], invalid: [String], errorName: String,
        errorCode: Int64? = nil
    ) {
        (self.ref, self.key, self.required, self.valid, self.invalid, self.errorName, self.errorCode) =
            (ref, key, required, valid, invalid, errorName, errorCode)
    }

    private enum CodingKeys: String, CodingKey { case key, required, valid, invalid, error, code }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        required = try c.decode(Bool.self, forKey: .required)
        valid = try c.decode([String].self, forKey: .valid)
        invalid = try c.decode([String].self, forKey: .invalid)
        errorName = try c.decode(String.self, forKey: .error)
        errorCode = try c.decodeIfPresent(Int64.self, forKey: .code)
    }

    public var testDescription: String { "\(ref.testDescription) \(key)" }
}

/// A `json-object` row: a key, its JSON type (`string`, `integer`, `number`, `boolean`,
/// `object`, `array`, `null`) and, when fixed, the JSON literal it equals.
public struct DocSpecJSONKeyRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var key = ""
    public var type = ""
    public var value: String?

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(ref: DocSpecRef, key: String, type: String, value: String? = nil) {
        (self.ref, self.key, self.type, self.value) = (ref, key, type, value)
    }

    private enum CodingKeys: String, CodingKey { case key, type, value }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        type = try c.decode(String.self, forKey: .type)
        value = try c.decodeIfPresent(String.self, forKey: .value)
    }

    public var testDescription: String { "\(ref.testDescription) \(key)" }
}

/// An `endpoint` row: an environment (any name the table gives), the HTTP method, the base URL
/// and the path template.
public struct DocSpecEndpointRow: DocSpecRow, Equatable {
    public var ref = DocSpecRef(file: "", line: 0)
    public var problem: String?
    public var environment = ""
    public var method = ""
    public var baseURL = ""
    public var path = ""

    public init() {}

    /// Creates a row; `ref.file` is set by the table.
    public init(ref: DocSpecRef, environment: String, method: String, baseURL: String, path: String) {
        (self.ref, self.environment, self.method, self.baseURL, self.path) = (ref, environment, method, baseURL, path)
    }

    private enum CodingKeys: String, CodingKey { case environment, method, baseURL = "base-url", path }

    public init(from decoder: any Decoder) throws {
        ref = try Self.decodeRef(decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        environment = try c.decode(String.self, forKey: .environment)
        method = try c.decode(String.self, forKey: .method)
        baseURL = try c.decode(String.self, forKey: .baseURL)
        path = try c.decode(String.self, forKey: .path)
    }

    public var testDescription: String { "\(ref.testDescription) \(environment) \(method) \(path)" }
}
