// swift-tools-version:6.0
// An adopter of DocSpec: a small library of its own (no App Store code), documented in Japanese
// with a Russian translation, tested by the conformance tests `docspec generate` writes from its
// docs. It depends on the DocSpec package two folders up.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the checkout is called.
let docspecRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let docspec = docspecRoot.lastPathComponent

let package = Package(
    name: "Shapes",
    products: [.library(name: "Shapes", targets: ["Shapes"])],
    dependencies: [.package(path: docspecRoot.path)],
    targets: [
        .target(name: "Shapes"),
        .testTarget(
            name: "GeneratedConformanceTests",
            dependencies: ["Shapes", .product(name: "DocSpecTesting", package: docspec)], path: "Generated",
            exclude: ["data"]),
    ],
    swiftLanguageModes: [.v6]
)
