import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// A clock tests move by hand.
final class MovableClock: Sendable {
    private let instant: Locked<Date>
    init(_ start: Date) { instant = Locked(start) }
    var now: Date { instant.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}

extension DiaryAPITests {
    @Suite("Diary housekeeping: expired sessions and old failed logins are purged")
    struct DiaryHousekeepingTests {
        static let day: TimeInterval = 86_400

        /// Opens the store at `databaseURL` and counts the rows of `table`.
        static func rows(_ table: String, databaseURL: String, directory: URL) async throws -> Int {
            let location = try DatabaseLocation(databaseURL: databaseURL, workingDirectory: directory.path)
            let database = try BoxOfficeDatabase(location: location, logger: DiaryWebTestSupport.quietLogger)
            do {
                let count = try await database.rowCount(of: table)
                await database.shutdown()
                return count
            } catch {
                await database.shutdown()
                throw error
            }
        }

        @Test(
            "the app purges at start what has expired, keeps what is live, and stops cleanly at shutdown",
            .timeLimit(.minutes(2)), arguments: DiaryWebBackend.enabled)
        func purgedByTheApp(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                let clock = MovableClock(WebTestSupport.fixedNow)
                let now: @Sendable () -> Date = { clock.now }
                // Yesterday's instance: a session that expires in 14 days, and a failed login.
                let services = try await AppServices.start(
                    configuration: DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory),
                    logger: DiaryWebTestSupport.quietLogger,
                    transport: SimulatorTransport(simulator: KOBISSimulator(now: now)),
                    now: now)
                let live: String
                do {
                    let user = try await services.diaryAccounts.signUp(username: "minji", password: "correct horse")
                    let expiring = try await services.diaryAccounts.startSession(for: user)
                    _ = try? await services.diaryAccounts.logIn(username: "minji", password: "wrong password")
                    clock.advance(10 * Self.day)
                    live = try await services.diaryAccounts.startSession(for: user).cookieValue  // until day 24
                    clock.advance(5 * Self.day)  // day 15: the first session expired a day ago, the failure long ago
                    #expect(try await services.diaryAccounts.session(cookieValue: expiring.cookieValue) == nil)
                } catch {
                    await services.shutdown()
                    throw error
                }
                await services.shutdown()
                #expect(try await Self.rows("diary_sessions", databaseURL: databaseURL, directory: directory) == 2)
                #expect(
                    try await Self.rows("diary_login_attempts", databaseURL: databaseURL, directory: directory) == 1)

                // Today's instance purges as it starts; the test's end shuts it down (a hang would hit the time limit).
                try await DiaryWebTestSupport.run(databaseURL: databaseURL, directory: directory, now: now) { client in
                    // The purge deletes the sessions and the failed logins one after the other: wait for both.
                    let purged = try await Wait.until(
                        "the expired session and the old failed login to be purged at start", every: .milliseconds(50)
                    ) {
                        let sessions = try await Self.rows(
                            "diary_sessions", databaseURL: databaseURL, directory: directory)
                        let attempts = try await Self.rows(
                            "diary_login_attempts", databaseURL: databaseURL, directory: directory)
                        return sessions == 1 && attempts == 0
                    }
                    try #require(purged)
                    // The live session still works.
                    let page = try await client.execute(
                        uri: "/notes", method: .get, headers: [.cookie: "boxoffice_session=\(live)"], body: nil
                    ) { $0 }
                    #expect(page.status == .ok)
                }
            }
        }

        @Test("every turn purges again; cancelling the wait ends the service", .timeLimit(.minutes(2)))
        func turns() async throws {
            try await DiaryWebTestSupport.withDatabase(.sqlite) { databaseURL, directory in
                let clock = MovableClock(WebTestSupport.fixedNow)
                let now: @Sendable () -> Date = { clock.now }
                let services = try await AppServices.start(
                    configuration: DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory),
                    logger: DiaryWebTestSupport.quietLogger,
                    transport: SimulatorTransport(simulator: KOBISSimulator(now: now)),
                    now: now)
                do {
                    let user = try await services.diaryAccounts.signUp(username: "minji", password: "correct horse")
                    let housekeeping = DiaryHousekeeping(
                        diary: services.diaryAccounts, interval: .milliseconds(20),
                        logger: DiaryWebTestSupport.quietLogger)
                    let running = Task { try await housekeeping.run() }
                    for round in 1...3 {
                        let session = try await services.diaryAccounts.startSession(for: user)
                        clock.advance(15 * Self.day)
                        let gone = try await Wait.until("the purge of round \(round)") {
                            try await services.database.rowCount(of: "diary_sessions") == 0
                        }
                        try #require(gone, "round \(round)")
                        #expect(try await services.diaryAccounts.session(cookieValue: session.cookieValue) == nil)
                    }
                    running.cancel()
                    try await running.value
                } catch {
                    await services.shutdown()
                    throw error
                }
                await services.shutdown()
            }
        }
    }
}
