/// The JSON body of the HTTP `POST` that App Store Server Notifications V2 sends to your server:
/// `{"signedPayload": "<JWS>"}`.
///
/// `signedPayload` is a compact JWS (`header.payload.signature`, base64url) whose payload decodes
/// as ``ResponseBodyV2DecodedPayload`` once the signature and certificate chain are verified.
/// Unknown keys are ignored. Reply `200`–`206` to acknowledge; other statuses make Apple retry
/// (production only).
///
/// ```json
/// {"signedPayload": "eyJhbGciOiJFUzI1NiIsIng1YyI6Wy4uLl19.eyJub3RpZmljYXRpb25UeXBlIjoi..."}
/// ```
///
/// [responseBodyV2](https://developer.apple.com/documentation/appstoreservernotifications/responsebodyv2)
public struct ResponseBodyV2: Codable, Hashable, Sendable {
    /// `signedPayload` (string, always present): the notification as a compact JWS signed by the
    /// App Store.
    ///
    /// [signedPayload](https://developer.apple.com/documentation/appstoreservernotifications/signedpayload)
    public var signedPayload: String

    /// Creates a body.
    ///
    /// - Parameter signedPayload: The compact JWS.
    public init(signedPayload: String) {
        self.signedPayload = signedPayload
    }
}
