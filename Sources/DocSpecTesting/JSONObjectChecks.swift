import Foundation

// MARK: json-object

extension DocSpecCheck {
    /// Checks a `json-object` row against the JSON object the library produces (`example`,
    /// typically `Symbol.exampleJSONObject()`, returning UTF-8 JSON): the key is present, has the
    /// documented JSON type (an integer counts as a `number`), and equals the documented literal
    /// when there is one.
    public static func jsonKey(_ row: DocSpecJSONKeyRow, example: () throws -> Data) {
        guard row.loaded() else { return }
        let ref = row.ref
        guard let object = jsonObject(ref, example) else { return }
        guard let value = object[row.key] else {
            ref.fail("the library's JSON object has no key \"\(row.key)\" (it has: \(object.keys.sorted().joined(separator: ", ")))")
            return
        }
        let actualType = jsonType(of: value)
        if actualType != row.type, !(row.type == "number" && actualType == "integer") {
            ref.fail("\"\(row.key)\" is a JSON \(actualType) in the library, the docs say \(row.type)")
        }
        if let literal = row.value {
            guard let documented = try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed]) else {
                ref.fail("documented value \(literal) is not JSON")
                return
            }
            if render(value) != render(documented) || jsonType(of: value) != jsonType(of: documented) {
                ref.fail("\"\(row.key)\" is \(render(value)) in the library, the docs say \(literal)")
            }
        }
    }

    /// With `complete`: the library's JSON object has no key the table leaves out.
    public static func completeKeys(_ table: DocSpecTable<DocSpecJSONKeyRow>, example: () throws -> Data) {
        guard table.rows.allSatisfy({ $0.loaded() }), let object = jsonObject(table.ref, example) else { return }
        let documented = Set(table.rows.map(\.key))
        for key in object.keys.sorted() where !documented.contains(key) {
            table.ref.fail("the library's JSON object has the key \"\(key)\", which the table does not document")
        }
    }

    private static func jsonObject(_ ref: DocSpecRef, _ example: () throws -> Data) -> [String: Any]? {
        do {
            guard let object = try JSONSerialization.jsonObject(with: try example()) as? [String: Any] else {
                ref.fail("exampleJSONObject() did not return a JSON object")
                return nil
            }
            return object
        } catch {
            ref.fail("exampleJSONObject() failed: \(error)")
            return nil
        }
    }

    static func jsonType(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let n as NSNumber:
            let objCType = String(cString: n.objCType)
            if objCType == "c" || objCType == "B" { return "boolean" }
            return Double(n.int64Value) == n.doubleValue ? "integer" : "number"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "\(type(of: value))"
        }
    }

    private static func render(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}

// MARK: endpoint

extension DocSpecCheck {
    /// Checks an `endpoint` row: the builder's HTTP method and path template equal the row's,
    /// and `url(environment, parameters)` (the row's environment name verbatim, each `{name}`
    /// placeholder set to `1000000123456789`) builds the row's base URL + path.
    public static func endpoint(
        _ row: DocSpecEndpointRow, method: String, pathTemplate: String, url: (String, [String: String]) throws -> URL
    ) {
        guard row.loaded() else { return }
        let ref = row.ref
        ref.expect(method, row.method, "HTTP method")
        ref.expect(pathTemplate, row.path, "path template")
        var parameters: [String: String] = [:]
        var expectedPath = row.path
        var rest = Substring(row.path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            parameters[name] = "1000000123456789"
            expectedPath = expectedPath.replacingOccurrences(of: "{\(name)}", with: "1000000123456789")
            rest = rest[rest.index(after: close)...]
        }
        do {
            let built = try url(row.environment, parameters)
            ref.expect(built.absoluteString, row.baseURL + expectedPath, "URL for \(row.environment)")
        } catch {
            ref.fail("building the URL for \(row.environment) failed: \(error)")
        }
    }

    /// Checks an `endpoint` row against a type adopting `DocSpecRequestBuilder`.
    public static func endpoint<B: DocSpecRequestBuilder>(_ row: DocSpecEndpointRow, _ builder: B.Type) {
        endpoint(row, method: B.method, pathTemplate: B.pathTemplate, url: { try B.url(environment: $0, pathParameters: $1) })
    }
}
