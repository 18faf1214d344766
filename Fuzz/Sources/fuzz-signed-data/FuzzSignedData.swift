// Signed-data verification and payload decoding (App Store Server Notifications V2, signed
// transactions and renewal info). The first byte picks what the rest is:
//   0 — a compact JWS, verified by a sandbox verifier (chain, signature, dates, identity);
//   1 — a payload JSON, wrapped in an unsigned JWS for an Xcode verifier (payload decoding,
//       identity and environment checks, nested signedTransactionInfo / signedRenewalInfo);
//   2 — a notification POST body ({"signedPayload": …}) for the Xcode verifier;
//   3 — DER bytes for X509Certificate and as a verifier's root.
// Oracle: verification is deterministic (the same input gives the same result twice).
import AppStoreServerAPI
import Foundation
import FuzzSupport

/// A self-signed P-384 certificate made for this harness (CN=DocSpec fuzz root); nothing chains
/// to it, so mode 0 exercises every failure path of the chain check.
let fuzzRoot = Data(base64Encoded: "MIIBzTCCAVKgAwIBAgIUepu8FNfvuGtbb9X7rwBykHHBXLwwCgYIKoZIzj0EAwIwHDEaMBgGA1UEAwwRRG9jU3BlYyBmdXp6IHJvb3QwIBcNMjYxMjAxMjA1OTUxWhgPMjEyNjExMDcyMDU5NTFaMBwxGjAYBgNVBAMMEURvY1NwZWMgZnV6eiByb290MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEe5XT7GIqmQ8W+e8DC5GLn6c4dchLJfBhvnyFyAkl5ldSfd303eGpfe2zSWWYe8yh/eq+F5f2EOmrlIoAJ+Bl69rQ1Lfl5E3QRHdLlHxQt8NN8THZLsKR/eKjbjIfILcyo1MwUTAdBgNVHQ4EFgQUHpdWq3WOGOGz5v47FGWxqeOwvZ0wHwYDVR0jBBgwFoAUHpdWq3WOGOGz5v47FGWxqeOwvZ0wDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNpADBmAjEA0QMOg579G5RhzTcuUD9h5x0fuPTUFs2RKQyxRPeaRJSSTKInCzGP3fSRjhwnv2WoAjEA82zocbRRKRsqK7jK/PgIdewToilrb9hm0ur32vHhyqou73UlbBjug04RjTxsgl6S")!

let sandbox = try! SignedDataVerifier(rootCertificates: [fuzzRoot], bundleId: "com.example.app", appAppleId: 1234, environment: .sandbox)
let xcode = try! SignedDataVerifier(rootCertificates: [], bundleId: "com.example.app", appAppleId: nil, environment: .xcode)
let unsignedHeader = Base64URL.encode(Data(#"{"alg":"ES256","x5c":[]}"#.utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignedDataOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    guard let mode = input.first else { return 0 }
    let rest = Data(input.dropFirst())
    switch mode % 4 {
    case 0:
        let token = String(decoding: rest, as: UTF8.self)
        same(sandbox.verifyAndDecodeNotificationWithData(signedPayload: token).error,
             sandbox.verifyAndDecodeNotificationWithData(signedPayload: token).error, "notification")
        same(sandbox.verifyAndDecodeTransaction(token).error, sandbox.verifyAndDecodeTransaction(token).error, "transaction")
        same(sandbox.verifyAndDecodeRenewalInfo(token).error, sandbox.verifyAndDecodeRenewalInfo(token).error, "renewal info")
    case 1:
        let token = unsignedHeader + "." + Base64URL.encode(rest) + ".c2ln"
        same(xcode.verifyAndDecodeNotificationWithData(signedPayload: token).error,
             xcode.verifyAndDecodeNotificationWithData(signedPayload: token).error, "notification")
        same(xcode.verifyAndDecodeTransaction(token).error, xcode.verifyAndDecodeTransaction(token).error, "transaction")
        same(xcode.verifyAndDecodeRenewalInfo(token).error, xcode.verifyAndDecodeRenewalInfo(token).error, "renewal info")
    case 2:
        same(xcode.verifyAndDecodeNotification(requestBody: rest).error,
             xcode.verifyAndDecodeNotification(requestBody: rest).error, "request body")
    default:
        if (try? X509Certificate(derRepresentation: rest)) != nil {
            _ = try? SignedDataVerifier(rootCertificates: [rest], bundleId: "com.example.app", appAppleId: 1, environment: .production)
        }
    }
    return 0
}

func same(_ a: VerificationError?, _ b: VerificationError?, _ what: String) {
    if a != b { oracleFailure("verifying the same \(what) twice gave \(String(describing: a)) and \(String(describing: b))") }
}

@_cdecl("fuzz_signed_data_main")
public func fuzzSignedDataMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzSignedDataOne)
}
