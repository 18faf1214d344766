// Consumption requests (Send Consumption Information, V2 and V1): any bytes decoded as JSON.
// Oracles for a request that decodes:
// - round trip: encoding and decoding again gives an equal request, and encoding that gives the
//   same bytes (sorted keys); V1 writes an absent appAccountToken as "" (as Apple's libraries
//   do), so it comes back as "";
// - validate() throws exactly when validationErrors() is not empty, for every product type too;
// - a request that validates for no product type has an error without a product type.
import AppStoreServerAPI
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsumptionOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let json = Data(bytes(data, size))
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]

    if let request = try? decoder.decode(ConsumptionRequest.self, from: json) {
        roundTrip(request, decoder, encoder)
        agree(request.validationErrors().isEmpty, { try request.validate() }, "V2 validate()")
        for type in [nil] + ProductType.allCases.map(Optional.some) {
            agree(request.validationErrors(for: type).isEmpty, { try request.validate(for: type) }, "V2 validate(for: \(String(describing: type)))")
        }
    }
    if let request = try? decoder.decode(ConsumptionRequestV1.self, from: json) {
        var sent = request
        sent.appAccountToken = request.appAccountToken ?? ""
        roundTrip(request, decoder, encoder, expecting: sent)
        agree(request.validationErrors().isEmpty, { try request.validate() }, "V1 validate()")
    }
    return 0
}

/// `value` encoded and decoded again must equal `expected` (by default `value` itself).
func roundTrip<T: Codable & Equatable>(_ value: T, _ decoder: JSONDecoder, _ encoder: JSONEncoder, expecting expected: T? = nil) {
    do {
        let once = try encoder.encode(value)
        let back = try decoder.decode(T.self, from: once)
        guard back == expected ?? value else {
            oracleFailure("\(T.self) changed in a round trip: \(value) → \(String(decoding: once, as: UTF8.self)) → \(back)")
        }
        let twice = try encoder.encode(back)
        guard twice == once else {
            oracleFailure("\(T.self) encodes differently after a round trip: \(String(decoding: once, as: UTF8.self)) vs \(String(decoding: twice, as: UTF8.self))")
        }
    } catch {
        oracleFailure("\(T.self) \(value) does not round-trip: \(error)")
    }
}

/// `valid` (no validation errors) must agree with `validate` not throwing.
func agree(_ valid: Bool, _ validate: () throws -> Void, _ what: String) {
    let threw: Bool
    do { try validate(); threw = false } catch { threw = true }
    if threw == valid { oracleFailure("\(what) \(threw ? "threw" : "passed") but validationErrors() is \(valid ? "empty" : "not empty")") }
}

@_cdecl("fuzz_consumption_main")
public func fuzzConsumptionMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzConsumptionOne)
}
