import Foundation

/// Verifies and decodes App Store signed data: App Store Server Notifications V2 (`signedPayload`),
/// signed transactions (`signedTransactionInfo`) and signed renewal info (`signedRenewalInfo`).
///
/// Every entry point returns a ``VerificationResult``: the decoded payload, or a
/// ``VerificationError`` whose ``VerificationStatus`` uses the names of Apple's App Store Server
/// Library. The checks, in order (as Apple's library):
///
/// 1. The text is a compact JWS with 3 parts whose header and payload are base64url JSON, the
///    payload is not clearly another kind of signed data (a notification's `signedPayload`
///    passed as a transaction says so, instead of failing a field check), and it decodes as the
///    expected model — else ``VerificationStatus/invalidJWTFormat``.
/// 2. For ``AppStoreEnvironment/xcode`` and ``AppStoreEnvironment/localTesting`` the signature is
///    **not** checked (StoreKit testing data is not signed by Apple); go to step 6.
/// 3. The header has `alg` `ES256` and an `x5c` array of exactly 3 certificates — else
///    ``VerificationStatus/invalidJWTFormat``. `x5c[0]` (leaf) and `x5c[1]` (intermediate) must be
///    standard base64 DER — else ``VerificationStatus/invalidCertificate``. `x5c[2]` is ignored.
/// 4. The chain leaf → intermediate → one of your root certificates is validated at the payload's
///    `signedDate` (milliseconds since 1970; the current time only when the payload has none),
///    with Apple's marker extensions (see ``CertificateChainVerifier``) — else
///    ``VerificationStatus/verificationFailure``.
/// 5. The ES256 signature over `header.payload` is checked with the leaf's P-256 key — else
///    ``VerificationStatus/verificationFailure``.
/// 6. The payload's app identity and environment are compared with yours —
///    ``VerificationStatus/invalidAppIdentifier`` / ``VerificationStatus/invalidEnvironment``.
///
/// **Revocation checking** is off by default, as in Apple's library (`enableOnlineChecks`):
/// offline, the chain is validated at the payload's `signedDate` and a certificate Apple revoked
/// still validates. Pass a ``RevocationChecker`` to check the leaf (and an intermediate that names
/// a responder) with OCSP after the signature: the chain is then validated at the current time, a
/// revoked or unknown certificate is ``VerificationStatus/verificationFailure`` and a responder
/// that can't be reached in time ``VerificationStatus/retryableVerificationFailure``.
///
/// The verifier is immutable and `Sendable`; create it once and share it. Verification is
/// synchronous and CPU-bound: a Production or Sandbox JWS costs two P-384 certificate signature
/// checks and one P-256 check, a few milliseconds (OpenSSL 3.0 on x86-64 verifies about 1000
/// P-384 signatures per second and core).
///
/// [Responding to App Store Server Notifications](https://developer.apple.com/documentation/appstoreservernotifications/responding-to-app-store-server-notifications)
public struct SignedDataVerifier: Sendable, CustomStringConvertible {
    /// Why a verifier could not be created.
    public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// ``AppStoreEnvironment/production`` needs your app's App Apple ID (the numeric Apple ID
        /// in App Store Connect, App Information), because production notifications are checked
        /// against it.
        case missingAppAppleId
        /// Root certificate number `index` (0-based) is not DER X.509 (`reason`). Apple's roots
        /// are the `.cer` files at <https://www.apple.com/certificateauthority/>; a PEM file must
        /// be converted to DER first.
        case invalidRootCertificate(index: Int, reason: String)
        /// ``AppStoreEnvironment/production`` and ``AppStoreEnvironment/sandbox`` data can only be
        /// verified against at least one root certificate.
        case noRootCertificates

