import Testing

@testable import LocaleDrift

/// `row-key-mismatch` compares the ASCII words of a row key with the translation's leading cells:
/// split on scalars where that is the same as splitting on characters (ASCII without CR), on
/// characters elsewhere (a CR LF pair is one character, not a separator).
@Suite("renamed row keys")
struct RenamedRowKeyTests {
    @Test func renamedName() {
        #expect(StructureDriftRule.Context.renamedKey("101 Switching Protocols", in: ["101", "Switching Protocol"]) == "101 Switching Protocol")
        #expect(StructureDriftRule.Context.renamedKey("101 Switching Protocols", in: ["101 Switching Protocols", "説明"]) == nil)
        #expect(StructureDriftRule.Context.renamedKey("226 IM Used", in: ["226", "IM Used (HTTP Delta encoding)"]) == nil)
        #expect(StructureDriftRule.Context.renamedKey("101 Switching Protocols", in: ["101\u{A0}Switching\u{A0}Protocol"]) == "101 Switching Protocol")
    }

    @Test func carriageReturnLineFeedIsNoSeparator() {
        // `&#13;&#10;` decoded inside a cell: one character, part of the word, so the cell's
        // words are not ASCII words split at the LF with a CR left on one of them.
        #expect(StructureDriftRule.Context.renamedKey("101 Switching Protocols", in: ["101\r\nSwitching Protocol"]) == nil)
        #expect(StructureDriftRule.Context.renamedKey("101\r\nSwitching Protocols", in: ["101 Switching Protocol"]) == nil)
        #expect(StructureDriftRule.Context.renamedKey("101 Switching Protocols", in: ["101\nSwitching Protocol"]) == "101 Switching Protocol")
    }
}
