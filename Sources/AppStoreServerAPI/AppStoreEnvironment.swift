import Foundation

/// The server environment of an App Store transaction or notification: Apple's `environment`
/// string values.
///
/// Only ``production`` and ``sandbox`` have an App Store Server API host (see ``baseURL(hostStyle:)``);
/// ``xcode`` and ``localTesting`` appear in data produced by StoreKit testing and have none. Fields
/// that carry this type on the wire should be decoded as `RawEnumValue<AppStoreEnvironment>` so a
/// value Apple adds later still decodes.
///
/// [environment](https://developer.apple.com/documentation/appstoreserverapi/environment)
public enum AppStoreEnvironment: String, CaseIterable, Codable, Sendable {
    /// `"Production"`: the live App Store.
    case production = "Production"
    /// `"Sandbox"`: the sandbox test environment.
    case sandbox = "Sandbox"
    /// `"Xcode"`: StoreKit testing in Xcode. No API host.
    case xcode = "Xcode"
    /// `"LocalTesting"`: local testing. No API host.
    case localTesting = "LocalTesting"

    /// The API base URL string for this environment and host style, without a trailing slash, or
    /// `nil` for ``xcode`` and ``localTesting``.
    ///
    /// | environment | ``HostStyle/current`` | ``HostStyle/legacyItunes`` |
    /// |---|---|---|
    /// | production | `https://api.storekit.apple.com` | `https://api.storekit.itunes.apple.com` |
    /// | sandbox | `https://api.storekit-sandbox.apple.com` | `https://api.storekit-sandbox.itunes.apple.com` |
    ///
    /// - Parameter hostStyle: Which of Apple's two host names to use; ``HostStyle/current`` by
    ///   default.
    public func baseURLString(hostStyle: HostStyle = .current) -> String? {
        switch (self, hostStyle) {
        case (.production, .current): "https://api.storekit.apple.com"
        case (.production, .legacyItunes): "https://api.storekit.itunes.apple.com"
        case (.sandbox, .current): "https://api.storekit-sandbox.apple.com"
        case (.sandbox, .legacyItunes): "https://api.storekit-sandbox.itunes.apple.com"
        case (.xcode, _), (.localTesting, _): nil
        }
    }

    /// The API base URL for this environment and host style (see ``baseURLString(hostStyle:)``).
    ///
    /// - Parameter hostStyle: Which of Apple's two host names to use; ``HostStyle/current`` by
    ///   default.
    /// - Throws: ``EndpointError/environmentWithoutHost(_:)`` for ``xcode`` and ``localTesting``.
    public func baseURL(hostStyle: HostStyle = .current) throws -> URL {
        guard let string = baseURLString(hostStyle: hostStyle) else {
            throw EndpointError.environmentWithoutHost(rawValue)
        }
        guard let url = URL(string: string) else { throw EndpointError.invalidURL(string) }
        return url
    }
}

/// Which of Apple's two App Store Server API host names to use.
///
/// Apple recommends the `api.storekit(-sandbox).apple.com` hosts since 2026-05-05; the older
/// `api.storekit(-sandbox).itunes.apple.com` hosts are still served.
///
/// [App Store Server API changelog](https://developer.apple.com/documentation/appstoreserverapi/app-store-server-api-changelog)
public enum HostStyle: String, CaseIterable, Sendable {
    /// `api.storekit.apple.com` / `api.storekit-sandbox.apple.com` (the default).
    case current
    /// `api.storekit.itunes.apple.com` / `api.storekit-sandbox.itunes.apple.com`.
    case legacyItunes
}
