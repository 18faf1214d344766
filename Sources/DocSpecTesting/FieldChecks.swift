import Foundation

// MARK: typed JSON samples, fields

extension DocSpecCheck {
    /// Decodes a documented JSON sample (`json` holds the sample's text) and, when `validate`
    /// is given, validates it; a failure is reported at `ref`.
    public static func decodes<T>(
        _ ref: DocSpecRef, json: String, decode: (Data) throws -> T, validate: ((T) throws -> Void)?
    ) {
        do {
            let value = try decode(Data(json.utf8))
            do {
                try validate?(value)
            } catch {
                ref.fail("the sample decodes as \(T.self) but does not validate: \(error)")
            }
        } catch {
            ref.fail("the sample does not decode as \(T.self): \(error)")
        }
    }

    /// Checks one `fields` row against the page's JSON sample (`baseline`, a JSON object's text):
    /// the key round-trips through decode/encode, every documented value decodes and validates,
    /// each value just outside them fails (in `decode` or `validate`) with the documented error,
    /// and a missing required key fails too while a missing optional key does not.
    ///
    /// The thrown error may be any `Error`: it is matched by numeric code when the docs number
    /// it and the error has one (`DocSpecNumbered`, `CustomNSError`), else by `DocSpecNamed`,
    /// case name (`InvalidSizeError`, `InvalidSize`, `invalidSize`), type name, or a description
    /// that contains the name.
    public static func field<T: Encodable>(
        _ row: DocSpecFieldRow, baseline: String, decode: (Data) throws -> T, validate: ((T) throws -> Void)?
    ) {
        guard row.loaded() else { return }
        let ref = row.ref
        guard let base = (try? JSONSerialization.jsonObject(with: Data(baseline.utf8))) as? [String: Any] else {
            ref.fail("the page's JSON sample is not a JSON object")
            return
        }
        func body(_ value: Any?) -> Data? {
            var object = base
            object[row.key] = value
            return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        }
        func parse(_ json: String) -> Any? {
            try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        }
        if base[row.key] != nil {
            do {
                let value = try decode(Data(baseline.utf8))
                let encoded = try JSONEncoder().encode(value)
                let object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
                if object?[row.key] == nil {
                    ref.fail("\(T.self) does not encode the key \"\(row.key)\"")
                }
            } catch {
                ref.fail("the page's JSON sample does not decode/encode as \(T.self): \(error)")
            }
        }
        for json in row.valid {
            guard let value = parse(json), let data = body(value) else {
                ref.fail("documented value \(json) is not JSON")
                continue
            }
            do {
                try validate?(try decode(data))
            } catch {
                ref.fail("\(row.key) = \(json) is documented as allowed but is rejected: \(error)")
            }
        }
        for json in row.invalid {
            guard let value = parse(json), let data = body(value) else { continue }
            expectFailure(row, "\(row.key) = \(json)", data, decode, validate)
        }
        guard let missing = body(nil) else { return }
        if row.required {
            expectFailure(row, "missing \(row.key)", missing, decode, validate)
        } else {
            do {
                try validate?(try decode(missing))
            } catch {
                ref.fail("\(row.key) is documented as optional, but a body without it is rejected: \(error)")
            }
        }
    }

    private static func expectFailure<T>(
        _ row: DocSpecFieldRow, _ what: String, _ data: Data, _ decode: (Data) throws -> T, _ validate: ((T) throws -> Void)?
    ) {
        let documented = row.errorName.isEmpty || ["—", "-", "–"].contains(row.errorName) ? "" : row.errorName
        do {
            let decoded = try decode(data)
            // Without validation only decoding can reject a value, and a type that accepts it
            // is not wrong: the docs describe what the server rejects.
            guard let validate else { return }
            try validate(decoded)
            row.ref.fail("\(what) is outside the documented values but validates; expected \(documented.isEmpty ? "an error" : documented)")
        } catch {
            if !DocSpecNames.errorMatches(error, name: documented, code: row.errorCode) {
                let expected = documented + (row.errorCode.map { " (\($0))" } ?? "")
                row.ref.fail("\(what) should fail with \(expected), got \(error)")
            }
        }
    }
}