        public var description: String {
            switch self {
            case .missingAppAppleId:
                "appAppleId is required for the Production environment"
            case .invalidRootCertificate(let index, let reason):
                "root certificate \(index) is not a DER X.509 certificate: \(reason)"
            case .noRootCertificates:
                "no root certificates: Production and Sandbox data is verified against Apple's roots "
                    + "(https://www.apple.com/certificateauthority/)"
            }
        }
    }

    /// Your app's bundle ID, for example `"com.example.app"`.
    public let bundleId: String
    /// Your app's App Apple ID; compared with notifications in ``AppStoreEnvironment/production``
    /// only.
    public let appAppleId: Int64?
    /// The environment this verifier accepts data from.
    public let environment: AppStoreEnvironment
    /// The chain verifier holding your root certificates.
    public let chainVerifier: CertificateChainVerifier
    /// The online revocation check, or `nil` (off, the default).
    public let revocationChecker: RevocationChecker?
    /// The `good` OCSP answers this verifier (and its copies) reuse.
    let revocationCache = RevocationCache()

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - rootCertificates: DER root certificates to trust (for Apple's data: "Apple Root CA -
    ///     G3", `AppleRootCA-G3.cer`, from <https://www.apple.com/certificateauthority/>). No root
    ///     is built in. May be empty only for ``AppStoreEnvironment/xcode`` and
    ///     ``AppStoreEnvironment/localTesting``.
    ///   - bundleId: Your app's bundle ID.
    ///   - appAppleId: Your app's App Apple ID; required for ``AppStoreEnvironment/production``,
    ///     optional otherwise.
    ///   - environment: The environment to accept.
    ///   - revocationChecker: Online OCSP checking of the signing chain; `nil` (off) by default.
    ///     Ignored for ``AppStoreEnvironment/xcode`` and ``AppStoreEnvironment/localTesting``.
    /// - Throws: ``ConfigurationError``.
    public init(
        rootCertificates: [Data], bundleId: String, appAppleId: Int64?, environment: AppStoreEnvironment,
        revocationChecker: RevocationChecker? = nil
    ) throws(ConfigurationError) {
        if environment == .production, appAppleId == nil { throw .missingAppAppleId }
        var roots: [X509Certificate] = []
        for (index, der) in rootCertificates.enumerated() {
            do {
                roots.append(try X509Certificate(derRepresentation: der))
            } catch {
                throw .invalidRootCertificate(index: index, reason: error.reason)
            }
        }
        if roots.isEmpty, environment == .production || environment == .sandbox { throw .noRootCertificates }
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.chainVerifier = CertificateChainVerifier(rootCertificates: roots)
        self.revocationChecker = revocationChecker
    }

    public var description: String {
        "SignedDataVerifier(bundleId: \(bundleId), appAppleId: \(appAppleId.map(String.init) ?? "nil"), "
            + "environment: \(environment.rawValue), roots: \(chainVerifier.rootCertificates.count), "
            + "revocation checks: \(revocationChecker == nil ? "off" : "on"))"
    }

    // MARK: - Notifications

    /// Verifies and decodes the `signedPayload` of an App Store Server Notification V2.
    ///
    /// The app identity and environment come from the first present of `data`, `summary`,
    /// `externalPurchaseToken` (environment ``AppStoreEnvironment/sandbox`` when its
    /// `externalPurchaseId` starts with `"SANDBOX"`, else ``AppStoreEnvironment/production``) and
    /// `appData`. `bundleId` must equal yours; `appAppleId` must equal yours in
    /// ``AppStoreEnvironment/production`` only; the environment must equal yours. The signed
    /// transaction and renewal info inside `data` are not verified here; see
    /// ``verifyAndDecodeNotificationWithData(signedPayload:)``.
    ///
    /// - Parameter signedPayload: The compact JWS from the POST body's `signedPayload` field.
    /// - Returns: ``VerificationResult/valid(_:)`` with the decoded payload, or the first failed
    ///   check.
    ///
    /// [ResponseBodyV2DecodedPayload](https://developer.apple.com/documentation/appstoreservernotifications/responsebodyv2decodedpayload)
    public func verifyAndDecodeNotification(signedPayload: String) -> VerificationResult<ResponseBodyV2DecodedPayload> {
        VerificationResult(Result { () throws(VerificationError) in try notification(signedPayload) })
    }

    /// Verifies and decodes a notification from the raw POST body Apple sends,
    /// `{"signedPayload": "<compact JWS>"}`.
    ///
    /// - Parameter requestBody: The HTTP request body (JSON, UTF-8).
    /// - Returns: As ``verifyAndDecodeNotification(signedPayload:)``;
    ///   ``VerificationStatus/invalidJWTFormat`` when the body is not a JSON object with a string
    ///   `signedPayload`.
    ///
    /// [ResponseBodyV2](https://developer.apple.com/documentation/appstoreservernotifications/responsebodyv2)
    public func verifyAndDecodeNotification(requestBody: Data) -> VerificationResult<ResponseBodyV2DecodedPayload> {
        VerificationResult(Result { () throws(VerificationError) in try notification(Self.signedPayload(of: requestBody)) })
    }

    /// Verifies a notification and also the signed transaction and renewal info inside its
    /// `data` (`signedTransactionInfo`, `signedRenewalInfo`), with the same checks as
    /// ``verifyAndDecodeTransaction(_:)`` and ``verifyAndDecodeRenewalInfo(_:)``.
    ///
    /// - Parameter signedPayload: The compact JWS from the POST body's `signedPayload` field.
    /// - Returns: ``VerificationResult/valid(_:)`` with all three decoded payloads (transaction and
    ///   renewal info `nil` when the notification has none), or the first failed check; a failure
    ///   inside `data` has its reason prefixed with `data.signedTransactionInfo` or
    ///   `data.signedRenewalInfo`.
    public func verifyAndDecodeNotificationWithData(signedPayload: String) -> VerificationResult<VerifiedNotification> {
        VerificationResult(Result { () throws(VerificationError) in try notificationWithData(signedPayload) })
    }

    /// ``verifyAndDecodeNotificationWithData(signedPayload:)`` for the raw POST body
    /// `{"signedPayload": "<compact JWS>"}`.
    ///
    /// - Parameter requestBody: The HTTP request body (JSON, UTF-8).
    public func verifyAndDecodeNotificationWithData(requestBody: Data) -> VerificationResult<VerifiedNotification> {
        VerificationResult(Result { () throws(VerificationError) in
            try notificationWithData(Self.signedPayload(of: requestBody))
        })
    }

    // MARK: - Transactions and renewal info

    /// Verifies and decodes a signed transaction (`signedTransactionInfo` from a notification or
    /// the App Store Server API).
    ///
    /// The transaction's `bundleId` must equal yours (else
    /// ``VerificationStatus/invalidAppIdentifier``) and its `environment` yours (else
    /// ``VerificationStatus/invalidEnvironment``).
    ///
    /// - Parameter signedTransaction: The compact JWS.
    ///
    /// [JWSTransactionDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload)
    public func verifyAndDecodeTransaction(_ signedTransaction: String) -> VerificationResult<JWSTransactionDecodedPayload> {
        VerificationResult(Result { () throws(VerificationError) in try transaction(signedTransaction) })
    }

    /// Verifies and decodes signed subscription renewal info (`signedRenewalInfo`).
    ///
    /// The renewal info's `environment` must equal yours (else
    /// ``VerificationStatus/invalidEnvironment``); it carries no bundle ID.
    ///
    /// - Parameter signedRenewalInfo: The compact JWS.
    ///
    /// [JWSRenewalInfoDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload)
    public func verifyAndDecodeRenewalInfo(_ signedRenewalInfo: String) -> VerificationResult<JWSRenewalInfoDecodedPayload> {
        VerificationResult(Result { () throws(VerificationError) in try renewalInfo(signedRenewalInfo) })
    }

    // MARK: - Implementation

    /// Steps 1–5: decodes the payload as `T` and, outside Xcode/LocalTesting, checks the chain and
    /// signature.
    private func verifiedPayload<T: Decodable>(
        _ token: String, as type: T.Type, kind: SignedJWS.PayloadKind, name: String
    ) throws(VerificationError) -> T {
        let jws = try SignedJWS(parsing: token)
        try jws.requireKind(kind, name: name)
        let payload = try jws.decodePayload(as: type)
        switch environment {
        case .xcode, .localTesting:
            // StoreKit testing data is not signed by Apple; only the field checks apply.
            break
        case .production, .sandbox:
            guard let revocationChecker else {
                try jws.verifySignature(chainVerifier: chainVerifier, now: Date())
                break
            }
            let chain = try jws.verifySignature(chainVerifier: chainVerifier, now: Date(), validateAtNow: true)
            try revocationChecker.check(chain: chain, roots: chainVerifier.rootCertificates, cache: revocationCache)
        }
        return payload
    }

    private func notification(_ token: String) throws(VerificationError) -> ResponseBodyV2DecodedPayload {
        let payload = try verifiedPayload(
            token, as: ResponseBodyV2DecodedPayload.self, kind: .notification, name: "a signed notification")
        let identity = Self.identity(of: payload)
        try checkNotificationIdentity(identity)
        return payload
    }

    private func notificationWithData(_ token: String) throws(VerificationError) -> VerifiedNotification {
        let payload = try notification(token)
        var transaction: JWSTransactionDecodedPayload?
        var renewal: JWSRenewalInfoDecodedPayload?
        if let signed = payload.data?.signedTransactionInfo {
            do throws(VerificationError) {
                transaction = try self.transaction(signed)
            } catch {
                throw error.prefixed("data.signedTransactionInfo")
            }
        }
        if let signed = payload.data?.signedRenewalInfo {
            do throws(VerificationError) {
                renewal = try renewalInfo(signed)
            } catch {
                throw error.prefixed("data.signedRenewalInfo")
            }
        }
        return VerifiedNotification(payload: payload, transaction: transaction, renewalInfo: renewal)
    }

    private func transaction(_ token: String) throws(VerificationError) -> JWSTransactionDecodedPayload {
        let payload = try verifiedPayload(
            token, as: JWSTransactionDecodedPayload.self, kind: .transaction, name: "a signed transaction")
        guard payload.bundleId == bundleId else {
            throw .appIdentifier("the transaction's bundleId is \(Self.show(payload.bundleId)); this verifier accepts \(Self.show(bundleId))")
        }
        try checkEnvironment(Self.environmentName(payload.environment), of: "transaction")
        return payload
    }

    private func renewalInfo(_ token: String) throws(VerificationError) -> JWSRenewalInfoDecodedPayload {
        let payload = try verifiedPayload(
            token, as: JWSRenewalInfoDecodedPayload.self, kind: .renewalInfo, name: "signed renewal info")
        try checkEnvironment(Self.environmentName(payload.environment), of: "renewal info")
        return payload
    }

    /// The app identity a notification claims, and where it came from.
    struct NotificationIdentity {
        var source: String
        var bundleId: String?
        var appAppleId: Int64?
        var environment: String?
    }

    static func identity(of payload: ResponseBodyV2DecodedPayload) -> NotificationIdentity {
        if let data = payload.data {
            return NotificationIdentity(
                source: "data", bundleId: data.bundleId, appAppleId: data.appAppleId,
                environment: environmentName(data.environment))
        }
        if let summary = payload.summary {
            return NotificationIdentity(
                source: "summary", bundleId: summary.bundleId, appAppleId: summary.appAppleId,
                environment: environmentName(summary.environment))
        }
        if let token = payload.externalPurchaseToken {
            let sandbox = token.externalPurchaseId?.hasPrefix("SANDBOX") ?? false
            return NotificationIdentity(
                source: "externalPurchaseToken", bundleId: token.bundleId, appAppleId: token.appAppleId,
                environment: (sandbox ? AppStoreEnvironment.sandbox : .production).rawValue)
        }
        if let appData = payload.appData {
            return NotificationIdentity(
                source: "appData", bundleId: appData.bundleId, appAppleId: appData.appAppleId,
                environment: environmentName(appData.environment))
        }
        return NotificationIdentity(source: "notification", bundleId: nil, appAppleId: nil, environment: nil)
    }

    private func checkNotificationIdentity(_ identity: NotificationIdentity) throws(VerificationError) {
        guard identity.bundleId == bundleId else {
            throw .appIdentifier(
                "the notification's \(identity.source) bundleId is \(Self.show(identity.bundleId)); "
                    + "this verifier accepts \(Self.show(bundleId))")
        }
        if environment == .production, identity.appAppleId != appAppleId {
            throw .appIdentifier(
                "the notification's \(identity.source) appAppleId is \(identity.appAppleId.map(String.init) ?? "missing"); "
                    + "this verifier accepts \(appAppleId.map(String.init) ?? "none")")
        }
        try checkEnvironment(identity.environment, of: "notification's \(identity.source)")
    }

    private func checkEnvironment(_ actual: String?, of what: String) throws(VerificationError) {
        guard actual == environment.rawValue else {
            throw .environment(
                "the \(what) environment is \(actual.map { Self.show($0) } ?? "missing"); "
                    + "this verifier accepts \(environment.rawValue)")
        }
    }

    static func environmentName(_ value: RawEnumValue<AppStoreEnvironment>?) -> String? { value?.rawValue }
    static func environmentName(_ value: AppStoreEnvironment?) -> String? { value?.rawValue }

    /// A short quoted form of a payload string (at most 64 characters), or "missing".
    private static func show(_ value: String?) -> String {
        guard let value else { return "missing" }
        let short = value.count > 64 ? value.prefix(64) + "…" : Substring(value)
        return "\"\(short)\""
    }

    /// The POST body's `signedPayload` (``ResponseBodyV2``).
    private static func signedPayload(of body: Data) throws(VerificationError) -> String {
        do {
            return try JSONDecoder().decode(ResponseBodyV2.self, from: body).signedPayload
        } catch {
            throw .jwtFormat(
                "the request body is not a JSON object with a string signedPayload (\(SignedJWS.describe(error)))")
        }
    }
}

/// A notification verified together with the signed transaction and renewal info in its `data`
/// (see ``SignedDataVerifier/verifyAndDecodeNotificationWithData(signedPayload:)``).
public struct VerifiedNotification: Sendable {
    /// The decoded notification.
    public var payload: ResponseBodyV2DecodedPayload
    /// The decoded `data.signedTransactionInfo`, or `nil` when the notification has none (for
    /// example `summary` or `externalPurchaseToken` notifications).
    public var transaction: JWSTransactionDecodedPayload?
    /// The decoded `data.signedRenewalInfo`, or `nil` when the notification has none (products
    /// other than auto-renewable subscriptions).
    public var renewalInfo: JWSRenewalInfoDecodedPayload?

    /// Creates a value.
    public init(
        payload: ResponseBodyV2DecodedPayload, transaction: JWSTransactionDecodedPayload?,
        renewalInfo: JWSRenewalInfoDecodedPayload?
    ) {
        self.payload = payload
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}
