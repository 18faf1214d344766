#if canImport(StoreKit)
import Foundation
import StoreKit

/// ``StoreProtocol`` over StoreKit 2 itself, for apps on Apple platforms.
///
/// Each requirement calls the StoreKit API of the same name and converts StoreKit's values into
/// this library's (``Transaction``, ``RenewalInfo``, ``VerificationResult``); StoreKit's `UInt64`
/// identifiers become decimal strings. The StoreKit transactions seen are kept (by identifier) so
/// that ``finish(_:)`` can finish the original object; a transaction not seen yet is looked up in
/// `Transaction.unfinished`.
///
/// ```swift
/// let coordinator = PurchaseCoordinator(store: StoreKitStore(), delegate: model)
/// await coordinator.start()
/// ```
///
/// [StoreKit](https://developer.apple.com/documentation/storekit/in-app-purchase)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public actor StoreKitStore: StoreProtocol {
    /// Errors of this store besides StoreKit's own.
    public enum Failure: Error, Hashable, Sendable {
        /// `Product.products(for:)` did not return the product (wrong id, not cleared for sale,
        /// not available in the storefront).
        case productNotFound(String)
        /// `purchase(options:)` returned a result case this library does not know.
        case unknownPurchaseResult(String)
    }

    private var products: [String: Product] = [:]
    private var seen: [UInt64: StoreKit.Transaction] = [:]

    /// Creates a store. Nothing is loaded until a method is called.
    public init() {}

    /// `Transaction.unfinished`, collected.
    ///
    /// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
    public func unfinished() async -> [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] {
        var results: [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] = []
        for await result in StoreKit.Transaction.unfinished { results.append(remember(result)) }
        return results
    }

    /// `Transaction.currentEntitlements`, collected.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    public func currentEntitlements() async -> [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] {
        var results: [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] = []
        for await result in StoreKit.Transaction.currentEntitlements { results.append(remember(result)) }
        return results
    }

    /// `Transaction.latest(for:)`.
    ///
    /// - Parameter productId: The product identifier.
    ///
    /// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
    public func latest(for productId: String) async -> PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>? {
        guard let result = await StoreKit.Transaction.latest(for: productId) else { return nil }
        return remember(result)
    }

    /// Loads the product (`Product.products(for:)`, cached) and calls `purchase(options:)`.
    ///
    /// - Parameters:
    ///   - productId: The product identifier.
    ///   - options: Passed as `.appAccountToken(_:)` and `.quantity(_:)` (quantity only when
    ///     above 1).
    /// - Throws: ``Failure/productNotFound(_:)``; StoreKit's `Product.PurchaseError` and
    ///   `StoreKitError`; ``Failure/unknownPurchaseResult(_:)``.
    ///
    /// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:))
    public func purchase(productId: String, options: PurchaseOptions) async throws -> PurchaseFlow.PurchaseResult {
        let product = try await product(for: productId)
        var purchaseOptions: Set<Product.PurchaseOption> = []
        if let token = options.appAccountToken { purchaseOptions.insert(.appAccountToken(token)) }
        if options.quantity > 1 { purchaseOptions.insert(.quantity(options.quantity)) }
        let result = try await product.purchase(options: purchaseOptions)
        switch result {
        case .success(let verification):
            return .success(remember(verification))
        case .userCancelled:
            return .userCancelled
        case .pending:
            return .pending
        @unknown default:
            throw Failure.unknownPurchaseResult(String(describing: result))
        }
    }

    /// Finishes the StoreKit transaction with the same identifier (`Transaction.finish()`).
    ///
    /// - Parameter transaction: The transaction to finish; one StoreKit does not list as
    ///   unfinished and this store has not seen is ignored.
    ///
    /// [finish()](https://developer.apple.com/documentation/storekit/transaction/finish())
    public func finish(_ transaction: PurchaseFlow.Transaction) async {
        guard let id = UInt64(transaction.transactionId) else { return }
        if let original = seen[id] {
            await original.finish()
            return
        }
        for await result in StoreKit.Transaction.unfinished {
            let original = result.unsafePayloadValue
            if original.id == id {
                await original.finish()
                return
            }
        }
    }

    /// `Transaction.updates`, converted; each access starts a new listener that ends when the
    /// stream's consumer stops.
    ///
    /// [updates](https://developer.apple.com/documentation/storekit/transaction/updates)
    public nonisolated var updates: AsyncStream<PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>> {
        AsyncStream { continuation in
            let task = Task {
                for await result in StoreKit.Transaction.updates {
                    continuation.yield(await self.remember(result))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`, converted.
    ///
    /// - Parameter groupId: The subscription group identifier.
    /// - Throws: StoreKit's error.
    ///
    /// [status(for:)](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(for:))
    public func subscriptionStatus(groupId: String) async throws -> [SubscriptionGroupStatus] {
        let statuses = try await Product.SubscriptionInfo.status(for: groupId)
        return statuses.map { status in
            SubscriptionGroupStatus(
                groupId: groupId, state: Self.convert(status.state), transaction: remember(status.transaction),
                renewalInfo: Self.convert(status.renewalInfo))
        }
    }

    /// `AppStore.sync()`.
    ///
    /// - Throws: StoreKit's error (`StoreKitError.userCancelled` when the customer dismisses the
    ///   sign-in).
    ///
    /// [sync()](https://developer.apple.com/documentation/storekit/appstore/sync())
    public func sync() async throws {
        try await AppStore.sync()
    }

    // MARK: Conversion

    private func product(for productId: String) async throws -> Product {
        if let product = products[productId] { return product }
        guard let product = try await Product.products(for: [productId]).first else {
            throw Failure.productNotFound(productId)
        }
        products[productId] = product
        return product
    }

    private func remember(
        _ result: StoreKit.VerificationResult<StoreKit.Transaction>
    ) -> PurchaseFlow.VerificationResult<PurchaseFlow.Transaction> {
        let original = result.unsafePayloadValue
        seen[original.id] = original
        switch result {
        case .verified(let transaction):
            return .verified(Self.convert(transaction))
        case .unverified(let transaction, let error):
            return .unverified(Self.convert(transaction), Self.convert(error))
        }
    }

    /// Converts a StoreKit transaction. StoreKit's structs are matched by their static members;
    /// an unknown product type becomes ``Transaction/ProductType/consumable`` (never an
    /// entitlement), other unknown values keep their raw value.
    static func convert(_ transaction: StoreKit.Transaction) -> PurchaseFlow.Transaction {
        let productType: PurchaseFlow.Transaction.ProductType =
            switch transaction.productType {
            case .nonConsumable: .nonConsumable
            case .autoRenewable: .autoRenewable
            case .nonRenewable: .nonRenewable
            default: .consumable
            }
        let ownershipType: PurchaseFlow.Transaction.OwnershipType =
            switch transaction.ownershipType {
            case .purchased: .purchased
            case .familyShared: .familyShared
            default: PurchaseFlow.Transaction.OwnershipType(rawValue: transaction.ownershipType.rawValue)
            }
        let revocationReason: PurchaseFlow.Transaction.RevocationReason? =
            switch transaction.revocationReason {
            case nil: nil
            case .developerIssue?: .developerIssue
            case .other?: .other
            case let reason?: PurchaseFlow.Transaction.RevocationReason(rawValue: reason.rawValue)
            }
        let reason: PurchaseFlow.Transaction.Reason? =
            switch transaction.reason {
            case .purchase: .purchase
            case .renewal: .renewal
            default: nil
            }
        return PurchaseFlow.Transaction(
            transactionId: String(transaction.id),
            originalTransactionId: String(transaction.originalID),
            webOrderLineItemId: transaction.webOrderLineItemID,
            productId: transaction.productID,
            productType: productType,
            subscriptionGroupId: transaction.subscriptionGroupID,
            purchaseDate: transaction.purchaseDate,
            originalPurchaseDate: transaction.originalPurchaseDate,
            expirationDate: transaction.expirationDate,
            revocationDate: transaction.revocationDate,
            revocationReason: revocationReason,
            isUpgraded: transaction.isUpgraded,
            ownershipType: ownershipType,
            appAccountToken: transaction.appAccountToken,
            purchasedQuantity: transaction.purchasedQuantity,
            environment: convert(transaction.environment),
            reason: reason,
            signedDate: transaction.signedDate)
    }

    static func convert(_ environment: AppStore.Environment) -> PurchaseFlow.Transaction.Environment {
        switch environment {
        case .production: .production
        case .sandbox: .sandbox
        case .xcode: .xcode
        default: PurchaseFlow.Transaction.Environment(rawValue: environment.rawValue)
        }
    }

    static func convert(
        _ result: StoreKit.VerificationResult<Product.SubscriptionInfo.RenewalInfo>
    ) -> PurchaseFlow.VerificationResult<PurchaseFlow.RenewalInfo> {
        switch result {
        case .verified(let info):
            return .verified(convert(info))
        case .unverified(let info, let error):
            return .unverified(convert(info), convert(error))
        }
    }

    static func convert(_ info: Product.SubscriptionInfo.RenewalInfo) -> PurchaseFlow.RenewalInfo {
        PurchaseFlow.RenewalInfo(
            originalTransactionId: String(info.originalTransactionID),
            currentProductId: info.currentProductID,
            willAutoRenew: info.willAutoRenew,
            autoRenewPreference: info.autoRenewPreference,
            expirationReason: info.expirationReason.map(convert),
            isInBillingRetry: info.isInBillingRetry,
            gracePeriodExpirationDate: info.gracePeriodExpirationDate,
            renewalDate: info.renewalDate,
            recentSubscriptionStartDate: info.recentSubscriptionStartDate,
            environment: convert(info.environment),
            signedDate: info.signedDate)
    }

    static func convert(
        _ reason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason
    ) -> PurchaseFlow.RenewalInfo.ExpirationReason {
        switch reason {
        case .autoRenewDisabled: .autoRenewDisabled
        case .billingError: .billingError
        case .didNotConsentToPriceIncrease: .didNotConsentToPriceIncrease
        case .productUnavailable: .productUnavailable
        default: .unknown
        }
    }

    static func convert(_ state: Product.SubscriptionInfo.RenewalState) -> PurchaseFlow.RenewalState {
        switch state {
        case .subscribed: .subscribed
        case .inGracePeriod: .inGracePeriod
        case .inBillingRetryPeriod: .inBillingRetryPeriod
        case .revoked: .revoked
        default: .expired
        }
    }

    static func convert<T>(_ error: StoreKit.VerificationResult<T>.VerificationError) -> TransactionVerificationError {
        switch error {
        case .revokedCertificate: .revokedCertificate
        case .invalidCertificateChain: .invalidCertificateChain
        case .invalidDeviceVerification: .invalidDeviceVerification
        case .invalidEncoding: .invalidEncoding
        case .invalidSignature: .invalidSignature
        case .missingRequiredProperties: .missingRequiredProperties
        @unknown default: .invalidSignature
        }
    }
}
#endif
