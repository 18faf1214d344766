// Spec extraction: any bytes parsed, then SpecExtractor (directives, spec tables of every kind,
// code samples, headings, links, front matter ids).
// Oracles: extraction is deterministic; every diagnostic, table row and code sample points
// inside the page.
import FuzzSupport
import SpecModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtractOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    guard let (page, diagnostics) = extractPage(input, locale: "ja") else { return 0 }
    checkLocations(diagnostics, in: [page])
    for table in page.tables {
        for row in table.rows {
            checkLocation(row.range.start, "spec table \(table.id) row", in: [page])
            for cell in row.cells where !table.columns.contains(cell.column) {
                oracleFailure("cell column '\(cell.column)' is not a column of table \(table.id) \(table.columns)")
            }
        }
    }
    for sample in page.codeSamples { checkLocation(sample.range.start, "code sample", in: [page]) }
    guard let again = extractPage(input, locale: "ja"), again.page == page, again.diagnostics == diagnostics else {
        oracleFailure("extracting the same bytes twice gave different pages")
    }
    return 0
}

@_cdecl("fuzz_extract_main")
public func fuzzExtractMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzExtractOne)
}
