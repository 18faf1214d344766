import DocSpecKit
import Foundation
import Testing

/// The `docspec fix` acceptance test: invariant drift (numbers, inline code, link targets, info
/// strings, spec-table codes) planted into copies of the bundled Russian docs and the corpus's
/// Russian pages is repaired exactly: every page is byte for byte what it was before planting
/// (so no prose changed), lint shows the findings it showed then, and a second fix is a no-op.
@Suite("docspec fix on planted drift")
struct FixAcceptanceTests {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A doc set copied into a temporary folder: the folders, the arguments that lint it and
    /// its target locale's folder.
    struct DocCopy {
        var workspace: Workspace
        var locales: [String]
        var targetFolder: String
        var sourceFolder: String
    }

    static func copies() throws -> [DocCopy] {
        var out: [DocCopy] = []
        let fm = FileManager.default
        let bundled = try Workspace()
        for item in ["docs-ja", "docs-ru", "docspec.yml"] {
            try fm.copyItem(at: packageRoot.appendingPathComponent(item), to: bundled.url(item))
        }
        out.append(DocCopy(workspace: bundled, locales: [], targetFolder: "docs-ru", sourceFolder: "docs-ja"))
        for project in CorpusSmokeTests.projects {
            let w = try Workspace()
            for l in ["ja", "ru"] { try fm.copyItem(at: CorpusSmokeTests.corpus.appendingPathComponent("\(project)/\(l)"), to: w.url(l)) }
            out.append(DocCopy(workspace: w, locales: ["--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"], targetFolder: "ru", sourceFolder: "ja"))
        }
        return out
    }

    static func pages(_ w: Workspace, _ folder: String) -> [String] {
        let root = w.url(folder)
        let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var out: [String] = []
        while let u = e?.nextObject() as? URL {
            guard u.pathExtension == "md" else { continue }
            out.append(folder + "/" + u.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }
        return out.sorted()
    }

    static let fixedRules = ["number-mismatch", "inline-code-mismatch", "link-mismatch", "code-sample-mismatch", "cell-mismatch"]

    static func lintLines(_ w: Workspace, _ locales: [String]) -> [String] {
        let r = w.run(["lint"] + locales)
        return r.err.split(separator: "\n").map(String.init).filter { line in fixedRules.contains { line.hasSuffix("[\($0)]") } }
    }

    struct Finding {
        var rule: String
        var file: String
        var message: String
        /// The finding's location and its notes' (file, line).
        var lines: [(String, Int)]
    }

    static func findings(_ json: String) throws -> [Finding] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let list = object?["diagnostics"] as? [[String: Any]] ?? []
        func at(_ l: Any?) -> (String, Int)? {
            guard let l = l as? [String: Any], let f = l["file"] as? String, let n = l["line"] as? Int else { return nil }
            return (f, n)
        }
        return list.map { d in
            let notes = (d["notes"] as? [[String: Any]] ?? []).compactMap { at($0["location"]) }
            return Finding(
                rule: d["rule"] as? String ?? "", file: (d["location"] as? [String: Any])?["file"] as? String ?? "", message: d["message"] as? String ?? "",
                lines: (at(d["location"]).map { [$0] } ?? []) + notes)
        }
    }

