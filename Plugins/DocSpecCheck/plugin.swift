import Foundation
import PackagePlugin

/// `swift package docspec-check [options] [<page>…]`: runs `docspec check [options] [<page>…]`
/// (the CLI's `check`: lint the locales against each other, and verify `Generated/` is up to
/// date) in the package's folder with the plugin-built `docspec`. It writes nothing (so it needs
/// no permission) and fails on findings or stale generated files, naming each. Extra arguments go
/// to `docspec check` unchanged (`--format sarif`, `--changed-since origin/main`, pages, …).
@main
struct DocSpecCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let docspec = try context.tool(named: "docspec")
        let process = Process()
        process.executableURL = docspec.url
        process.arguments = ["check"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw DocSpecPluginError(command: (["docspec", "check"] + arguments).joined(separator: " "), status: process.terminationStatus, signalled: process.terminationReason != .exit)
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
