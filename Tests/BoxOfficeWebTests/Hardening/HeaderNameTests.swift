import HTTPTypes
import Testing

@testable import BoxOfficeWeb

/// The header names the app makes once from literals (``HTTPField/Name``'s extension) are all valid tokens: a
/// misspelt one would stop the first request that uses it, so each is made here, before any request does.
@Suite("Header names made once")
struct HeaderNameTests {
    @Test("every name the app makes is a token, kept in its canonical lower case")
    func namesAreTokens() {
        let names: [(HTTPField.Name, String)] = [
            (.referrerPolicy, "referrer-policy"), (.xFrameOptions, "x-frame-options"),
            (.crossOriginOpenerPolicy, "cross-origin-opener-policy"), (.permissionsPolicy, "permissions-policy"),
            (.xForwardedProto, "x-forwarded-proto"), (.forwarded, "forwarded"), (.xRequestID, "x-request-id"),
            (.xCSRFToken, "x-csrf-token"), (.idempotencyKey, "idempotency-key"),
            (.xBoxOfficeAccount, "x-boxoffice-account"), (.xBoxOfficeSessionExpires, "x-boxoffice-session-expires"),
        ]
        for (name, canonical) in names {
            #expect(name.canonicalName == canonical)
        }
    }
}
