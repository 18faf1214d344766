import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("Enums")
struct EnumTests {
    @Test("Integer enums: counts, raw values and case names")
    func intEnums() {
        #expect(ConsumptionStatus.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(String(describing: ConsumptionStatus.notConsumed) == "notConsumed")
        #expect(
            Platform.allCases.map { String(describing: $0) } == ["undeclared", "apple", "nonApple"])
        #expect(DeliveryStatusV1.allCases.count == 6)
        #expect(DeliveryStatusV1(rawValue: 4) == .didNotDeliverDueToIngameCurrencyChange)
        #expect(AccountTenure.allCases.map(\.rawValue) == Array(0...7))
        #expect(AccountTenure(rawValue: 7) == .greaterThanThreeHundredSixtyFiveDays)
        #expect(PlayTime.allCases.map(\.rawValue) == Array(0...7))
        #expect(PlayTime(rawValue: 7).map { String(describing: $0) } == "overSixteenDays")
        #expect(LifetimeDollarsPurchased.allCases.count == 8)
        #expect(
            LifetimeDollarsPurchased.allCases.map { String(describing: $0) }
                == LifetimeDollarsRefunded.allCases.map { String(describing: $0) })
        #expect(LifetimeDollarsRefunded(rawValue: 7) == .twoThousandDollarsOrGreater)
        #expect(UserStatus.allCases.map(\.rawValue) == Array(0...4))
        #expect(UserStatus(rawValue: 4) == .limitedAccess)
        #expect(
            RefundPreferenceV1.allCases.map { String(describing: $0) } == [
                "undeclared", "preferGrant", "preferDecline", "noPreference",
            ])
    }

    @Test("Notification enums: counts and raw values")
    func stringEnums() {
        #expect(NotificationTypeV2.allCases.count == 23)
        #expect(Subtype.allCases.count == 19)
        #expect(ConsumptionRequestReason.allCases.count == 5)
        #expect(NotificationTypeV2.consumptionRequest.rawValue == "CONSUMPTION_REQUEST")
        #expect(NotificationTypeV2.didChangeRenewalPref.rawValue == "DID_CHANGE_RENEWAL_PREF")
        #expect(NotificationTypeV2(rawValue: "ONE_TIME_CHARGE") == .oneTimeCharge)
        #expect(Subtype.activeTokenReminder.rawValue == "ACTIVE_TOKEN_REMINDER")
        #expect(Subtype(rawValue: "INITIAL_BUY") == .initialBuy)
        #expect(
            ConsumptionRequestReason.unsatisfiedWithPurchase.rawValue == "UNSATISFIED_WITH_PURCHASE"
        )
        #expect(NotificationTypeV2(rawValue: "INITIAL_BUY") == nil)
    }

    @Test("String enum case names are the lowerCamelCase of the raw values")
    func stringEnumNames() {
        func camel(_ raw: String) -> String {
            let parts = raw.lowercased().split(separator: "_")
            return parts.enumerated().map {
                $0.offset == 0 ? String($0.element) : $0.element.capitalized
            }
            .joined()
        }
        for value in NotificationTypeV2.allCases {
            #expect(String(describing: value) == camel(value.rawValue))
        }
        for value in Subtype.allCases {
            #expect(String(describing: value) == camel(value.rawValue))
        }
        for value in ConsumptionRequestReason.allCases {
            #expect(String(describing: value) == camel(value.rawValue))
        }
    }

    @Test("Environments and their raw values")
    func environments() {
        #expect(AppStoreEnvironment(rawValue: "Production") == .production)
        #expect(AppStoreEnvironment(rawValue: "Sandbox") == .sandbox)
        #expect(AppStoreEnvironment.xcode.baseURLString() == nil)
        #expect(AppStoreEnvironment.production.baseURLString() == "https://api.storekit.apple.com")
    }
}
