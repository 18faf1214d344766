// Generation: any bytes parsed and extracted, then ConformanceTranslator renders the Swift test
// files; separately, the input as text goes through SwiftRenderer.stringLiteral.
// Oracles (the escaped-literal oracle):
// - the literal is one line of printable text between quotes, and reading it back with Swift's
//   escape rules (decodeSwiftStringLiteral, shared with ConformanceGenTests) gives exactly the
//   input text;
// - with doc tests off, no generated file holds a control, format, line/paragraph separator or
//   private-use character other than the line feeds between lines: page text reaches the code
//   only escaped.
import ConformanceGen
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerateOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let literal = SwiftRenderer.stringLiteral(text)
    checkPrintable(literal, "the literal", allowLineFeed: false)
    guard let value = decodeSwiftStringLiteral(literal) else { oracleFailure("\(literal.debugDescription) is not a well-formed escaped literal") }
    if value.unicodeScalars.elementsEqual(text.unicodeScalars) == false {
        oracleFailure("the literal \(literal.debugDescription) reads back as \(value.debugDescription), not \(text.debugDescription)")
    }

    guard let (page, _) = extractPage(input, locale: "ja") else { return 0 }
    let translator = ConformanceTranslator(options: GeneratorOptions(imports: ["AppStoreServerAPI"]))
    let (files, _) = translator.generate([page])
    for file in files { checkPrintable(file.contents, file.name, allowLineFeed: true) }
    // Doc tests copy code samples verbatim (code, not text), so only crashes count there.
    _ = ConformanceTranslator(options: GeneratorOptions(imports: ["AppStoreServerAPI"], docTestLanguages: ["swift"])).generate([page])
    return 0
}

/// Fails when `s` holds a character that must only appear escaped.
func checkPrintable(_ s: String, _ what: String, allowLineFeed: Bool) {
    for scalar in s.unicodeScalars {
        if scalar == "\n", allowLineFeed { continue }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            oracleFailure("\(what) holds U+\(String(scalar.value, radix: 16, uppercase: true)) unescaped")
        default:
            continue
        }
    }
}

@_cdecl("fuzz_generate_main")
public func fuzzGenerateMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzGenerateOne)
}
