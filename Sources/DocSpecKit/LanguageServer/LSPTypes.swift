import Foundation

/// The Language Server Protocol types the server reads and writes (the subset it uses), as
/// `Codable` values. Positions are 0-based lines and **UTF-16 code unit** columns, as LSP
/// requires (`positionEncoding` `utf-16`).
public enum LSP {
    public struct Position: Codable, Hashable, Sendable {
        public var line: Int
        public var character: Int
        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }
    }

    public struct Range: Codable, Hashable, Sendable {
        public var start: Position
        public var end: Position
        public init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }
    }

    public struct Location: Codable, Hashable, Sendable {
        public var uri: String
        public var range: Range
    }

    public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
        public var location: Location
        public var message: String
    }

    public struct Diagnostic: Codable, Hashable, Sendable {
        public var range: Range
        /// 1 error, 2 warning, 3 information, 4 hint.
        public var severity: Int
        public var code: String
        public var source: String = "docspec"
        public var message: String
        public var relatedInformation: [DiagnosticRelatedInformation]?
    }

    public struct PublishDiagnosticsParams: Codable, Sendable {
        public var uri: String
        public var version: Int?
        public var diagnostics: [Diagnostic]
    }

    public struct TextEdit: Codable, Hashable, Sendable {
        public var range: Range
        public var newText: String
    }

    public struct WorkspaceEdit: Codable, Sendable {
        public var changes: [String: [TextEdit]]
    }

    public struct CodeAction: Codable, Sendable {
        public var title: String
        public var kind: String
        public var diagnostics: [Diagnostic]?
        public var isPreferred: Bool?
        public var edit: WorkspaceEdit
    }

    public struct TextDocumentIdentifier: Codable, Sendable { public var uri: String }

    public struct TextDocumentItem: Codable, Sendable {
        public var uri: String
        public var languageId: String?
        public var version: Int
        public var text: String
    }

    public struct VersionedTextDocumentIdentifier: Codable, Sendable {
        public var uri: String
        public var version: Int?
    }

    public struct ContentChange: Codable, Sendable {
        public var range: Range?
        public var text: String
    }

    public struct DidOpenParams: Codable, Sendable { public var textDocument: TextDocumentItem }
    public struct DidChangeParams: Codable, Sendable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var contentChanges: [ContentChange]
    }
    public struct DidSaveParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var text: String?
    }
    public struct DidCloseParams: Codable, Sendable { public var textDocument: TextDocumentIdentifier }

    public struct TextDocumentPositionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
    }

    public struct CodeActionContext: Codable, Sendable {
        public var diagnostics: [Diagnostic]?
        public var only: [String]?
    }

    public struct CodeActionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var range: Range
        public var context: CodeActionContext?
    }

    public struct WorkspaceFolder: Codable, Sendable {
        public var uri: String
        public var name: String?
    }

    public struct InitializeParams: Codable, Sendable {
        public var rootUri: String?
        public var rootPath: String?
        public var workspaceFolders: [WorkspaceFolder]?
    }

    public struct MarkupContent: Codable, Sendable {
        public var kind: String
        public var value: String
    }

    public struct Hover: Codable, Sendable {
        public var contents: MarkupContent
        public var range: Range?
    }

    public struct CancelParams: Codable, Sendable { public var id: RPCID }

    public struct ShowMessageParams: Codable, Sendable {
        /// 1 error, 2 warning, 3 info, 4 log.
        public var type: Int
        public var message: String
    }
}

extension LSP {
    /// A file URI's path (percent-decoded); `nil` for another scheme.
    static func path(fromURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file://` URI of a path.
    static func uri(forPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
