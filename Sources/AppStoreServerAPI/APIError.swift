/// An error code that the App Store Server API returns in the `errorCode` field of an error
/// response body.
///
/// The raw value is Apple's numeric error code, an `Int64` such as `4040010`. The first three
/// digits of every code are the HTTP status code of the response that carries it (see
/// ``httpStatus``). Case names follow Apple's error names without the `Error` suffix and with a
/// lower-cased first letter (`InvalidPlayTimeError` → ``invalidPlayTime``); the one exception is
/// ``transactionIdNotOriginalTransactionId`` (Apple:
/// `TransactionIdIsNotOriginalTransactionIdError`), named as in Apple's official Swift library.
/// ``appleName`` returns Apple's exact name. `4040019` is ``appTransactionDoesNotExist``
/// (lowerCamelCase; Apple's Swift library keeps it capitalised).
///
/// The enum has 91 cases: every code Apple's official libraries know (including the 26 Retention
/// Messaging API codes) plus four codes Apple documents that the libraries don't know yet
/// (`4000044`, `4000209`, `4000225`, `4000227`). Codes this enum doesn't know are kept by
/// ``APIErrorCode`` (`.unknown(rawValue)`), so decoding a response never fails because Apple added
/// a code.
///
/// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
public enum APIError: Int64, CaseIterable, Sendable, Codable {
    /// `4000000` GeneralBadRequestError (HTTP 400): The request is invalid and can't be accepted.
    case generalBadRequest = 4000000
    /// `4000002` InvalidAppIdentifierError (HTTP 400): The app identifier is invalid.
    case invalidAppIdentifier = 4000002
    /// `4000005` InvalidRequestRevisionError (HTTP 400): The request revision is invalid.
    case invalidRequestRevision = 4000005
    /// `4000006` InvalidTransactionIdError (HTTP 400): The transaction identifier is invalid.
    case invalidTransactionId = 4000006
    /// `4000008` InvalidOriginalTransactionIdError (HTTP 400): The original transaction identifier
    /// is invalid.
    case invalidOriginalTransactionId = 4000008
    /// `4000009` InvalidExtendByDaysError (HTTP 400): The extend-by-days value is invalid.
    case invalidExtendByDays = 4000009
    /// `4000010` InvalidExtendReasonCodeError (HTTP 400): The reason code is invalid.
    case invalidExtendReasonCode = 4000010
    /// `4000011` InvalidRequestIdentifierError (HTTP 400): The request identifier is invalid.
    case invalidRequestIdentifier = 4000011
    /// `4000012` StartDateTooFarInPastError (HTTP 400): The start date is earlier than the earliest
    /// allowed date.
    case startDateTooFarInPast = 4000012
    /// `4000013` StartDateAfterEndDateError (HTTP 400): The end date precedes the start date, or
    /// the two dates are equal.
    case startDateAfterEndDate = 4000013
    /// `4000014` InvalidPaginationTokenError (HTTP 400): The pagination token is invalid.
    case invalidPaginationToken = 4000014
    /// `4000015` InvalidStartDateError (HTTP 400): The start date is invalid.
    case invalidStartDate = 4000015
    /// `4000016` InvalidEndDateError (HTTP 400): The end date is invalid.
    case invalidEndDate = 4000016
    /// `4000017` PaginationTokenExpiredError (HTTP 400): The pagination token expired.
    case paginationTokenExpired = 4000017
    /// `4000018` InvalidNotificationTypeError (HTTP 400): The notification type or subtype is
    /// invalid.
    case invalidNotificationType = 4000018
    /// `4000019` MultipleFiltersSuppliedError (HTTP 400): The request has more than one filter
    /// (notification type and transaction identifier).
    case multipleFiltersSupplied = 4000019
    /// `4000020` InvalidTestNotificationTokenError (HTTP 400): The test notification token is
    /// invalid.
    case invalidTestNotificationToken = 4000020
    /// `4000021` InvalidSortError (HTTP 400): The sort parameter is invalid.
    case invalidSort = 4000021
    /// `4000022` InvalidProductTypeError (HTTP 400): The product type parameter is invalid.
    case invalidProductType = 4000022
    /// `4000023` InvalidProductIdError (HTTP 400): The product identifier parameter is invalid.
    case invalidProductId = 4000023
    /// `4000024` InvalidSubscriptionGroupIdentifierError (HTTP 400): The subscription group
    /// identifier parameter is invalid.
    case invalidSubscriptionGroupIdentifier = 4000024
    /// `4000025` InvalidExcludeRevokedError (HTTP 400): The exclude-revoked parameter is invalid
    /// (deprecated by Apple).
    case invalidExcludeRevoked = 4000025
    /// `4000026` InvalidInAppOwnershipTypeError (HTTP 400): The in-app ownership type parameter is
    /// invalid.
    case invalidInAppOwnershipType = 4000026
    /// `4000027` InvalidEmptyStorefrontCountryCodeListError (HTTP 400): The storefront country code
    /// list is empty.
    case invalidEmptyStorefrontCountryCodeList = 4000027
    /// `4000028` InvalidStorefrontCountryCodeError (HTTP 400): A storefront country code is
    /// invalid.
    case invalidStorefrontCountryCode = 4000028
    /// `4000030` InvalidRevokedError (HTTP 400): The revoked parameter is invalid.
    case invalidRevoked = 4000030
    /// `4000031` InvalidStatusError (HTTP 400): The status parameter is invalid.
    case invalidStatus = 4000031
    /// `4000032` InvalidAccountTenureError (HTTP 400): The `accountTenure` field is missing or
    /// invalid.
    case invalidAccountTenure = 4000032
    /// `4000033` InvalidAppAccountTokenError (HTTP 400): The `appAccountToken` field is missing, or
    /// is neither empty nor a UUID.
    case invalidAppAccountToken = 4000033
    /// `4000034` InvalidConsumptionStatusError (HTTP 400): The `consumptionStatus` field is missing
    /// or invalid.
    case invalidConsumptionStatus = 4000034
    /// `4000035` InvalidCustomerConsentedError (HTTP 400): The `customerConsented` field is missing
    /// or not true.
    case invalidCustomerConsented = 4000035
    /// `4000036` InvalidDeliveryStatusError (HTTP 400): The `deliveryStatus` field is missing or
    /// invalid.
    case invalidDeliveryStatus = 4000036
    /// `4000037` InvalidLifetimeDollarsPurchasedError (HTTP 400): The `lifetimeDollarsPurchased`
    /// field is missing or invalid.
    case invalidLifetimeDollarsPurchased = 4000037
    /// `4000038` InvalidLifetimeDollarsRefundedError (HTTP 400): The `lifetimeDollarsRefunded`
    /// field is missing or invalid.
    case invalidLifetimeDollarsRefunded = 4000038
    /// `4000039` InvalidPlatformError (HTTP 400): The `platform` field is missing or invalid.
    case invalidPlatform = 4000039
    /// `4000040` InvalidPlayTimeError (HTTP 400): The `playTime` field is missing or invalid.
    case invalidPlayTime = 4000040
    /// `4000041` InvalidSampleContentProvidedError (HTTP 400): The `sampleContentProvided` field is
    /// missing or invalid.
    case invalidSampleContentProvided = 4000041
    /// `4000042` InvalidUserStatusError (HTTP 400): The `userStatus` field is missing or invalid.
    case invalidUserStatus = 4000042
    /// `4000043` InvalidTransactionNotConsumableError (HTTP 400): The transaction isn't consumable
    /// (retired in API 1.11; kept so old responses decode).
    case invalidTransactionNotConsumable = 4000043
    /// `4000044` InvalidRefundPreferenceError (HTTP 400): The `refundPreference` field is invalid
    /// (API 1.11+; unknown to Apple's own libraries).
    case invalidRefundPreference = 4000044
    /// `4000047` InvalidTransactionTypeNotSupportedError (HTTP 400): The transaction's product type
    /// isn't supported by this endpoint.
    case invalidTransactionTypeNotSupported = 4000047
    /// `4000048` AppTransactionIdNotSupportedError (HTTP 400): The endpoint doesn't support an app
    /// transaction identifier.
    case appTransactionIdNotSupported = 4000048
    /// `4000161` InvalidImageError (HTTP 400): Retention Messaging: the image is invalid.
    case invalidImage = 4000161
    /// `4000162` HeaderTooLongError (HTTP 400): Retention Messaging: the message header is too
    /// long.
    case headerTooLong = 4000162
    /// `4000163` BodyTooLongError (HTTP 400): Retention Messaging: the message body is too long.
    case bodyTooLong = 4000163
    /// `4000164` InvalidLocaleError (HTTP 400): Retention Messaging: the locale is invalid.
    case invalidLocale = 4000164
    /// `4000175` AltTextTooLongError (HTTP 400): Retention Messaging: the image alternative text is
    /// too long.
    case altTextTooLong = 4000175
    /// `4000183` InvalidAppAccountTokenUUIDError (HTTP 400): The app account token isn't a valid
    /// UUID.
    case invalidAppAccountTokenUUID = 4000183
    /// `4000185` FamilyTransactionNotSupportedError (HTTP 400): The transaction is a Family Sharing
    /// transaction, which this endpoint doesn't support.
    case familyTransactionNotSupported = 4000185
    /// `4000187` TransactionIdIsNotOriginalTransactionIdError (HTTP 400): The transaction
    /// identifier isn't an original transaction identifier.
    case transactionIdNotOriginalTransactionId = 4000187
    /// `4000209` ConsumptionPercentageAutoRenewableSubscriptionError (HTTP 400):
    /// `consumptionPercentage` isn't supported for auto-renewable subscriptions (API 1.19+).
    case consumptionPercentageAutoRenewableSubscription = 4000209
    /// `4000211` InvalidPerformanceTestRequestError (HTTP 400): Retention Messaging: the
    /// performance test request is invalid.
    case invalidPerformanceTestRequest = 4000211
    /// `4000212` InvalidRequestIdError (HTTP 400): Retention Messaging: the request identifier is
    /// invalid.
    case invalidRequestId = 4000212
    /// `4000213` ExistingPerformanceTestRunError (HTTP 400): Retention Messaging: a performance
    /// test is already running.
    case existingPerformanceTestRun = 4000213
    /// `4000215` BadRequestRealtimeUrlError (HTTP 400): Retention Messaging: the realtime URL is
    /// invalid.
    case badRequestRealtimeUrl = 4000215
    /// `4000216` BadRequestImageSizeError (HTTP 400): Retention Messaging: the image size is
    /// invalid.
    case badRequestImageSize = 4000216
    /// `4000218` BadRequestTooManyBulletPointsError (HTTP 400): Retention Messaging: the message
    /// has too many bullet points.
    case badRequestTooManyBulletPoints = 4000218
    /// `4000219` BadRequestBulletPointTextTooLongError (HTTP 400): Retention Messaging: a bullet
    /// point's text is too long.
    case badRequestBulletPointTextTooLong = 4000219
    /// `4000224` BadRequestAboveImageRequiresAnImageError (HTTP 400): Retention Messaging: the
    /// above-image position requires an image.
    case badRequestAboveImageRequiresAnImage = 4000224
    /// `4000225` InvalidGroupIdError (HTTP 400): The group identifier is invalid (Get Group
    /// Members; API 1.22+).
    case invalidGroupId = 4000225
    /// `4000227` InvalidAssignedTransactionNotSupportedError (HTTP 400): Organisation-assigned
    /// transactions aren't supported by this endpoint (API 1.22+).
    case invalidAssignedTransactionNotSupported = 4000227
    /// `4030004` SubscriptionExtensionIneligibleError (HTTP 403): The subscription isn't eligible
    /// for a renewal date extension.
    case subscriptionExtensionIneligible = 4030004
    /// `4030005` SubscriptionMaxExtensionError (HTTP 403): The subscription already reached the
    /// maximum number of renewal date extensions.
    case subscriptionMaxExtension = 4030005
    /// `4030007` FamilySharedSubscriptionExtensionIneligibleError (HTTP 403): A Family Sharing
    /// subscription can't be extended.
    case familySharedSubscriptionExtensionIneligible = 4030007
    /// `4030014` MaximumNumberOfImagesReachedError (HTTP 403): Retention Messaging: the maximum
    /// number of images is reached.
    case maximumNumberOfImagesReached = 4030014
    /// `4030016` MaximumNumberOfMessagesReachedError (HTTP 403): Retention Messaging: the maximum
    /// number of messages is reached.
    case maximumNumberOfMessagesReached = 4030016
    /// `4030017` MessageNotApprovedError (HTTP 403): Retention Messaging: the message isn't
    /// approved.
    case messageNotApproved = 4030017
    /// `4030018` ImageNotApprovedError (HTTP 403): Retention Messaging: the image isn't approved.
    case imageNotApproved = 4030018
    /// `4030019` ImageInUseError (HTTP 403): Retention Messaging: the image is in use by a message.
    case imageInUse = 4030019
    /// `4030026` ForbiddenNoPassingTestError (HTTP 403): Retention Messaging: there is no passing
    /// performance test.
    case forbiddenNoPassingTest = 4030026
    /// `4040001` AccountNotFoundError (HTTP 404): The App Store account wasn't found.
    case accountNotFound = 4040001
    /// `4040002` AccountNotFoundRetryableError (HTTP 404): The App Store account wasn't found;
    /// retry the request.
    case accountNotFoundRetryable = 4040002
    /// `4040003` AppNotFoundError (HTTP 404): The app wasn't found.
    case appNotFound = 4040003
    /// `4040004` AppNotFoundRetryableError (HTTP 404): The app wasn't found; retry the request.
    case appNotFoundRetryable = 4040004
    /// `4040005` OriginalTransactionIdNotFoundError (HTTP 404): The original transaction identifier
    /// wasn't found.
    case originalTransactionIdNotFound = 4040005
    /// `4040006` OriginalTransactionIdNotFoundRetryableError (HTTP 404): The original transaction
    /// identifier wasn't found; retry the request.
    case originalTransactionIdNotFoundRetryable = 4040006
    /// `4040007` ServerNotificationURLNotFoundError (HTTP 404): No App Store Server Notifications
    /// URL is configured for the app.
    case serverNotificationUrlNotFound = 4040007
    /// `4040008` TestNotificationNotFoundError (HTTP 404): The test notification token expired, or
    /// the test notification status isn't available.
    case testNotificationNotFound = 4040008
    /// `4040009` StatusRequestNotFoundError (HTTP 404): The renewal-date-extension status request
    /// wasn't found.
    case statusRequestNotFound = 4040009
    /// `4040010` TransactionIdNotFoundError (HTTP 404): The transaction identifier wasn't found.
    case transactionIdNotFound = 4040010
    /// `4040014` ImageNotFoundError (HTTP 404): Retention Messaging: the image wasn't found.
    case imageNotFound = 4040014
    /// `4040015` MessageNotFoundError (HTTP 404): Retention Messaging: the message wasn't found.
    case messageNotFound = 4040015
    /// `4040018` PerformanceTestRunNotFoundError (HTTP 404): Retention Messaging: the performance
    /// test run wasn't found.
    case performanceTestRunNotFound = 4040018
    /// `4040019` AppTransactionDoesNotExistError (HTTP 404): No app transaction exists for the
    /// customer.
    case appTransactionDoesNotExist = 4040019
    /// `4040020` DefaultMessageNotFoundError (HTTP 404): Retention Messaging: the default message
    /// wasn't found.
    case defaultMessageNotFound = 4040020
    /// `4040021` RealtimeUrlNotFoundError (HTTP 404): Retention Messaging: the realtime URL wasn't
    /// found.
    case realtimeUrlNotFound = 4040021
    /// `4090000` ImageAlreadyExistsError (HTTP 409): Retention Messaging: the image already exists.
    case imageAlreadyExists = 4090000
    /// `4090001` MessageAlreadyExistsError (HTTP 409): Retention Messaging: the message already
    /// exists.
    case messageAlreadyExists = 4090001
    /// `4290000` RateLimitExceededError (HTTP 429): The request exceeded the rate limit; retry
    /// after the time in the `Retry-After` header.
    case rateLimitExceeded = 4290000
    /// `5000000` GeneralInternalError (HTTP 500): A general internal server error; try again later.
    case generalInternal = 5000000
    /// `5000001` GeneralInternalRetryableError (HTTP 500): A general internal server error; retry
    /// the request.
    case generalInternalRetryable = 5000001
}
