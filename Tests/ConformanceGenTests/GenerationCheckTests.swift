import ConformanceGen
import Foundation
import Testing

@Suite("GenerationCheck: stale detection and writing")
struct GenerationCheckTests {
    static let files = [
        file("a.swift", "\(mark) a\n"),
        file("b.swift", "\(mark) b\n"),
        file("DocSpecSupport.swift", "\(mark) support\n"),
    ]

    /// The first line of every generated file.
    static let mark = GenerationCheck.generatedMarker

    static func file(_ name: String, _ contents: String) -> GeneratedFile {
        GeneratedFile(name: name, contents: contents)
    }

    static let oldDate = Date(timeIntervalSince1970: 1_000_000_000)

    func modificationDate(_ folder: TempFolder, _ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(name).path)[.modificationDate] as? Date
    }

    func setOld(_ folder: TempFolder, _ name: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Self.oldDate], ofItemAtPath: folder.url.appendingPathComponent(name).path)
    }

    @Test("an up-to-date folder has nothing stale")
    func upToDate() throws {
        let folder = try TempFolder()
        for f in Self.files { try folder.write(f.name, f.contents) }
        try folder.write("README.md", "not swift\n")
        #expect(GenerationCheck.stale(Self.files, in: folder.url).isEmpty)
    }

    @Test("missing, outdated and extra files are all reported, in a stable order")
    func detectsEverything() throws {
        let folder = try TempFolder()
        try folder.write("a.swift", "\(Self.mark) a\n")
        try folder.write("b.swift", "\(Self.mark) b, edited by hand\n")
        try folder.write("old.swift", "\(Self.mark) from a deleted page\n")
        try folder.write("Mine.swift", "// hand-written\n")
        try folder.write("notes.txt", "kept\n")
        try folder.write("Old.SWIFT.bak", "kept\n")
        let stale = GenerationCheck.stale(Self.files, in: folder.url)
        #expect(stale == [GenerationCheck.Staleness.outdated("b.swift"), .missing("DocSpecSupport.swift"), .extra("old.swift")])
        #expect(stale.map(\.fileName) == ["b.swift", "DocSpecSupport.swift", "old.swift"])
    }

    @Test("a file differing only in a trailing newline or line endings is outdated")
    func byteExact() throws {
        let folder = try TempFolder()
        try folder.write("a.swift", "\(Self.mark) a")
        try folder.write("b.swift", "\(Self.mark) b\r\n")
        try folder.write("DocSpecSupport.swift", "\(Self.mark) support\n")
        #expect(GenerationCheck.stale(Self.files, in: folder.url) == [GenerationCheck.Staleness.outdated("a.swift"), .outdated("b.swift")])
    }

    @Test("a missing output folder makes every file missing")
    func missingFolder() throws {
        let folder = try TempFolder()
        let stale = GenerationCheck.stale(Self.files, in: folder.url.appendingPathComponent("Generated"))
        #expect(stale == Self.files.map { GenerationCheck.Staleness.missing($0.name) })
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Generated").path))
    }

    @Test("stale reads only: the folder is byte-for-byte unchanged and no date moves")
    func staleWritesNothing() throws {
        let folder = try TempFolder()
        try folder.write("b.swift", "\(Self.mark) b, edited\n")
        try folder.write("old.swift", "\(Self.mark) old\n")
        try folder.write("notes.txt", "kept\n")
        for name in ["b.swift", "old.swift", "notes.txt"] { try setOld(folder, name) }
        let before = try folder.snapshot()
        _ = GenerationCheck.stale(Self.files, in: folder.url)
        #expect(try folder.snapshot() == before)
        for name in ["b.swift", "old.swift", "notes.txt"] { #expect(try modificationDate(folder, name) == Self.oldDate) }
    }

    @Test("write creates missing files, rewrites outdated ones, removes extra .swift and keeps the rest")
    func writeFixesEverything() throws {
        let folder = try TempFolder()
        try folder.write("a.swift", "\(Self.mark) a\n")
        try folder.write("b.swift", "\(Self.mark) b, edited\n")
        try folder.write("old.swift", "\(Self.mark) old\n")
        try folder.write("notes.txt", "kept\n")
        try folder.write("old.swift.orig", "kept\n")
        try setOld(folder, "a.swift")
        try folder.write("Mine.swift", "// hand-written, kept\n")
        let done = try GenerationCheck.write(Self.files, to: folder.url)
        #expect(done.written == ["b.swift", "DocSpecSupport.swift"])
        #expect(done.removed == ["old.swift"])
        #expect(folder.read("Mine.swift") == "// hand-written, kept\n", "a file DocSpec did not generate is never removed")
        for f in Self.files { #expect(folder.read(f.name) == f.contents) }
        #expect(folder.read("old.swift") == nil)
        #expect(folder.read("notes.txt") == "kept\n")
        #expect(folder.read("old.swift.orig") == "kept\n")
        #expect(try modificationDate(folder, "a.swift") == Self.oldDate, "an unchanged file is not rewritten")
        #expect(GenerationCheck.stale(Self.files, in: folder.url).isEmpty)
        // Atomic writes leave no temporary files behind.
        #expect(try folder.snapshot().keys.sorted() == ["DocSpecSupport.swift", "Mine.swift", "a.swift", "b.swift", "notes.txt", "old.swift.orig"])
    }

    @Test("writing an up-to-date folder changes nothing")
    func writeIsIdempotent() throws {
        let folder = try TempFolder()
        #expect(try GenerationCheck.write(Self.files, to: folder.url).written.count == 3)
        for f in Self.files { try setOld(folder, f.name) }
        #expect(try GenerationCheck.write(Self.files, to: folder.url) == GenerationCheck.WriteResult())
        for f in Self.files { #expect(try modificationDate(folder, f.name) == Self.oldDate) }
    }

    @Test("write creates the output folder, nested folders included")
    func writeCreatesFolder() throws {
        let folder = try TempFolder()
        let out = folder.url.appendingPathComponent("x/y/Generated")
        #expect(try GenerationCheck.write(Self.files, to: out).written == ["a.swift", "b.swift", "DocSpecSupport.swift"])
        #expect(GenerationCheck.stale(Self.files, in: out).isEmpty)
    }

    @Test("write throws, not traps, when the output path is a file")
    func writeToAFile() throws {
        let folder = try TempFolder()
        try folder.write("Generated", "a file, not a folder\n")
        let target = folder.url.appendingPathComponent("Generated")
        #expect(throws: (any Error).self) {
            try GenerationCheck.write(Self.files, to: target)
        }
        #expect(folder.read("Generated") == "a file, not a folder\n")
    }

    @Test("a hand-written file with a generated file's name is never overwritten, and nothing is written")
    func foreignFileIsNotOverwritten() throws {
        let folder = try TempFolder()
        try folder.write("b.swift", "import Foundation // hand-written\n")
        let before = try folder.snapshot()
        #expect(throws: GenerationCheck.ForeignFileError.self) {
            try GenerationCheck.write(Self.files, to: folder.url)
        }
        #expect(try folder.snapshot() == before)
    }

    @Test("only files starting with the generated marker count as extra")
    func extraNeedsTheMarker() throws {
        let folder = try TempFolder()
        for f in Self.files { try folder.write(f.name, f.contents) }
        try folder.write("Package.swift", "// swift-tools-version:6.0\n")
        try folder.write("Gone.swift", "\(Self.mark) from a deleted page\n")
        #expect(GenerationCheck.stale(Self.files, in: folder.url) == [.extra("Gone.swift")])
    }
}

@Suite("Generated files carry the marker")
struct GeneratedMarkerTests {
    @Test("every file the generator writes starts with the marker that makes it replaceable")
    func everyFileStartsWithTheMarker() throws {
        let page = try #require(specPage("---\nid: m\n---\n\n<!-- docspec:table kind=string-enum symbol=S -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n"))
        let (files, _) = generate([page])
        #expect(files.count == 2)
        for f in files {
            #expect(f.contents.hasPrefix(f.name.hasSuffix(".json") ? GenerationCheck.jsonMarker : GenerationCheck.generatedMarker), "\(f.name)")
        }
    }

    @Test("a file that exists but is not generated is foreign, never missing or outdated")
    func foreignIsItsOwnCase() throws {
        let folder = try TempFolder()
        try folder.write("a.swift", "// mine\n")
        #expect(GenerationCheck.stale([GeneratedFile(name: "a.swift", contents: "\(GenerationCheck.generatedMarker) a\n")], in: folder.url) == [.foreign("a.swift")])
    }
}
