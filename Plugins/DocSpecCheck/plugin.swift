import Foundation
import PackagePlugin

/// `swift package docspec-check [options]`: runs `docspec generate --check [options]` in the
/// package's folder. It writes nothing (so it needs no permission) and fails, naming each file,
/// when `Generated/` (or the config's `output`) is missing a file, has an outdated one or has one
/// no page produces any more. Extra arguments go to `docspec generate --check` unchanged.
@main
struct DocSpecCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let docspec = try context.tool(named: "docspec")
        let process = Process()
        process.executableURL = docspec.url
        process.arguments = ["generate", "--check"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw DocSpecPluginError(command: (["docspec", "generate", "--check"] + arguments).joined(separator: " "), status: process.terminationStatus, signalled: process.terminationReason != .exit)
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
