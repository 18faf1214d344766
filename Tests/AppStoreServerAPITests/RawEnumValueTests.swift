import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("RawEnumValue")
struct RawEnumValueTests {
    @Test("Normalises raw values to known cases")
    func normalisation() {
        #expect(RawEnumValue<ConsumptionStatus>(rawValue: 2) == .known(.partiallyConsumed))
        #expect(RawEnumValue<ConsumptionStatus>(rawValue: 9) == .unknown(9))
        #expect(RawEnumValue<ConsumptionStatus>.unknown(2) == .known(.partiallyConsumed))
        #expect(RawEnumValue<ConsumptionStatus>.unknown(2).known == .partiallyConsumed)
        #expect(RawEnumValue(ConsumptionStatus.fullyConsumed).rawValue == 3)
        #expect(Set([RawEnumValue<Platform>.unknown(1), .known(.apple)]).count == 1)
    }

    @Test("Unknown integer values survive decode → encode")
    func unknownIntRoundTrip() throws {
        let values = try JSONDecoder().decode(
            [RawEnumValue<PlayTime>].self, from: Data("[3, 8, -1]".utf8))
        #expect(values == [.known(.oneToSixHours), .unknown(8), .unknown(-1)])
        #expect(values.map(\.isKnown) == [true, false, false])
        #expect(String(decoding: try JSONEncoder().encode(values), as: UTF8.self) == "[3,8,-1]")
    }

    @Test("Unknown string values survive decode → encode")
    func unknownStringRoundTrip() throws {
        let values = try JSONDecoder().decode(
            [RawEnumValue<NotificationTypeV2>].self,
            from: Data(#"["CONSUMPTION_REQUEST","SOMETHING_NEW"]"#.utf8))
        #expect(values == [.known(.consumptionRequest), .unknown("SOMETHING_NEW")])
        #expect(
            String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
                == #"["CONSUMPTION_REQUEST","SOMETHING_NEW"]"#)
    }

    @Test("A value of the wrong JSON type is a decoding error")
    func wrongType() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([RawEnumValue<PlayTime>].self, from: Data(#"["3"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([RawEnumValue<PlayTime>].self, from: Data("[4294967296]".utf8))
        }
    }

    @Test("Description prints the case name or unknown(raw)")
    func description() {
        #expect(String(describing: RawEnumValue(UserStatus.limitedAccess)) == "limitedAccess")
        #expect(String(describing: RawEnumValue<UserStatus>.unknown(9)) == "unknown(9)")
    }
}
