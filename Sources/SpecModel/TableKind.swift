import DocDiagnostics

/// What a column's cells hold; decides how a cell is validated and whether it is compared across
/// locales.
public enum CellType: String, Hashable, Sendable, Codable {
    /// A Swift or Apple identifier (`InvalidPlayTimeError`, `notConsumed`, `customerConsented`).
    case identifier
    /// A decimal integer (`4000040`, `-1`).
    case integer
    /// An error number: a decimal integer, or `—` when Apple documents the error without
    /// publishing its number.
    case errorNumber
    /// An HTTP status code, 100…599.
    case httpStatus
    /// A JSON type: `string`, `integer`, `number`, `boolean`, `object`, `array` or `null`.
    case jsonType
    /// A method's full Swift name with its argument labels: `coordinator(_:didFinishSweep:)`.
    case methodName
    /// Swift types as inline code, in order: `` `PurchaseCoordinator`, `SweepReport` ``.
    case typeList
    /// A JSON literal the value must equal (`"ES256"`, `300`, `true`), or `—` when the value
    /// varies (only its type is checked).
    case jsonLiteral
    /// `yes`/`no` in any supported language; normalised to `yes` or `no`.
    case yesNo
    /// `yes`, `no` or `later`.
    case retryable
    /// Allowed values: inline-code tokens (`0...7`, `true`, `""`, `"DELIVERED"`, `UUID`).
    case allowedValues
    /// An Apple error name, or `—` for none.
    case errorName
    /// A type name (`int32`, `string`, `bool`).
    case typeName
    /// An HTTP method (`GET`, `PUT`, …).
    case httpMethod
    /// An absolute `http(s)` URL.
    case url
    /// A URL path starting with `/`, with `{name}` placeholders.
    case path
    /// A raw string enum value (any non-empty text, usually in a code span).
    case rawString
    /// Translatable prose; never compared across locales.
    case prose

    /// Whether cells of this type must be identical across locales.
    public var isInvariant: Bool { self != .prose }
}

/// The JSON type names a `json-object` table's `type` column accepts.
public enum JSONTypeName: String, Hashable, Sendable, Codable, CaseIterable {
    case string, integer, number, boolean, object, array, null
}

/// One column of a kind's schema.
public struct ColumnSpec: Hashable, Sendable {
    /// Stable column name used in `columns=` and in the spec model (`code`, `status`, …).
    public var name: String
    /// What the column's cells hold: decides validation and cross-locale comparison.
    public var type: CellType
    /// Whether a table of this kind may leave the column out.
    public var optional: Bool
    /// Header texts that identify this column, compared case-insensitively without spaces,
    /// hyphens or underscores (English, Japanese, Russian).
    public var headers: [String]
}

/// The kinds of spec table and their fixed column schemas.
public enum TableKind: String, Hashable, Sendable, Codable, CaseIterable {
    case errorCodes = "error-codes"
    case stringEnum = "string-enum"
    case intEnum = "int-enum"
    case fields
    case endpoint
    case jsonObject = "json-object"
    case delegateParameters = "delegate-parameters"

    /// Columns in their canonical order (made once per kind: extraction reads them for every
    /// spec table).
    public var columns: [ColumnSpec] { Self.schemas[index] }

    /// `columns` of each kind, in `allCases` order.
    private static let schemas: [[ColumnSpec]] = allCases.map(\.schema)

    /// The position of the kind in `allCases`.
    private var index: Int {
        switch self {
        case .errorCodes: 0
        case .stringEnum: 1
        case .intEnum: 2
        case .fields: 3
        case .endpoint: 4
        case .jsonObject: 5
        case .delegateParameters: 6
        }
    }

