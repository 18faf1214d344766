import DocSpecTesting
import Foundation
import Testing

/// Expects `body` to record exactly the issues whose messages contain `messages`, in order, each
/// at `docs-ja/shapes.md` and the given line.
func expectIssues(_ expected: [(line: Int, message: String)], sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void) {
    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var issues: [(line: Int, message: String, file: String)] = []
    }
    let box = Seen()
    withKnownIssue {
        body()
    } matching: { issue in
        box.lock.withLock {
            box.issues.append((issue.sourceLocation?.line ?? 0, issue.comments.map(\.rawValue).joined(), issue.sourceLocation?.filePath ?? ""))
        }
        return true
    }
    let seen = box.issues
    #expect(seen.count == expected.count, "\(seen)", sourceLocation: sourceLocation)
    for (s, e) in zip(seen, expected) {
        #expect(s.line == e.line && s.file == doc, "\(s)", sourceLocation: sourceLocation)
        #expect(s.message.hasPrefix("\(doc):\(e.line): ") && s.message.contains(e.message), "\(s.message)", sourceLocation: sourceLocation)
    }
}

@Suite("error-codes checks")
struct ErrorCodeCheckTests {
    @Test("numbered errors: found by code; name, status and retryable read through the DocSpec protocols")
    func numbered() {
        DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(10), name: "BadInputError", code: 4001, status: 400, retryable: "no"), ServiceError.self)
        expectIssues([(11, "HTTP status of OverloadedError: the library has 503, the docs say 500")]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(11), name: "OverloadedError", code: 5031, status: 500), ServiceError.self)
        }
        expectIssues([(12, "has no case with code 9999")]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(12), name: "GoneError", code: 9999), ServiceError.self)
        }
        expectIssues([(13, #"the library has "OverloadedError", the docs say "BusyError""#)]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(13), name: "BusyError", code: 5031), ServiceError.self)
        }
    }

    @Test("plain enums without numbers: found by case name in any usual spelling; no status column needed")
    func plain() {
        for name in ["TooSmallError", "TooSmall", "tooSmall"] {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(20), name: name), ShapeError.self)
        }
        expectIssues([(21, "ShapeError has no case named Bent (it has: tooSmall, tooLarge, unknownCorner)")]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(21), name: "Bent"), ShapeError.self)
        }
        expectIssues([(22, "the table has a status column, but ShapeError has no HTTP status")]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(22), name: "TooLarge", status: 400), ShapeError.self)
        }
        expectIssues([(23, "has no numeric code (conform it to DocSpecNumbered)")]) {
            DocSpecCheck.errorCode(DocSpecErrorCodeRow(ref: at(23), name: "TooLarge", code: 7), ShapeError.self)
        }
    }

    @Test("complete: a case the table leaves out is reported at the table, a listed case the library lacks at its row")
    func complete() {
        let table = DocSpecTable(ref: at(30), rows: [
            DocSpecErrorCodeRow(ref: at(32), name: "TooSmallError"), DocSpecErrorCodeRow(ref: at(33), name: "Bent"),
            DocSpecErrorCodeRow(ref: at(34), name: "TooLargeError"),
        ])
        expectIssues([(33, "ShapeError has no case named Bent"), (30, "has the case unknownCorner that this table (marked complete) does not list")]) {
            DocSpecCheck.complete(table, ShapeError.self)
        }
        let numbered = DocSpecTable(ref: at(40), rows: [DocSpecErrorCodeRow(ref: at(42), name: "BadInputError", code: 4001)])
        expectIssues([(40, "raw value 5031 that this table (marked complete) does not list")]) {
            DocSpecCheck.complete(numbered, ServiceError.self)
        }
    }
}

