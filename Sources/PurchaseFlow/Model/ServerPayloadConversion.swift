import AppStoreServerAPI
import Foundation

extension Transaction {
    /// Creates a transaction from the App Store Server API's decoded transaction payload, so a
    /// server computes entitlements from what it receives (notifications, Get Transaction
    /// History, Get All Subscription Statuses).
    ///
    /// Field mapping: `transactionId`, `originalTransactionId`, `productId`, `purchaseDate` and
    /// `type` are required, and `expiresDate` for auto-renewable subscriptions;
    /// `originalPurchaseDate` defaults to `purchaseDate`, `inAppOwnershipType` to `PURCHASED`,
    /// `environment` to `Production`, `quantity` to 1, `isUpgraded` to `false`. Unknown ownership,
    /// environment and revocation-reason values are kept as raw values. An unknown `type` is an
    /// error, never mapped to another product type — the same rule as ``StoreKitStore``.
    ///
    /// Dates are kept as the payload gives them (milliseconds since 1970, decoded by
    /// `AppStoreServerAPI`): a value that looks like seconds (`1698148900` is 1970-01-20 in
    /// milliseconds) is what the App Store signed and is not reinterpreted.
    ///
    /// - Parameter payload: A payload whose JWS the caller has verified.
    /// - Throws: ``PayloadConversionError/missingField(_:)`` naming the JSON key of a missing
    ///   required field; ``PayloadConversionError/unsupportedProductType(_:)`` for an unknown
    ///   `type`; ``PayloadConversionError/invalidValue(field:value:)`` for a `quantity` below 1.
    ///
    /// [JWSTransactionDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload)
    public init(payload: JWSTransactionDecodedPayload) throws(PayloadConversionError) {
        guard let transactionId = payload.transactionId else { throw .missingField("transactionId") }
        guard let originalTransactionId = payload.originalTransactionId else {
            throw .missingField("originalTransactionId")
        }
        guard let productId = payload.productId else { throw .missingField("productId") }
        guard let purchaseDate = payload.purchaseDate else { throw .missingField("purchaseDate") }
        guard let rawType = payload.type else { throw .missingField("type") }
        guard let productType = ProductType(rawValue: rawType.rawValue) else {
            throw .unsupportedProductType(rawType.rawValue)
        }
        if productType == .autoRenewable, payload.expiresDate == nil {
            throw .missingField("expiresDate")
        }
        let quantity = payload.quantity.map(Int.init) ?? 1
        guard quantity >= 1 else { throw .invalidValue(field: "quantity", value: String(quantity)) }
        self.init(
            transactionId: transactionId,
            originalTransactionId: originalTransactionId,
            webOrderLineItemId: payload.webOrderLineItemId,
            productId: productId,
            productType: productType,
            subscriptionGroupId: payload.subscriptionGroupIdentifier,
            purchaseDate: purchaseDate,
            originalPurchaseDate: payload.originalPurchaseDate ?? purchaseDate,
            expirationDate: payload.expiresDate,
            revocationDate: payload.revocationDate,
            revocationReason: payload.revocationReason.map { RevocationReason(rawValue: Int($0.rawValue)) },
            isUpgraded: payload.isUpgraded ?? false,
            ownershipType: payload.inAppOwnershipType.map { OwnershipType(rawValue: $0.rawValue) } ?? .purchased,
            appAccountToken: payload.appAccountToken,
            purchasedQuantity: quantity,
            environment: payload.environment.map { Environment(rawValue: $0.rawValue) } ?? .production,
            reason: payload.transactionReason.flatMap { Reason(rawValue: $0.rawValue) },
            signedDate: payload.signedDate)
    }
}

extension RenewalInfo {
    /// Creates renewal info from the App Store Server API's decoded renewal-info payload.
    ///
    /// Field mapping: `originalTransactionId`, `productId` (→ ``currentProductId``) and
    /// `autoRenewStatus` (`1` → ``willAutoRenew``) are required; `autoRenewProductId` →
    /// ``autoRenewPreference``, `expirationIntent` → ``expirationReason`` (same integers),
    /// `isInBillingRetryPeriod` → ``isInBillingRetry`` (default `false`),
    /// `gracePeriodExpiresDate` → ``gracePeriodExpirationDate``, `renewalDate`,
    /// `recentSubscriptionStartDate`, `environment` (default `Production`), `signedDate`.
    ///
    /// - Parameter payload: A payload whose JWS the caller has verified.
    /// - Throws: ``PayloadConversionError/missingField(_:)`` naming the JSON key of a missing
    ///   required field.
    ///
    /// [JWSRenewalInfoDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload)
    public init(payload: JWSRenewalInfoDecodedPayload) throws(PayloadConversionError) {
        guard let originalTransactionId = payload.originalTransactionId else {
            throw .missingField("originalTransactionId")
        }
        guard let productId = payload.productId else { throw .missingField("productId") }
        guard let autoRenewStatus = payload.autoRenewStatus else { throw .missingField("autoRenewStatus") }
        self.init(
            originalTransactionId: originalTransactionId,
            currentProductId: productId,
            willAutoRenew: autoRenewStatus.rawValue == 1,
            autoRenewPreference: payload.autoRenewProductId ?? productId,
            expirationReason: payload.expirationIntent.map { ExpirationReason(rawValue: Int($0.rawValue)) },
            isInBillingRetry: payload.isInBillingRetryPeriod ?? false,
            gracePeriodExpirationDate: payload.gracePeriodExpiresDate,
            renewalDate: payload.renewalDate,
            recentSubscriptionStartDate: payload.recentSubscriptionStartDate,
            environment: payload.environment.map { Transaction.Environment(rawValue: $0.rawValue) } ?? .production,
            signedDate: payload.signedDate)
    }
}
