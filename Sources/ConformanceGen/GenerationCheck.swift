import DocDiagnostics
import Foundation

/// Compares generated files with what is on disk.
public enum GenerationCheck {
    /// A difference between the expected output and the output folder.
    public enum Staleness: Hashable, Sendable {
        case missing(String)
        case outdated(String)
        /// A `.swift` file in the folder that generation would not write.
        case extra(String)

        /// The file name inside the output folder.
        public var fileName: String {
            switch self {
            case .missing(let n), .outdated(let n), .extra(let n): n
            }
        }
    }

    /// Lists files that are missing, outdated or extra in `directory`. Reads only.
    public static func stale(_ files: [GeneratedFile], in directory: URL) -> [Staleness] {
        var out: [Staleness] = []
        let fm = FileManager.default
        for f in files {
            let url = directory.appendingPathComponent(f.name)
            guard let data = fm.contents(atPath: url.path) else {
                out.append(.missing(f.name))
                continue
            }
            if data != Data(f.contents.utf8) { out.append(.outdated(f.name)) }
        }
        let expected = Set(files.map(\.name))
        let present = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in present.sorted() where name.hasSuffix(".swift") && !expected.contains(name) {
            out.append(.extra(name))
        }
        return out
    }

    /// Writes the files atomically (temporary file + rename) and removes extra `.swift` files.
    /// Files whose content is unchanged are not touched.
    ///
    /// - Throws: file-system errors (the folder cannot be created or written).
    public static func write(_ files: [GeneratedFile], to directory: URL) throws -> [String] {
        let fm = FileManager.default
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        var changed: [String] = []
        for s in stale(files, in: directory) {
            switch s {
            case .missing(let name), .outdated(let name):
                guard let f = files.first(where: { $0.name == name }) else { continue }
                try Data(f.contents.utf8).write(to: directory.appendingPathComponent(name), options: .atomic)
                changed.append(name)
            case .extra(let name):
                try fm.removeItem(at: directory.appendingPathComponent(name))
                changed.append(name)
            }
        }
        return changed
    }
}
