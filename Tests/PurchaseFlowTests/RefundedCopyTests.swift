import Foundation
import PurchaseFlow
import Testing

/// Issue 17, report 4 (qonversion-ios-sdk#739): a history holding the original and the refunded
/// copy of one transaction id must treat the transaction as refunded, in either order.
@Suite("Refunded copy of a transaction wins regardless of order")
struct RefundedCopyTests {
    let engine = EntitlementEngine()

    @Test("non-consumable: original + refunded copy → not entitled, both orders", arguments: [false, true])
    func nonConsumable(refundedFirst: Bool) {
        let original = makeTransaction("100", product: "lifetime", purchased: t0)
        let refunded = makeTransaction("100", product: "lifetime", purchased: t0, revoked: t0 + day)
        let history = refundedFirst ? [refunded, original] : [original, refunded]
        let report = engine.evaluate(history, at: t0 + 2 * day)
        #expect(report.verdicts["lifetime"] == .excluded(.revoked))
        #expect(report.currentEntitlements.isEmpty)
        #expect(report.latestByProduct["lifetime"]?.revocationDate == t0 + day)
    }

    @Test("auto-renewable: original + refunded copy → revoked chain, both orders", arguments: [false, true])
    func subscription(refundedFirst: Bool) {
        let original = makeTransaction(
            "200", product: "monthly", type: .autoRenewable, original: "200", group: "g", purchased: t0,
            expires: t0 + 30 * day)
        let refunded = makeTransaction(
            "200", product: "monthly", type: .autoRenewable, original: "200", group: "g", purchased: t0,
            expires: t0 + 30 * day, revoked: t0 + day)
        let history = refundedFirst ? [refunded, original] : [original, refunded]
        let report = engine.evaluate(history, at: t0 + 2 * day)
        #expect(report.verdicts["monthly"] == .excluded(.revoked))
        #expect(report.subscriptionChains["200"]?.state == .revoked)
        #expect(report.subscriptionChains["200"]?.transactionCount == 1)
        #expect(report.currentEntitlements.isEmpty)
    }

    @Test("a later, unrevoked purchase still entitles; distinct ids are untouched")
    func laterPurchase() {
        let history = [
            makeTransaction("100", product: "lifetime", purchased: t0, revoked: t0 + day),
            makeTransaction("100", product: "lifetime", purchased: t0),
            makeTransaction("101", product: "lifetime", purchased: t0 + 3 * day),
        ]
        #expect(RevocationRule.mergingCopies(history).map(\.transactionId) == ["100", "101"])
        #expect(RevocationRule.mergingCopies(history).first?.revocationDate == t0 + day)
        #expect(engine.evaluate(history, at: t0 + 4 * day).verdicts["lifetime"] == .entitled)
        let distinct = [makeTransaction("1"), makeTransaction("2")]
        #expect(RevocationRule.mergingCopies(distinct) == distinct)
    }
}
