import AppStoreServerAPI
import Testing

/// The sample in the library's DocC overview (AppStoreServerAPI.docc) compiles and works.
@Suite("DocC overview sample")
struct OverviewSampleTests {
    @Test("the overview's request builds and validates")
    func overviewSample() throws {
        let body = ConsumptionRequestV1(
            customerConsented: true, consumptionStatus: RawEnumValue(.partiallyConsumed), platform: RawEnumValue(.apple),
            sampleContentProvided: false, deliveryStatus: RawEnumValue(.deliveredAndWorkingProperly),
            appAccountToken: "", accountTenure: RawEnumValue(.thirtyDaysToNinetyDays), playTime: RawEnumValue(.oneToSixHours),
            lifetimeDollarsRefunded: RawEnumValue(.zeroDollars),
            lifetimeDollarsPurchased: RawEnumValue(.fiftyDollarsToNinetyNineDollarsAndNinetyNineCents),
            userStatus: RawEnumValue(.active))
        try body.validate()
        let request = try SendConsumptionInformationV1.request(
            transactionId: "2000000123456789", body: body, environment: .sandbox)
        #expect(request.method == "PUT")
        #expect(request.url.absoluteString == "https://api.storekit-sandbox.apple.com/inApps/v1/transactions/consumption/2000000123456789")
    }
}
