import AppStoreServerAPI
import Foundation
import Testing

/// Issue 17, report 3 (apple/app-store-server-library-python#161): signed data of one kind given
/// to the verifier of another says what it is, instead of failing a field check.
@Suite("SignedDataVerifier: signed data of the wrong kind")
struct SignedDataKindTests {
    static var notification: [String: Any] { [
        "notificationType": "TEST", "notificationUUID": "3e2f1d6c-0000-4000-8000-000000000001", "version": "2.0",
        "signedDate": TestJWS.nowMilliseconds,
        "data": ["environment": "Sandbox", "appAppleId": 1234, "bundleId": "com.example"],
    ] }
    static var transaction: [String: Any] { [
        "transactionId": "2000000000000001", "originalTransactionId": "2000000000000001", "bundleId": "com.example",
        "productId": "com.example.p", "environment": "Sandbox", "signedDate": TestJWS.nowMilliseconds,
    ] }
    static var renewal: [String: Any] { [
        "originalTransactionId": "2000000000000001", "autoRenewProductId": "com.example.p", "autoRenewStatus": 1,
        "environment": "Sandbox", "signedDate": TestJWS.nowMilliseconds,
    ] }

    func verifier(_ pki: TestPKI) throws -> SignedDataVerifier {
        try SignedDataVerifier(rootCertificates: [pki.root], bundleId: "com.example", appAppleId: 1234, environment: .sandbox)
    }

    @Test("a notification's signedPayload given to verifyAndDecodeTransaction: not a signed transaction")
    func notificationAsTransaction() throws {
        let pki = try TestPKI.get()
        let jws = try TestJWS.sign(Self.notification, key: pki.leafKey, x5c: pki.x5c)
        let result = try verifier(pki).verifyAndDecodeTransaction(jws)
        #expect(result.status == .invalidJWTFormat)
        let reason = result.error?.reason ?? ""
        #expect(reason.contains("not a signed transaction"), "\(reason)")
        #expect(reason.contains("notification"), "\(reason)")
        #expect(!reason.contains("bundleId"))
    }

    @Test("the other confusions name both kinds; the right kind still verifies")
    func otherConfusions() throws {
        let pki = try TestPKI.get()
        let v = try verifier(pki)
        let transaction = try TestJWS.sign(Self.transaction, key: pki.leafKey, x5c: pki.x5c)
        let renewal = try TestJWS.sign(Self.renewal, key: pki.leafKey, x5c: pki.x5c)
        let notification = try TestJWS.sign(Self.notification, key: pki.leafKey, x5c: pki.x5c)
        let asNotification = v.verifyAndDecodeNotification(signedPayload: transaction)
        #expect(asNotification.status == .invalidJWTFormat)
        #expect(asNotification.error?.reason.contains("not a signed notification") == true)
        let renewalAsTransaction = v.verifyAndDecodeTransaction(renewal)
        #expect(renewalAsTransaction.error?.reason.contains("renewal info") == true)
        let notificationAsRenewal = v.verifyAndDecodeRenewalInfo(notification)
        #expect(notificationAsRenewal.error?.reason.contains("not signed renewal info") == true)
        #expect(v.verifyAndDecodeTransaction(transaction).isValid)
        #expect(v.verifyAndDecodeRenewalInfo(renewal).isValid)
        #expect(v.verifyAndDecodeNotification(signedPayload: notification).isValid)
    }
}
