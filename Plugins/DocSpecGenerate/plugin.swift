import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory docspec-generate [options]`: runs
/// `docspec generate [options]` in the package's folder, so `Generated/` (or the config's
/// `output`) is rewritten exactly as `docspec generate` rewrites it, and created (with its
/// support file, also when the docs have nothing to test yet) when it does not exist: run it
/// before adding the test target whose path is that folder. Extra arguments go to
/// `docspec generate` unchanged (`--check`, `--config`, `--locale`, `--output`, …).
@main
struct DocSpecGenerate: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let docspec = try context.tool(named: "docspec")
        let process = Process()
        process.executableURL = docspec.url
        process.arguments = ["generate"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw DocSpecPluginError(command: (["docspec", "generate"] + arguments).joined(separator: " "), status: process.terminationStatus, signalled: process.terminationReason != .exit)
        }
    }
}

/// `docspec` failed; its own messages are already on standard error.
struct DocSpecPluginError: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let signalled: Bool

    var description: String {
        signalled ? "'\(command)' was terminated by signal \(status)" : "'\(command)' exited with status \(status)"
    }
}
