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
/// A transaction of a product type this library does not know is handled as
/// ``Transaction/init(payload:)`` handles one from the server: it is an error
/// (``PayloadConversionError/unsupportedProductType(_:)``), never mapped to another type. A
/// purchase that returns one throws that error; the sequences (`unfinished`, `currentEntitlements`,
/// `latest(for:)`, `updates`, subscription statuses) leave it out and record it in
/// ``unsupportedTransactions``. Such a transaction is never delivered, granted or finished, so
/// StoreKit keeps it for an app version that knows its type.
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

    /// A transaction StoreKit returned that this library cannot represent.
    public struct UnsupportedTransaction: Hashable, Sendable {
        /// StoreKit's `id`, as a decimal string.
        public var transactionId: String
        /// The product identifier.
        public var productId: String
        /// Why it cannot be represented (``PayloadConversionError/unsupportedProductType(_:)``).
        public var error: PayloadConversionError
    }

    private var products: [String: Product] = [:]
    private var seen: [UInt64: StoreKit.Transaction] = [:]

    /// Transactions left out because this library cannot represent them (an unknown product
    /// type), most recent last; at most 100 kept. They stay unfinished in StoreKit.
    public private(set) var unsupportedTransactions: [UnsupportedTransaction] = []

    /// Creates a store. Nothing is loaded until a method is called.
    public init() {}

    /// `Transaction.unfinished`, collected.
    ///
    /// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
    public func unfinished() async -> [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] {
        var results: [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] = []
        for await result in StoreKit.Transaction.unfinished {
            if let converted = remember(result) { results.append(converted) }
        }
        return results
    }

    /// `Transaction.currentEntitlements`, collected.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    public func currentEntitlements() async -> [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] {
        var results: [PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>] = []
        for await result in StoreKit.Transaction.currentEntitlements {
            if let converted = remember(result) { results.append(converted) }
        }
        return results
    }

    /// `Transaction.latest(for:)`; `nil` also when the latest transaction has a product type this
    /// library does not know (recorded in ``unsupportedTransactions``).
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
    ///   `StoreKitError`; ``Failure/unknownPurchaseResult(_:)``;
    ///   ``PayloadConversionError/unsupportedProductType(_:)`` when the returned transaction has a
    ///   product type this library does not know (it is left unfinished).
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
            return .success(try convertRemembering(verification))
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
                    if let converted = await self.remember(result) { continuation.yield(converted) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`, converted; a status whose transaction cannot be
    /// represented is left out (recorded in ``unsupportedTransactions``).
    ///
    /// - Parameter groupId: The subscription group identifier.
    /// - Throws: StoreKit's error.
    ///
    /// [status(for:)](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(for:))
    public func subscriptionStatus(groupId: String) async throws -> [SubscriptionGroupStatus] {
        let statuses = try await Product.SubscriptionInfo.status(for: groupId)
        var converted: [SubscriptionGroupStatus] = []
        for status in statuses {
            guard let transaction = remember(status.transaction) else { continue }
            converted.append(
                SubscriptionGroupStatus(
                    groupId: groupId, state: Self.convert(status.state), transaction: transaction,
                    renewalInfo: Self.convert(status.renewalInfo)))
        }
        return converted
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

    /// Converts and remembers `result`; `nil` (recorded in ``unsupportedTransactions``) when the
    /// transaction cannot be represented.
    private func remember(
        _ result: StoreKit.VerificationResult<StoreKit.Transaction>
    ) -> PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>? {
        do {
            return try convertRemembering(result)
        } catch {
            return nil
        }
    }

    /// Converts and remembers `result`.
    ///
    /// - Throws: ``PayloadConversionError/unsupportedProductType(_:)``, also recorded in
    ///   ``unsupportedTransactions``.
    private func convertRemembering(
        _ result: StoreKit.VerificationResult<StoreKit.Transaction>
    ) throws(PayloadConversionError) -> PurchaseFlow.VerificationResult<PurchaseFlow.Transaction> {
        let original = result.unsafePayloadValue
        seen[original.id] = original
        do throws(PayloadConversionError) {
            switch result {
            case .verified(let transaction):
                return .verified(try Self.convert(transaction))
            case .unverified(let transaction, let error):
                return .unverified(try Self.convert(transaction), Self.convert(error))
            }
        } catch {
            unsupportedTransactions.append(
                UnsupportedTransaction(transactionId: String(original.id), productId: original.productID, error: error))
            if unsupportedTransactions.count > 100 {
                unsupportedTransactions.removeFirst(unsupportedTransactions.count - 100)
            }
            throw error
        }
    }

    /// Converts a StoreKit transaction. StoreKit's structs are matched by their static members;
    /// an unknown product type is an error, as in ``Transaction/init(payload:)`` (it is never
    /// mapped to another type); other unknown values keep their raw value.
    ///
    /// - Throws: ``PayloadConversionError/unsupportedProductType(_:)`` with StoreKit's raw value.
    static func convert(_ transaction: StoreKit.Transaction) throws(PayloadConversionError) -> PurchaseFlow.Transaction {
        let productType: PurchaseFlow.Transaction.ProductType
        switch transaction.productType {
        case .consumable: productType = .consumable
        case .nonConsumable: productType = .nonConsumable
        case .autoRenewable: productType = .autoRenewable
        case .nonRenewable: productType = .nonRenewable
        default: throw PayloadConversionError.unsupportedProductType(transaction.productType.rawValue)
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
