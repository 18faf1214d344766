extension APIError {
    /// A one-sentence English description of the error, written for logs and error messages (not
    /// Apple's wording, and not localised).
    ///
    /// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
    public var summary: String {
        switch self {
        case .generalBadRequest: "The request is invalid and can't be accepted."
        case .invalidAppIdentifier: "The app identifier is invalid."
        case .invalidRequestRevision: "The request revision is invalid."
        case .invalidTransactionId: "The transaction identifier is invalid."
        case .invalidOriginalTransactionId: "The original transaction identifier is invalid."
        case .invalidExtendByDays: "The extend-by-days value is invalid."
        case .invalidExtendReasonCode: "The reason code is invalid."
        case .invalidRequestIdentifier: "The request identifier is invalid."
        case .startDateTooFarInPast: "The start date is earlier than the earliest allowed date."
        case .startDateAfterEndDate:
            "The end date precedes the start date, or the two dates are equal."
        case .invalidPaginationToken: "The pagination token is invalid."
        case .invalidStartDate: "The start date is invalid."
        case .invalidEndDate: "The end date is invalid."
        case .paginationTokenExpired: "The pagination token expired."
        case .invalidNotificationType: "The notification type or subtype is invalid."
        case .multipleFiltersSupplied:
            "The request has more than one filter (notification type and transaction identifier)."
        case .invalidTestNotificationToken: "The test notification token is invalid."
        case .invalidSort: "The sort parameter is invalid."
        case .invalidProductType: "The product type parameter is invalid."
        case .invalidProductId: "The product identifier parameter is invalid."
        case .invalidSubscriptionGroupIdentifier:
            "The subscription group identifier parameter is invalid."
        case .invalidExcludeRevoked:
            "The exclude-revoked parameter is invalid (deprecated by Apple)."
        case .invalidInAppOwnershipType: "The in-app ownership type parameter is invalid."
        case .invalidEmptyStorefrontCountryCodeList: "The storefront country code list is empty."
        case .invalidStorefrontCountryCode: "A storefront country code is invalid."
        case .invalidRevoked: "The revoked parameter is invalid."
        case .invalidStatus: "The status parameter is invalid."
        case .invalidAccountTenure: "The accountTenure field is missing or invalid."
        case .invalidAppAccountToken:
            "The appAccountToken field is missing, or is neither empty nor a UUID."
        case .invalidConsumptionStatus: "The consumptionStatus field is missing or invalid."
        case .invalidCustomerConsented: "The customerConsented field is missing or not true."
        case .invalidDeliveryStatus: "The deliveryStatus field is missing or invalid."
        case .invalidLifetimeDollarsPurchased:
            "The lifetimeDollarsPurchased field is missing or invalid."
        case .invalidLifetimeDollarsRefunded:
            "The lifetimeDollarsRefunded field is missing or invalid."
        case .invalidPlatform: "The platform field is missing or invalid."
        case .invalidPlayTime: "The playTime field is missing or invalid."
        case .invalidSampleContentProvided: "The sampleContentProvided field is missing or invalid."
        case .invalidUserStatus: "The userStatus field is missing or invalid."
        case .invalidTransactionNotConsumable:
            "The transaction isn't consumable (retired in API 1.11; kept so old responses decode)."
        case .invalidRefundPreference:
            "The refundPreference field is invalid (API 1.11+; unknown to Apple's own libraries)."
        case .invalidTransactionTypeNotSupported:
            "The transaction's product type isn't supported by this endpoint."
        case .appTransactionIdNotSupported:
            "The endpoint doesn't support an app transaction identifier."
        case .invalidImage: "Retention Messaging: the image is invalid."
        case .headerTooLong: "Retention Messaging: the message header is too long."
        case .bodyTooLong: "Retention Messaging: the message body is too long."
        case .invalidLocale: "Retention Messaging: the locale is invalid."
        case .altTextTooLong: "Retention Messaging: the image alternative text is too long."
        case .invalidAppAccountTokenUUID: "The app account token isn't a valid UUID."
        case .familyTransactionNotSupported:
            "The transaction is a Family Sharing transaction, which this endpoint doesn't support."
        case .transactionIdNotOriginalTransactionId:
            "The transaction identifier isn't an original transaction identifier."
        case .consumptionPercentageAutoRenewableSubscription:
            "consumptionPercentage isn't supported for auto-renewable subscriptions (API 1.19+)."
        case .invalidPerformanceTestRequest:
            "Retention Messaging: the performance test request is invalid."
        case .invalidRequestId: "Retention Messaging: the request identifier is invalid."
        case .existingPerformanceTestRun:
            "Retention Messaging: a performance test is already running."
        case .badRequestRealtimeUrl: "Retention Messaging: the realtime URL is invalid."
        case .badRequestImageSize: "Retention Messaging: the image size is invalid."
        case .badRequestTooManyBulletPoints:
            "Retention Messaging: the message has too many bullet points."
        case .badRequestBulletPointTextTooLong:
            "Retention Messaging: a bullet point's text is too long."
        case .badRequestAboveImageRequiresAnImage:
            "Retention Messaging: the above-image position requires an image."
        case .invalidGroupId: "The group identifier is invalid (Get Group Members; API 1.22+)."
        case .invalidAssignedTransactionNotSupported:
            "Organisation-assigned transactions aren't supported by this endpoint (API 1.22+)."
        case .subscriptionExtensionIneligible:
            "The subscription isn't eligible for a renewal date extension."
        case .subscriptionMaxExtension:
            "The subscription already reached the maximum number of renewal date extensions."
        case .familySharedSubscriptionExtensionIneligible:
            "A Family Sharing subscription can't be extended."
        case .maximumNumberOfImagesReached:
            "Retention Messaging: the maximum number of images is reached."
        case .maximumNumberOfMessagesReached:
            "Retention Messaging: the maximum number of messages is reached."
        case .messageNotApproved: "Retention Messaging: the message isn't approved."
        case .imageNotApproved: "Retention Messaging: the image isn't approved."
        case .imageInUse: "Retention Messaging: the image is in use by a message."
        case .forbiddenNoPassingTest: "Retention Messaging: there is no passing performance test."
        case .accountNotFound: "The App Store account wasn't found."
        case .accountNotFoundRetryable: "The App Store account wasn't found; retry the request."
        case .appNotFound: "The app wasn't found."
        case .appNotFoundRetryable: "The app wasn't found; retry the request."
        case .originalTransactionIdNotFound: "The original transaction identifier wasn't found."
        case .originalTransactionIdNotFoundRetryable:
            "The original transaction identifier wasn't found; retry the request."
        case .serverNotificationUrlNotFound:
            "No App Store Server Notifications URL is configured for the app."
        case .testNotificationNotFound:
            "The test notification token expired, or the test notification status isn't available."
        case .statusRequestNotFound: "The renewal-date-extension status request wasn't found."
        case .transactionIdNotFound: "The transaction identifier wasn't found."
        case .imageNotFound: "Retention Messaging: the image wasn't found."
        case .messageNotFound: "Retention Messaging: the message wasn't found."
        case .performanceTestRunNotFound:
            "Retention Messaging: the performance test run wasn't found."
        case .appTransactionDoesNotExist: "No app transaction exists for the customer."
        case .defaultMessageNotFound: "Retention Messaging: the default message wasn't found."
        case .realtimeUrlNotFound: "Retention Messaging: the realtime URL wasn't found."
        case .imageAlreadyExists: "Retention Messaging: the image already exists."
        case .messageAlreadyExists: "Retention Messaging: the message already exists."
        case .rateLimitExceeded:
            "The request exceeded the rate limit; retry after the time in the Retry-After header."
        case .generalInternal: "A general internal server error; try again later."
        case .generalInternalRetryable: "A general internal server error; retry the request."
        }
    }
}
