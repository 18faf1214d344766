// `docspec fix` on a page pair: the input is split at its first 0xFF byte (a byte valid UTF-8
// never holds) into a source page (ja) and its translation (ru); without one, the input is both.
// The translation is fixed as `docspec fix` does (every fix of the drift rules' findings on it,
// non-overlapping ones at once, up to 4 passes), in memory.
// Oracles: every fix edit lies inside the translation; a second fix is a no-op (nothing is left
// to apply); after fixing, no finding of a fixed rule carries a fix that touches a span a fix
// wrote; checking is deterministic; never a crash.
import DocDiagnostics
import DocSpecKit
import FuzzSupport
import LocaleDrift
import SpecModel

/// The fixes the drift rules offer on `target` against `source`, checked for their ranges.
func fixes(_ source: SpecPage, _ targetBytes: [UInt8]) -> (fixes: [Fix], findings: [Diagnostic])? {
    guard let target = extractPage(targetBytes, locale: "ru")?.page else { return nil }
    let findings = DriftChecker().check(PagePair(source: source, target: target))
    checkLocations(findings, in: [source, target])
    let fixes = findings.compactMap(\.fix).filter { !$0.inserts && $0.file == target.path }
    for f in fixes {
        for e in f.edits where e.range.lowerBound < 0 || e.range.upperBound > targetBytes.count || e.range.isEmpty && e.replacement.isEmpty {
            oracleFailure("\(f.ruleID) fix edit \(e.range) is outside the translation (\(targetBytes.count) bytes) or empty")
        }
    }
    return (fixes, findings)
}

/// `s` (a range of the old text) where it is once `edits` (non-overlapping, of the old text) are
/// applied; `nil` when an edit rewrites it.
func shifted(_ s: Range<Int>, by edits: [TextEdit]) -> Range<Int>? {
    var delta = 0
    for e in edits {
        if e.range.upperBound <= s.lowerBound {
            delta += e.replacement.utf8.count - e.range.count
        } else if e.range.lowerBound < s.upperBound {
            return nil  // rewritten by a later fix: no longer the span that was written
        }
    }
    return (s.lowerBound + delta)..<(s.upperBound + delta)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let cut = input.firstIndex(of: 0xFF)
    let sourceBytes = cut.map { Array(input[..<$0]) } ?? input
    var text = cut.map { Array(input[($0 + 1)...]) } ?? input
    guard let source = extractPage(sourceBytes, locale: "ja")?.page else { return 0 }
    // Spans the fixes wrote (ranges of the current text), with the rule that wrote each.
    var written: [(rule: String, span: Range<Int>)] = []
    for _ in 0..<4 {
        guard let (offered, _) = fixes(source, text) else { return 0 }
        let outcome = FixApplier.apply(offered, to: text)
        if outcome.applied.isEmpty { break }
        let edits = outcome.applied.flatMap(\.edits).sorted { $0.range.lowerBound < $1.range.lowerBound }
        written = written.compactMap { w in shifted(w.span, by: edits).map { (w.rule, $0) } }
        var delta = 0
        for e in edits {
            let rule = outcome.applied.first { $0.edits.contains(e) }?.ruleID ?? ""
            let start = e.range.lowerBound + delta
            written.append((rule, start..<(start + e.replacement.utf8.count)))
            delta += e.replacement.utf8.count - e.range.count
        }
        text = outcome.bytes
    }
    // The second `fix`: nothing left to apply.
    guard let (again, findings) = fixes(source, text) else {
        oracleFailure("the fixed translation no longer parses")
    }
    let second = FixApplier.apply(again, to: text)
    if !second.applied.isEmpty {
        oracleFailure("a second fix still applies \(second.applied.map { "\($0.ruleID) \($0.edits.map(\.range))" })")
    }
    for d in findings {
        guard let fix = d.fix else { continue }
        for w in written where w.rule == d.ruleID && !w.span.isEmpty {
            if fix.edits.contains(where: { $0.range.overlaps(w.span) && String(decoding: text[$0.range], as: UTF8.self) != $0.replacement }) {
                oracleFailure("\(d.ruleID) is reported again on the span \(w.span) a fix wrote: \(d.message)")
            }
        }
    }
    if let (repeated, _) = fixes(source, text), repeated != again {
        oracleFailure("checking the same fixed pair twice offered different fixes")
    }
    return 0
}

@_cdecl("fuzz_fix_main")
public func fuzzFixMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzFixOne)
}
