// swift-tools-version:6.0
// libFuzzer harnesses for DocSpec, one executable per entry point. A package of its own so that
// `swift build` and `swift test` in the root package never compile them; build and run them with
// `Scripts/fuzz.sh` (see docs/fuzzing.md), which passes `-sanitize=fuzzer,address`.
import PackageDescription

let package = Package(
    name: "DocSpecFuzz",
    dependencies: [.package(name: "DocSpec", path: "..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver (the runtime comes with -sanitize=fuzzer).
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-parse", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-extract", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-drift", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-generate", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-fix", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(name: "fuzz-lsp", dependencies: ["FuzzSupport", .product(name: "DocSpecKit", package: "DocSpec")]),
        .executableTarget(
            name: "fuzz-signed-data", dependencies: ["FuzzSupport", .product(name: "AppStoreServerAPI", package: "DocSpec")]),
        .executableTarget(
            name: "fuzz-consumption", dependencies: ["FuzzSupport", .product(name: "AppStoreServerAPI", package: "DocSpec")]),
    ],
    swiftLanguageModes: [.v6]
)
