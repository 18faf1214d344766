/// A small structured description of the Swift that DocSpec generates. The translator
/// (`ConformanceTranslator`) builds these values from the spec; only `SwiftRenderer` writes text.
/// Doc text can enter only through `.string` literals, which the renderer escapes; type names
/// enter only through `.type`, which the translator validates as identifiers first.
public indirect enum SwiftExpr: Hashable, Sendable {
    /// A string literal (escaped when rendered).
    case string(String)
    case int(Int64)
    case bool(Bool)
    case `nil`
    /// An array literal, rendered one element per line when it has several.
    case array([SwiftExpr])
    /// A tuple literal.
    case tuple([SwiftExpr])
    /// A validated type or member path, e.g. `APIError` or `Self.sample1`.
    case type(String)
    /// `callee(label: arg, …)`; `callee` is a validated path.
    case call(String, [Argument])
    /// A trailing-closure-free closure `{ params in body }`; `body` is an expression.
    case closure(params: [String], body: SwiftExpr)
    /// `try expr`.
    case `try`(SwiftExpr)
    /// `expr.member` where member is a validated identifier.
    case member(SwiftExpr, String)

    public struct Argument: Hashable, Sendable {
        public var label: String?
        public var value: SwiftExpr
        public init(_ label: String?, _ value: SwiftExpr) {
            self.label = label
            self.value = value
        }
    }
}

/// A `@Test` function.
public struct TestDecl: Hashable, Sendable {
    public var name: String
    public var displayName: String
    /// Parameterised tests: the argument list and the parameter's type.
    public var arguments: SwiftExpr?
    public var parameterType: String?
    public var body: [SwiftExpr]
}

/// A `static let` stored in a suite (e.g. a JSON sample).
public struct StaticLet: Hashable, Sendable {
    public var name: String
    public var value: SwiftExpr
}

/// A `@Suite struct` holding one page's tests.
public struct SuiteDecl: Hashable, Sendable {
    public var typeName: String
    public var displayName: String
    public var statics: [StaticLet]
    public var tests: [TestDecl]
}

/// One generated Swift file.
public struct SwiftFileDecl: Hashable, Sendable {
    /// Comment lines at the top (escaped when rendered).
    public var header: [String]
    public var imports: [String]
    public var suites: [SuiteDecl]
}
