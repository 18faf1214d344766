extension APIError {
    /// Apple's exact name for the error, such as `"InvalidPlayTimeError"`.
    ///
    /// For the Retention Messaging API codes (`4000161` … `4090001`) Apple's pages give the name
    /// without the `Error` suffix (for example `InvalidImage`); this property appends `Error`
    /// (`"InvalidImageError"`) so every name has the same shape. Code `4040007` is
    /// `"ServerNotificationURLNotFoundError"`, as Apple's error-codes page spells it (Apple's
    /// libraries name the case `serverNotificationUrlNotFound` / `SERVER_NOTIFICATION_URL_NOT_FOUND`
    /// and write `ServerNotificationUrlNotFoundError` in their doc links).
    ///
    /// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
    public var appleName: String {
        switch self {
        case .generalBadRequest: "GeneralBadRequestError"
        case .invalidAppIdentifier: "InvalidAppIdentifierError"
        case .invalidRequestRevision: "InvalidRequestRevisionError"
        case .invalidTransactionId: "InvalidTransactionIdError"
        case .invalidOriginalTransactionId: "InvalidOriginalTransactionIdError"
        case .invalidExtendByDays: "InvalidExtendByDaysError"
        case .invalidExtendReasonCode: "InvalidExtendReasonCodeError"
        case .invalidRequestIdentifier: "InvalidRequestIdentifierError"
        case .startDateTooFarInPast: "StartDateTooFarInPastError"
        case .startDateAfterEndDate: "StartDateAfterEndDateError"
        case .invalidPaginationToken: "InvalidPaginationTokenError"
        case .invalidStartDate: "InvalidStartDateError"
        case .invalidEndDate: "InvalidEndDateError"
        case .paginationTokenExpired: "PaginationTokenExpiredError"
        case .invalidNotificationType: "InvalidNotificationTypeError"
        case .multipleFiltersSupplied: "MultipleFiltersSuppliedError"
        case .invalidTestNotificationToken: "InvalidTestNotificationTokenError"
        case .invalidSort: "InvalidSortError"
        case .invalidProductType: "InvalidProductTypeError"
        case .invalidProductId: "InvalidProductIdError"
        case .invalidSubscriptionGroupIdentifier: "InvalidSubscriptionGroupIdentifierError"
        case .invalidExcludeRevoked: "InvalidExcludeRevokedError"
        case .invalidInAppOwnershipType: "InvalidInAppOwnershipTypeError"
        case .invalidEmptyStorefrontCountryCodeList: "InvalidEmptyStorefrontCountryCodeListError"
        case .invalidStorefrontCountryCode: "InvalidStorefrontCountryCodeError"
        case .invalidRevoked: "InvalidRevokedError"
        case .invalidStatus: "InvalidStatusError"
        case .invalidAccountTenure: "InvalidAccountTenureError"
        case .invalidAppAccountToken: "InvalidAppAccountTokenError"
        case .invalidConsumptionStatus: "InvalidConsumptionStatusError"
        case .invalidCustomerConsented: "InvalidCustomerConsentedError"
        case .invalidDeliveryStatus: "InvalidDeliveryStatusError"
        case .invalidLifetimeDollarsPurchased: "InvalidLifetimeDollarsPurchasedError"
        case .invalidLifetimeDollarsRefunded: "InvalidLifetimeDollarsRefundedError"
        case .invalidPlatform: "InvalidPlatformError"
        case .invalidPlayTime: "InvalidPlayTimeError"
        case .invalidSampleContentProvided: "InvalidSampleContentProvidedError"
        case .invalidUserStatus: "InvalidUserStatusError"
        case .invalidTransactionNotConsumable: "InvalidTransactionNotConsumableError"
        case .invalidRefundPreference: "InvalidRefundPreferenceError"
        case .invalidTransactionTypeNotSupported: "InvalidTransactionTypeNotSupportedError"
        case .appTransactionIdNotSupported: "AppTransactionIdNotSupportedError"
        case .invalidImage: "InvalidImageError"
        case .headerTooLong: "HeaderTooLongError"
        case .bodyTooLong: "BodyTooLongError"
        case .invalidLocale: "InvalidLocaleError"
        case .altTextTooLong: "AltTextTooLongError"
        case .invalidAppAccountTokenUUID: "InvalidAppAccountTokenUUIDError"
        case .familyTransactionNotSupported: "FamilyTransactionNotSupportedError"
        case .transactionIdNotOriginalTransactionId: "TransactionIdIsNotOriginalTransactionIdError"
        case .consumptionPercentageAutoRenewableSubscription:
            "ConsumptionPercentageAutoRenewableSubscriptionError"
        case .invalidPerformanceTestRequest: "InvalidPerformanceTestRequestError"
        case .invalidRequestId: "InvalidRequestIdError"
        case .existingPerformanceTestRun: "ExistingPerformanceTestRunError"
        case .badRequestRealtimeUrl: "BadRequestRealtimeUrlError"
        case .badRequestImageSize: "BadRequestImageSizeError"
        case .badRequestTooManyBulletPoints: "BadRequestTooManyBulletPointsError"
        case .badRequestBulletPointTextTooLong: "BadRequestBulletPointTextTooLongError"
        case .badRequestAboveImageRequiresAnImage: "BadRequestAboveImageRequiresAnImageError"
        case .invalidGroupId: "InvalidGroupIdError"
        case .invalidAssignedTransactionNotSupported: "InvalidAssignedTransactionNotSupportedError"
        case .subscriptionExtensionIneligible: "SubscriptionExtensionIneligibleError"
        case .subscriptionMaxExtension: "SubscriptionMaxExtensionError"
        case .familySharedSubscriptionExtensionIneligible:
            "FamilySharedSubscriptionExtensionIneligibleError"
        case .maximumNumberOfImagesReached: "MaximumNumberOfImagesReachedError"
        case .maximumNumberOfMessagesReached: "MaximumNumberOfMessagesReachedError"
        case .messageNotApproved: "MessageNotApprovedError"
        case .imageNotApproved: "ImageNotApprovedError"
        case .imageInUse: "ImageInUseError"
        case .forbiddenNoPassingTest: "ForbiddenNoPassingTestError"
        case .accountNotFound: "AccountNotFoundError"
        case .accountNotFoundRetryable: "AccountNotFoundRetryableError"
        case .appNotFound: "AppNotFoundError"
        case .appNotFoundRetryable: "AppNotFoundRetryableError"
        case .originalTransactionIdNotFound: "OriginalTransactionIdNotFoundError"
        case .originalTransactionIdNotFoundRetryable: "OriginalTransactionIdNotFoundRetryableError"
        case .serverNotificationUrlNotFound: "ServerNotificationURLNotFoundError"
        case .testNotificationNotFound: "TestNotificationNotFoundError"
        case .statusRequestNotFound: "StatusRequestNotFoundError"
        case .transactionIdNotFound: "TransactionIdNotFoundError"
        case .imageNotFound: "ImageNotFoundError"
        case .messageNotFound: "MessageNotFoundError"
        case .performanceTestRunNotFound: "PerformanceTestRunNotFoundError"
        case .appTransactionDoesNotExist: "AppTransactionDoesNotExistError"
        case .defaultMessageNotFound: "DefaultMessageNotFoundError"
        case .realtimeUrlNotFound: "RealtimeUrlNotFoundError"
        case .imageAlreadyExists: "ImageAlreadyExistsError"
        case .messageAlreadyExists: "MessageAlreadyExistsError"
        case .rateLimitExceeded: "RateLimitExceededError"
        case .generalInternal: "GeneralInternalError"
        case .generalInternalRetryable: "GeneralInternalRetryableError"
        }
    }

    /// The HTTP status code of a response that carries this error: the first three digits of the
    /// error code (`4040010` → `404`, `5000001` → `500`).
    ///
    /// The unit is an HTTP status code (`Int`); the error code itself is an `Int64`.
    public var httpStatus: Int {
        Int(rawValue / 10_000)
    }

    /// Whether Apple lists this error under "Errors to retry": `true` exactly for
    /// ``accountNotFoundRetryable`` (`4040002`), ``appNotFoundRetryable`` (`4040004`),
    /// ``originalTransactionIdNotFoundRetryable`` (`4040006`) and ``generalInternalRetryable``
    /// (`5000001`).
    ///
    /// ``rateLimitExceeded`` (`4290000`) and ``generalInternal`` (`5000000`) are `false`: retry
    /// them later (after the `Retry-After` header, a UNIX time in milliseconds, for `429`), not
    /// immediately.
    ///
    /// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
    public var isRetryable: Bool {
        switch self {
        case .accountNotFoundRetryable, .appNotFoundRetryable,
            .originalTransactionIdNotFoundRetryable, .generalInternalRetryable:
            true
        default:
            false
        }
    }
}
