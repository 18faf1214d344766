import Foundation
import Testing

@testable import AppStoreServerAPI

/// Apple's own test resources (apple/app-store-server-library-swift,
/// `Tests/AppStoreServerLibraryTests/resources/models`), decoded with this library's models and
/// encoded again: every key Apple's sample has must survive (a dropped key is a field this
/// library doesn't model). The files are not in this repository: `Scripts/fetch-apple-test-resources.sh`
/// fetches them, and the test runs when `APPLE_TEST_RESOURCES` names their folder.
@Suite("Apple's test resources round-trip through the models")
struct AppleResourceRoundTripTests {
    static let folder = ProcessInfo.processInfo.environment["APPLE_TEST_RESOURCES"].map { URL(fileURLWithPath: $0) }

    /// Key paths of every object member in a JSON value.
    static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
        var paths: Set<String> = []
        if let object = value as? [String: Any] {
            for (key, member) in object {
                paths.insert(prefix + key)
                paths.formUnion(keyPaths(member, prefix: prefix + key + "."))
            }
        } else if let array = value as? [Any] {
            for element in array { paths.formUnion(keyPaths(element, prefix: prefix + "[]."))  }
        }
        return paths
    }

    static func check<T: Codable>(_ type: T.Type, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let folder else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent(file + ".json"))
        let decoded = try JSONDecoder().decode(T.self, from: data)
        let again = try JSONEncoder().encode(decoded)
        let original = keyPaths(try JSONSerialization.jsonObject(with: data))
        let kept = keyPaths(try JSONSerialization.jsonObject(with: again))
        #expect(original.subtracting(kept).sorted() == [], "\(file): keys not modelled", sourceLocation: sourceLocation)
    }

    @Test("transactions, renewal info, notifications and every lookup response keep all of Apple's keys",
          .enabled(if: folder != nil, "set APPLE_TEST_RESOURCES (Scripts/fetch-apple-test-resources.sh)"))
    func roundTrip() throws {
        try Self.check(JWSTransactionDecodedPayload.self, "signedTransaction")
        try Self.check(JWSRenewalInfoDecodedPayload.self, "signedRenewalInfo")
        try Self.check(ResponseBodyV2DecodedPayload.self, "signedExternalPurchaseTokenNotification")
        try Self.check(TransactionInfoResponse.self, "transactionInfoResponse")
        try Self.check(HistoryResponse.self, "transactionHistoryResponse")
        try Self.check(RefundHistoryResponse.self, "getRefundHistoryResponse")
        try Self.check(StatusResponse.self, "getAllSubscriptionStatusesResponse")
        try Self.check(NotificationHistoryResponse.self, "getNotificationHistoryResponse")
        try Self.check(CheckTestNotificationResponse.self, "getTestNotificationStatusResponse")
        try Self.check(SendTestNotificationResponse.self, "requestTestNotificationResponse")
    }
}