    @Test("planted drift is repaired exactly, lint is as before, and a second run is a no-op")
    func plantedDrift() throws {
        var planter = DriftPlanter(seed: 16)
        var all: [DriftPlanter.Plant] = []
        var failures: [String] = []
        var unseen: [DriftPlanter.Plant] = []
        for copy in try Self.copies() {
            let w = copy.workspace
            // Mechanical drift the pages already have is fixed first; planting starts from there.
            w.run(["fix"] + copy.locales)
            let before = Dictionary(uniqueKeysWithValues: Self.pages(w, copy.targetFolder).map { ($0, w.read($0) ?? "") })
            let lintBefore = Self.lintLines(w, copy.locales)
            var busy: [String: Set<Int>] = [:]
            for f in try Self.findings(w.run(["lint", "--format", "json"] + copy.locales).out) where Self.fixedRules.contains(f.rule) {
                for (file, line) in f.lines { busy[file, default: []].insert(line) }
            }
            var plants: [DriftPlanter.Plant] = []
            for (path, text) in before.sorted(by: { $0.key < $1.key }) {
                let sourcePath = copy.sourceFolder + path.dropFirst(copy.targetFolder.count)
                guard let source = w.read(sourcePath) else { continue }
                let (planted, p) = planter.plant(file: path, source: source, target: text, limit: 3, busy: busy[path] ?? [])
                if p.isEmpty { continue }
                try w.write(path, planted)
                plants += p
            }
            // A plant counts when lint names its token in a finding about its page (a drift the
            // rules do not see, e.g. in a table the source has twice, is nothing to fix).
            let json = w.run(["lint", "--format", "json"] + copy.locales)
            let findings = try Self.findings(json.out)
            let seen = plants.filter { p in
                let token = (p.token as NSString).deletingPathExtension.lowercased()
                return findings.contains { $0.file == p.file && Self.fixedRules.contains($0.rule) && $0.message.lowercased().contains(token) }
            }
            all += seen
            let unseenHere = plants.filter { p in !seen.contains { $0.file == p.file && $0.line == p.line } }
            unseen += unseenHere
            // A plant lint does not see is taken out again before fixing: nothing is there to fix,
            // and left in, it can move the pair's alignment so that another finding of the page
            // changes, which says nothing about `fix`.
            for (file, lines) in Dictionary(grouping: unseenHere, by: \.file) {
                guard var text = w.read(file)?.components(separatedBy: "\n") else { continue }
                for p in lines where p.line - 1 < text.count && text[p.line - 1] == p.planted { text[p.line - 1] = p.original }
                try w.write(file, text.joined(separator: "\n"))
            }
            plants = seen
            let dry = w.run(["fix", "--dry-run"] + copy.locales)
            #expect(dry.status == (plants.isEmpty ? 0 : 1), "\(dry.transcript)")
            // The dry run wrote nothing.
            for p in plants { #expect(w.read(p.file)?.components(separatedBy: "\n")[p.line - 1] == p.planted, "dry run wrote \(p.file)") }
            let fixed = w.run(["fix"] + copy.locales)
            #expect(fixed.status == 0, "\(fixed.transcript)")
            for (path, text) in before {
                let now = w.read(path) ?? ""
                guard now != text else { continue }
                let a = text.components(separatedBy: "\n")
                let b = now.components(separatedBy: "\n")
                for k in 0..<max(a.count, b.count) where (k < a.count ? a[k] : nil) != (k < b.count ? b[k] : nil) {
                    if unseen.contains(where: { $0.file == path && $0.line == k + 1 && $0.planted == b[k] }) { continue }
                    let plant = plants.first { $0.file == path && $0.line == k + 1 }
                    failures.append("\(path):\(k + 1): \(plant.map { "plant not repaired: \($0)" } ?? "line changed that no plant touched") — now '\(k < b.count ? b[k] : "")'")
                }
            }
            let lintAfter = Self.lintLines(w, copy.locales)
            #expect(lintAfter == lintBefore, "lint differs from before planting: new \(lintAfter.filter { !lintBefore.contains($0) }), gone \(lintBefore.filter { !lintAfter.contains($0) })")
            let fixedFiles = Dictionary(uniqueKeysWithValues: before.keys.map { ($0, w.read($0)) })
            let pending = w.run(["fix", "--dry-run"] + copy.locales)
            #expect(pending.status == 0, "left to fix after the run:\n\(pending.out)")
            let again = w.run(["fix"] + copy.locales)
            #expect(again.err.contains("fixed 0 findings"), "second run: \(again.transcript)")
            for (path, text) in fixedFiles { #expect(w.read(path) == text, "second run changed \(path)") }
        }
        let byKind = Dictionary(grouping: all, by: \.kind).map { "\($0.key.rawValue) \($0.value.count)" }.sorted().joined(separator: ", ")
        print("docspec fix acceptance: \(all.count) plants seen by lint (\(byKind)); \(unseen.count) not seen: \(unseen)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(all.count >= 50, "only \(all.count) plants that lint sees: \(all)")
        // Most plants must be drift the rules see; the others are listed for review.
        #expect(unseen.count * 4 < all.count, "lint saw none of: \(unseen)")
        for kind in DriftPlanter.Kind.allCases { #expect(all.contains { $0.kind == kind }, "no \(kind) planted") }
    }
}
