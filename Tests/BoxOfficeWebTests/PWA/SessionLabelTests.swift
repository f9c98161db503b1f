import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// What the service worker needs to keep a shared device's accounts apart (issue 26, W6 and W8): the account label
/// and the session's end on every diary page and in `GET /session`, and the label on the diary's navigation, where
/// the offline-notes script files a note under it.
@Suite("Account label and session expiry for the service worker")
struct SessionLabelTests {
    typealias Middleware = DiarySessionMiddleware<DiaryPageContext>

    @Test("diary pages and /session carry the account's label and its session's end; signed out, neither")
    func labelAndExpiry() async throws {
        try await WebTestSupport.withSampleApp { client in
            let reader = PageBrowser(client)
            let signedOut = try await reader.get("/session")
            #expect(signedOut.text == #"{"signedIn":false}"#)
            #expect(try await reader.get("/login").headers[Middleware.expiresHeader] == nil)

            try await reader.signUp("sharedone")
            let notes = try await reader.get("/notes")
            let label = try #require(notes.headers[Middleware.accountHeader])
            let expires = try #require(notes.headers[Middleware.expiresHeader])
            let end = try Date(expires, strategy: .iso8601)
            // The web suite's clock is fixed; a new session lasts the configured lifetime from then.
            #expect(end > WebTestSupport.fixedNow)
            #expect(notes.text.contains(#"data-account="\#(label)""#), "the navigation names the account")
            #expect(notes.text.contains("data-other-account-text="))

            let session = try #require(try await reader.get("/session").jsonObject)
            #expect(session["account"] as? String == label)
            #expect(session["expiresAt"] as? String == expires)
            #expect(session["csrfToken"] as? String == (try await reader.sessionCSRF()))

            let other = PageBrowser(client)
            try await other.signUp("sharedtwo")
            let otherSession = try #require(try await other.get("/session").jsonObject)
            #expect(otherSession["account"] as? String != label)
        }
    }
}