@Suite("enum checks")
struct EnumCheckTests {
    @Test("int-enum: raw value and case name; string-enum: raw value; complete both ways")
    func enums() {
        DocSpecCheck.intEnum(DocSpecIntEnumRow(ref: at(5), value: 4, caseName: "square"), Corners.self)
        expectIssues([(6, "case of Corners with raw value 3: the library has \"triangle\", the docs say \"trigon\"")]) {
            DocSpecCheck.intEnum(DocSpecIntEnumRow(ref: at(6), value: 3, caseName: "trigon"), Corners.self)
        }
        DocSpecCheck.stringEnum(DocSpecStringEnumRow(ref: at(7), value: "RED"), Palette.self)
        expectIssues([(8, #"Palette has no case with raw value "BLUE""#)]) {
            DocSpecCheck.stringEnum(DocSpecStringEnumRow(ref: at(8), value: "BLUE"), Palette.self)
        }
        expectIssues([(9, #"has a case with raw value "GREEN" that this table (marked complete) does not list"#)]) {
            DocSpecCheck.complete(DocSpecTable(ref: at(9), rows: [DocSpecStringEnumRow(ref: at(11), value: "RED")]), Palette.self)
        }
    }

    @Test("a table whose data does not decode fails at a row instead of trapping")
    func badData() {
        let table = DocSpecTable<DocSpecIntEnumRow>.load(#"{"file": "docs-ja/shapes.md", "rows": 3}"#)
        #expect(table.rows.count == 1)
        withKnownIssue {
            DocSpecCheck.intEnum(table.rows[0], Corners.self)
        } matching: { $0.comments.map(\.rawValue).joined().contains("the generated table data does not decode") }
    }

    @Test("a data file is read from beside the generated file, and a missing one fails at its path")
    func loadBesides() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("shapes.swift").path
        try Data(#"{"//":"Generated by DocSpec","file":"docs-ja/shapes.md","line":3,"rows":[{"line":5,"value":3,"case":"triangle"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("data/shapes.table2.json"))
        let table = DocSpecTable<DocSpecIntEnumRow>.load("data/shapes.table2.json", besides: page)
        #expect(table.ref == at(3))
        #expect(table.rows == [DocSpecIntEnumRow(ref: at(5), value: 3, caseName: "triangle")])
        let missing = DocSpecTable<DocSpecIntEnumRow>.load("data/shapes.table9.json", besides: page)
        #expect(missing.rows.count == 1)
        #expect(missing.rows[0].ref == DocSpecRef(file: folder.appendingPathComponent("data/shapes.table9.json").path, line: 1))
        withKnownIssue {
            DocSpecCheck.intEnum(missing.rows[0], Corners.self)
        } matching: { $0.comments.map(\.rawValue).joined().contains("the generated table data cannot be read") }
    }

    @Test("load sets each row's file from the table and keeps lines and optional cells")
    func load() {
        let table = DocSpecTable<DocSpecErrorCodeRow>.load(#"{"file":"docs-ja/shapes.md","line":3,"rows":[{"line":5,"name":"TooSmall"},{"line":6,"name":"BadInputError","code":4001,"status":400,"retryable":"no"}]}"#)
        #expect(table.ref == at(3))
        #expect(table.rows == [
            DocSpecErrorCodeRow(ref: at(5), name: "TooSmall"),
            DocSpecErrorCodeRow(ref: at(6), name: "BadInputError", code: 4001, status: 400, retryable: "no"),
        ])
    }
}

@Suite("fields, json-object and endpoint checks")
struct FieldCheckTests {
    static let baseline = #"{"size": 5, "corners": 4}"#
    static func decode(_ data: Data) throws -> Shape { try JSONDecoder().decode(Shape.self, from: data) }

    @Test("values outside the documented range fail with a plain enum error matched by case name")
    func plainErrors() {
        let row = DocSpecFieldRow(ref: at(50), key: "size", required: true, valid: ["1", "9"], invalid: ["0", "10"], errorName: "TooSmallError")
        // 10 throws tooLarge, not tooSmall: reported at the row.
        expectIssues([(50, "size = 10 should fail with TooSmallError, got tooLarge")]) {
            DocSpecCheck.field(row, baseline: Self.baseline, decode: Self.decode, validate: { try $0.validate() })
        }
        let ok = DocSpecFieldRow(ref: at(51), key: "size", required: true, valid: ["1", "9"], invalid: ["0"], errorName: "tooSmall")
        DocSpecCheck.field(ok, baseline: Self.baseline, decode: Self.decode, validate: { try $0.validate() })
        let optional = DocSpecFieldRow(ref: at(52), key: "corners", required: false, valid: ["3"], invalid: [], errorName: "—")
        DocSpecCheck.field(optional, baseline: Self.baseline, decode: Self.decode, validate: { try $0.validate() })
    }

    @Test("a value documented as invalid that validates is reported at the row")
    func validatesWrongly() {
        let row = DocSpecFieldRow(ref: at(60), key: "size", required: true, valid: [], invalid: ["5"], errorName: "TooSmall")
        expectIssues([(60, "size = 5 is outside the documented values but validates; expected TooSmall")]) {
            // (A missing size fails with tooSmall, as documented.)
            DocSpecCheck.field(row, baseline: Self.baseline, decode: Self.decode, validate: { try $0.validate() })
        }
    }

    @Test("endpoint: environments are whatever the table names")
    func endpoint() {
        DocSpecCheck.endpoint(DocSpecEndpointRow(ref: at(70), environment: "Local", method: "GET", baseURL: "http://127.0.0.1:8080", path: "/v1/shapes/{id}"), GetShape.self)
        expectIssues([(71, "building the URL for Production failed")]) {
            DocSpecCheck.endpoint(DocSpecEndpointRow(ref: at(71), environment: "Production", method: "GET", baseURL: "https://x", path: "/v1/shapes/{id}"), GetShape.self)
        }
    }

    @Test("json-object: key, JSON type and literal")
    func jsonObject() {
        let example = { Data(#"{"alg": "ES256", "size": 3}"#.utf8) }
        DocSpecCheck.jsonKey(DocSpecJSONKeyRow(ref: at(80), key: "alg", type: "string", value: #""ES256""#), example: example)
        expectIssues([(81, #""size" is a JSON integer in the library, the docs say string"#)]) {
            DocSpecCheck.jsonKey(DocSpecJSONKeyRow(ref: at(81), key: "size", type: "string"), example: example)
        }
        expectIssues([(82, #"has the key "size", which the table does not document"#)]) {
            DocSpecCheck.completeKeys(DocSpecTable(ref: at(82), rows: [DocSpecJSONKeyRow(ref: at(83), key: "alg", type: "string")]), example: example)
        }
    }
}

@Suite("doc-test reporting")
struct DocTestReportingTests {
    struct Boom: Error {}

    @Test("a thrown error is reported at the line of the statement that threw; a throws sample that returns at its first line")
    func thrown() {
        expectIssues([(14, "the sample threw")]) { DocSpecDocTest.thrown(Boom(), at(14)) }
        expectIssues([(12, "marked throws, but it returned without throwing")]) { DocSpecDocTest.didNotThrow(at(12)) }
    }
}
