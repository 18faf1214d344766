// swift-tools-version:6.0
import PackageDescription

// The docspec executable allocates through jemalloc (Debian libjemalloc-dev): lint builds and frees
// a page model per page on every core, and glibc's malloc either contends on one arena or, with an
// arena per thread, lets resident memory grow with the doc set (Benchmarks/README.md, lint-bench).
// DOCSPEC_SYSTEM_MALLOC=1 in the build's environment links the system malloc instead.
let systemMalloc = ["1", "true", "yes"].contains(Context.environment["DOCSPEC_SYSTEM_MALLOC"]?.lowercased() ?? "")

let package = Package(
    name: "DocSpec",
    products: [
        .executable(name: "docspec", targets: ["docspec"]),
        .library(name: "DocSpecKit", targets: ["DocSpecKit"]),
        .library(name: "AppStoreServerAPI", targets: ["AppStoreServerAPI"]),
        .library(name: "PurchaseFlow", targets: ["PurchaseFlow"]),
        // The runtime checks generated conformance tests call (import DocSpecTesting), and the
        // few protocols a documented library may adopt without linking test code.
        .library(name: "DocSpecTesting", targets: ["DocSpecTesting"]),
        .library(name: "DocSpecConformance", targets: ["DocSpecConformance"]),
        .executable(name: "appstore-consumption", targets: ["appstore-consumption"]),
        // Command plugins for packages that use DocSpec (see docs/adopting.md).
        .plugin(name: "DocSpecGenerate", targets: ["DocSpecGenerate"]),
        .plugin(name: "DocSpecCheck", targets: ["DocSpecCheck"]),
    ],
    targets: [
        // C system libraries (Debian packages; see Makefile `deps`).
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // A bump allocator cmark-gfm parses into (cmark_parser_new_with_mem), see its source.
        .target(name: "CCmarkArena"),

        // The documentation toolkit, layered bottom-up.
        .target(name: "DocDiagnostics"),
        .target(name: "MarkdownSyntax", dependencies: ["CCmarkGFM", "CCmarkArena", "CYAML", "DocDiagnostics"]),
        .target(name: "SpecModel", dependencies: ["MarkdownSyntax", "DocDiagnostics"]),
        // SHA-256 for translation stamps: with MarkdownSyntax, the toolkit's only C consumer.
        .target(name: "ContentHash", dependencies: ["COpenSSL"]),
        // Above SpecModel nothing parses Markdown or YAML itself: pages are read through
        // SpecModel's PageReader, which re-exports the front matter and YAML value types.
        .target(name: "LocaleDrift", dependencies: ["SpecModel", "DocDiagnostics", "ContentHash"]),
        .target(name: "ConformanceGen", dependencies: ["SpecModel", "DocDiagnostics"]),
        .target(
            name: "DocSpecKit",
            dependencies: ["SpecModel", "LocaleDrift", "ConformanceGen", "DocDiagnostics"]),
        .executableTarget(name: "docspec", dependencies: ["DocSpecKit"] + (systemMalloc ? [] : ["CJemalloc"])),
        // What generated conformance tests link: protocols a library may adopt (no dependencies,
        // no Swift Testing), and the checks themselves (Swift Testing, Foundation).
        .target(name: "DocSpecConformance"),
        .target(name: "DocSpecTesting", dependencies: ["DocSpecConformance"]),
        // `swift package --allow-writing-to-package-directory docspec-generate` runs `docspec generate`
        // in the package folder (creating Generated/ first, so it can run before the test target
        // exists); `swift package docspec-check` runs `docspec check` (lint + generate --check).
        .plugin(
            name: "DocSpecGenerate",
            capability: .command(
                intent: .custom(verb: "docspec-generate", description: "Regenerate the conformance tests (docspec generate)"),
                permissions: [.writeToPackageDirectory(reason: "docspec generate writes the generated conformance tests (Generated/)")]),
            dependencies: ["docspec"]),
        .plugin(
            name: "DocSpecCheck",
            capability: .command(
                intent: .custom(verb: "docspec-check", description: "Lint the docs and check the generated conformance tests are up to date; writes nothing (docspec check)")),
            dependencies: ["docspec"]),

        // The core library the docs describe.
        .target(name: "AppStoreServerAPI", dependencies: ["COpenSSL", "DocSpecConformance"]),
        // StoreKit 2 style transactions, entitlements and the purchase coordinator (Linux and Apple).
        .target(name: "PurchaseFlow", dependencies: ["AppStoreServerAPI"]),
        .executableTarget(
            name: "purchaseflow-bench", dependencies: ["PurchaseFlow"], path: "Benchmarks/purchaseflow-bench"),
        // A command-line example: send consumption information to the sandbox.
        .executableTarget(name: "appstore-consumption", dependencies: ["AppStoreServerAPI"]),
        // Benchmarks (release builds; see Benchmarks/README.md).
        .executableTarget(
            name: "appstore-bench", dependencies: ["AppStoreServerAPI"], path: "Benchmarks/appstore-bench"),

        // Language-server latency: diagnostics after one edit of a large page (Scripts/bench-lsp.sh).
        .executableTarget(name: "lsp-bench", dependencies: ["DocSpecKit"], path: "Benchmarks/lsp-bench"),

        // Tests. `DocSpecTestSupport` holds what several test targets share: location markers
        // in fixtures and golden-file comparison with diffs.
        .target(name: "DocSpecTestSupport", dependencies: ["DocDiagnostics"], path: "Tests/DocSpecTestSupport"),
        .testTarget(name: "MarkdownSyntaxTests", dependencies: ["MarkdownSyntax", "DocSpecTestSupport"]),
        .testTarget(name: "SpecModelTests", dependencies: ["SpecModel", "MarkdownSyntax", "DocSpecTestSupport"]),
        .testTarget(name: "LocaleDriftTests", dependencies: ["LocaleDrift", "SpecModel", "DocSpecTestSupport"]),
        .testTarget(
            name: "ConformanceGenTests", dependencies: ["ConformanceGen", "SpecModel", "DocSpecTestSupport", "DocSpecTesting"],
            resources: [.copy("Golden")]),
        .testTarget(
            name: "DocSpecKitTests", dependencies: ["DocSpecKit", "LocaleDrift", "DocDiagnostics", "DocSpecTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "DocSpecTestingTests", dependencies: ["DocSpecTesting"]),
        .testTarget(name: "AppStoreServerAPITests", dependencies: ["AppStoreServerAPI", "DocDiagnostics"]),
        .testTarget(name: "PurchaseFlowTests", dependencies: ["PurchaseFlow", "AppStoreServerAPI"]),
        // The real client against the stand-in App Store server (Tests/StandIn, 127.0.0.1 only).
        .testTarget(name: "AppStoreServerAPIIntegrationTests", dependencies: ["AppStoreServerAPI", "DocDiagnostics"]),
        // Conformance tests generated from docs-ja/ by `docspec generate` (do not edit by hand).
        .testTarget(
            name: "GeneratedConformanceTests", dependencies: ["AppStoreServerAPI", "PurchaseFlow", "DocSpecTesting"], path: "Generated",
            exclude: ["data"]),
    ],
    swiftLanguageModes: [.v6]
)