    /// The kind's column schema, as `columns` gives it.
    private var schema: [ColumnSpec] {
        switch self {
        case .errorCodes:
            [
                ColumnSpec(name: "name", type: .identifier, optional: false, headers: ["name", "error", "errorname", "エラー名", "名前", "エラー", "имяошибки", "имя", "ошибка"]),
                ColumnSpec(name: "code", type: .errorNumber, optional: true, headers: ["code", "errorcode", "コード", "エラーコード", "код", "кодошибки"]),
                ColumnSpec(name: "status", type: .httpStatus, optional: true, headers: ["status", "httpstatus", "http", "ステータス", "httpステータス", "статус", "httpстатус"]),
                ColumnSpec(name: "retryable", type: .retryable, optional: true, headers: ["retryable", "retry", "再試行", "リトライ", "повтор", "повторить", "повторзапроса"]),
                ColumnSpec(name: "description", type: .prose, optional: false, headers: ["description", "meaning", "説明", "意味", "описание", "значение"]),
            ]
        case .stringEnum:
            [
                ColumnSpec(name: "value", type: .rawString, optional: false, headers: ["value", "rawvalue", "値", "значение"]),
                ColumnSpec(name: "description", type: .prose, optional: false, headers: ["description", "meaning", "説明", "意味", "описание"]),
            ]
        case .intEnum:
            [
                ColumnSpec(name: "value", type: .integer, optional: false, headers: ["value", "rawvalue", "値", "значение"]),
                ColumnSpec(name: "case", type: .identifier, optional: false, headers: ["case", "swiftcase", "ケース", "кейс", "случай"]),
                ColumnSpec(name: "description", type: .prose, optional: true, headers: ["description", "meaning", "説明", "意味", "описание"]),
            ]
        case .fields:
            [
                ColumnSpec(name: "key", type: .identifier, optional: false, headers: ["key", "jsonkey", "field", "キー", "フィールド", "ключ", "поле"]),
                ColumnSpec(name: "type", type: .typeName, optional: false, headers: ["type", "型", "タイプ", "тип"]),
                ColumnSpec(name: "required", type: .yesNo, optional: false, headers: ["required", "必須", "обязательно", "обязательное", "обязательный"]),
                ColumnSpec(name: "values", type: .allowedValues, optional: false, headers: ["values", "allowedvalues", "許容値", "値", "допустимыезначения", "значения"]),
                ColumnSpec(name: "error", type: .errorName, optional: false, headers: ["error", "errorwheninvalid", "エラー", "ошибка"]),
                ColumnSpec(name: "description", type: .prose, optional: true, headers: ["description", "説明", "описание"]),
            ]
        case .jsonObject:
            [
                ColumnSpec(name: "key", type: .identifier, optional: false, headers: ["key", "jsonkey", "claim", "field", "キー", "クレーム", "フィールド", "ключ", "утверждение", "поле"]),
                ColumnSpec(name: "type", type: .jsonType, optional: false, headers: ["type", "jsontype", "型", "タイプ", "тип"]),
                ColumnSpec(name: "value", type: .jsonLiteral, optional: false, headers: ["value", "値", "значение"]),
                ColumnSpec(name: "description", type: .prose, optional: true, headers: ["description", "meaning", "説明", "意味", "описание"]),
            ]
        case .delegateParameters:
            [
                ColumnSpec(name: "method", type: .methodName, optional: false, headers: ["method", "メソッド", "метод"]),
                ColumnSpec(name: "parameters", type: .typeList, optional: false, headers: ["parameters", "parametertypes", "types", "パラメータの型", "パラメーターの型", "引数の型", "パラメータ", "типыпараметров", "параметры"]),
                ColumnSpec(name: "description", type: .prose, optional: true, headers: ["when", "whencalled", "description", "呼び出されるとき", "説明", "когдавызывается", "описание"]),
            ]
        case .endpoint:
            [
                ColumnSpec(name: "environment", type: .identifier, optional: false, headers: ["environment", "env", "環境", "окружение", "среда"]),
                ColumnSpec(name: "method", type: .httpMethod, optional: false, headers: ["method", "httpmethod", "メソッド", "метод"]),
                ColumnSpec(name: "base-url", type: .url, optional: false, headers: ["baseurl", "url", "host", "ベースurl", "базовыйurl", "хост"]),
                ColumnSpec(name: "path", type: .path, optional: false, headers: ["path", "パス", "путь"]),
            ]
        }
    }

    /// The column whose value identifies a row (used to pair rows across locales). An
    /// `error-codes` row without a number (`—`, or no `code` column) is identified by its name.
    public var keyColumn: String {
        switch self {
        case .errorCodes: "code"
        case .stringEnum, .intEnum: "value"
        case .fields, .jsonObject: "key"
        case .delegateParameters: "method"
        case .endpoint: "environment"
        }
    }

    /// The key of a row whose cell values `value(column)` gives: the `keyColumn`'s value, or for
    /// an `error-codes` row without a number (empty, `—`, `-`, `–`) its name. The one rule
    /// extraction and the fix guards share.
    public func rowKey(_ value: (String) -> String?) -> String {
        let key = value(keyColumn) ?? ""
        if self == .errorCodes, key.isEmpty || ["—", "-", "–"].contains(key) { return value("name") ?? key }
        return key
    }

    /// Normalises header text for matching: lower-cased, without spaces, hyphens, underscores,
    /// colons and inline-code backticks (each a whole character: one followed by a combining
    /// mark stays). Text without any of their bytes is only lower-cased.
    static func normaliseHeader(_ text: String) -> String {
        var lower = text.lowercased()
        let plain = lower.withUTF8 { b in
            var i = 0
            while i < b.count {
                switch b[i] {
                case 0x20, 0x09, 0x2D, 0x5F, 0x3A, 0x60: return false
                // `・` (E3 83 BB) and the ideographic space (E3 80 80).
                case 0xE3 where i + 2 < b.count && ((b[i + 1] == 0x83 && b[i + 2] == 0xBB) || (b[i + 1] == 0x80 && b[i + 2] == 0x80)): return false
                default: i += 1
                }
            }
            return true
        }
        if plain { return lower }
        return String(
            lower.filter { c in
                switch c {
                case " ", "\t", "-", "_", ":", "`", "・", "　": false
                default: true
                }
            })
    }
}
