// Drift on a page pair: the input is split at its first 0xFF byte (a byte valid UTF-8 never
// holds) into a source page (ja) and its translation (ru); without one, the input is both.
// Every drift rule runs on the pair (section and block alignment, tokens, tables, code samples,
// untranslated text, stamps).
// Oracles: every finding and note points inside one of the two pages; the check is deterministic.
import FuzzSupport
import LocaleDrift

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDriftOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let cut = input.firstIndex(of: 0xFF)
    let sourceBytes = cut.map { Array(input[..<$0]) } ?? input
    let targetBytes = cut.map { Array(input[($0 + 1)...]) } ?? input
    guard let source = extractPage(sourceBytes, locale: "ja")?.page,
          let target = extractPage(targetBytes, locale: "ru")?.page else { return 0 }
    let checker = DriftChecker()
    let findings = checker.check(PagePair(source: source, target: target))
    checkLocations(findings, in: [source, target])
    if checker.check(PagePair(source: source, target: target)) != findings {
        oracleFailure("checking the same pair twice gave different findings")
    }
    return 0
}

@_cdecl("fuzz_drift_main")
public func fuzzDriftMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzDriftOne)
}
