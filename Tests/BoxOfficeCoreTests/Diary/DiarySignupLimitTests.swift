import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Testing

@Suite("Diary service: sign-ups per asker")
struct DiarySignupLimitTests {
    /// Hashes nothing: every hash is refused as a full line of checks would refuse it.
    struct FullLineHasher: PasswordHasher {
        func hash(_: String) async throws -> String { throw DiaryError.busy(retryAfterSeconds: 30) }
        func verify(_: String, against _: String?) async throws -> Bool { throw DiaryError.busy(retryAfterSeconds: 30) }
    }

    @Test(
        "an asker tries five sign-ups a window (made or taken), then 429 until the oldest leaves; others and nobody go on"
    )
    func fivePerWindow() async throws {
        let harness = DiaryHarness()
        let accounts = harness.accounts
        try await Asker.$current.withValue("203.0.113.7") {
            for name in ["one", "two", "three", "four"] {
                _ = try await accounts.signUp(username: name, password: "correct horse")
            }
            // A taken name is counted too: names cannot be tried faster than accounts are made.
            await #expect(throws: DiaryError.conflict(.usernameTaken("ONE"))) {
                try await accounts.signUp(username: "ONE", password: "correct horse")
            }
            await #expect(throws: DiaryError.tooManySignups(retryAfterSeconds: 900)) {
                try await accounts.signUp(username: "five", password: "correct horse")
            }
            // Bad input is refused before it counts or is refused for the count.
            await #expect(throws: BoxOfficeError.self) {
                try await accounts.signUp(username: "bad name!", password: "correct horse")
            }
        }
        #expect(try await harness.store.credentials(usernameKey: "five") == nil, "nothing made past the limit")
        // Another address, and nobody in particular (a server behind a proxy), are not held by it.
        _ = try await Asker.$current.withValue("198.51.100.1") {
            try await accounts.signUp(username: "six", password: "correct horse")
        }
        for index in 0..<7 { _ = try await accounts.signUp(username: "free\(index)", password: "correct horse") }
        // Kept under the address's digest, never the address itself; a log-in's slots are apart.
        let since = Date.distantPast
        #expect(try await harness.store.failedLogins(usernameKey: "signup 203.0.113.7", since: since).isEmpty)
        let key = "signup " + TestSecretDigester().digest("203.0.113.7")
        #expect(try await harness.store.failedLogins(usernameKey: key, since: since).count == 5)
        #expect(try await accounts.logIn(username: "one", password: "correct horse").username == "one")
    }

    @Test("the count reopens as the window moves on: Retry-After counts from the oldest sign-up")
    func windowMoves() async throws {
        var harness = DiaryHarness()
        harness.accountSettings.signupsPerAsker = 2
        let clock = harness.clock
        let accounts = harness.accounts
        try await Asker.$current.withValue("203.0.113.7") {
            _ = try await accounts.signUp(username: "early", password: "correct horse")
            clock.advance(600)
            _ = try await accounts.signUp(username: "later", password: "correct horse")
            await #expect(throws: DiaryError.tooManySignups(retryAfterSeconds: 300)) {
                try await accounts.signUp(username: "third", password: "correct horse")
            }
        }
        clock.advance(301)
        let third = try await Asker.$current.withValue("203.0.113.7") {
            try await accounts.signUp(username: "third", password: "correct horse")
        }
        #expect(third.username == "third")
    }

    @Test("0 is no limit")
    func noLimit() async throws {
        var harness = DiaryHarness()
        harness.accountSettings.signupsPerAsker = 0
        let accounts = harness.accounts
        let made = try await Asker.$current.withValue("203.0.113.7") {
            var made: [String] = []
            for index in 0..<8 {
                made.append(try await accounts.signUp(username: "free\(index)", password: "correct horse").username)
            }
            return made
        }
        #expect(made.count == 8)
        #expect(await harness.store.loginAttemptCount == 0, "nothing counted")
    }

    @Test("a sign-up that did nothing (the line of checks was full) is not counted")
    func busyNotCounted() async throws {
        var harness = DiaryHarness()
        harness.accountSettings.signupsPerAsker = 1
        let full = harness.accounts(hasher: FullLineHasher())
        await Asker.$current.withValue("203.0.113.7") {
            for _ in 0..<3 {
                await #expect(throws: DiaryError.busy(retryAfterSeconds: 30)) {
                    try await full.signUp(username: "patient", password: "correct horse")
                }
            }
        }
        let patient = try await Asker.$current.withValue("203.0.113.7") {
            try await harness.accounts.signUp(username: "patient", password: "correct horse")
        }
        #expect(patient.username == "patient")
    }
}
