import Foundation
import KOBIS
import Testing

@testable import BoxOfficeWeb

@Suite("Account labels kept a few seconds per session cookie")
struct AccountLabelsTests {
    final class Clock: Sendable {
        private let instant = Locked(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
    }

    @Test("a label is asked once per cookie within the lifetime, and again after it")
    func lifetime() async throws {
        let clock = Clock()
        let labels = AccountLabels(lifetime: .seconds(10), now: { clock.now })
        let asked = Locked(0)
        let lookup: () async throws -> String = {
            asked.withLock { $0 += 1 }
            return "label\(asked.withLock { $0 })"
        }
        #expect(try await labels.label(for: "bs_one", lookup: lookup) == "label1")
        clock.advance(.seconds(9))
        #expect(try await labels.label(for: "bs_one", lookup: lookup) == "label1")
        #expect(try await labels.label(for: "bs_two", lookup: lookup) == "label2")
        clock.advance(.seconds(1))
        #expect(try await labels.label(for: "bs_one", lookup: lookup) == "label3")
        #expect(asked.withLock { $0 } == 3)
    }

    @Test("a failed look-up keeps nothing; past the capacity the old go first, then all")
    func boundsAndFailures() async throws {
        struct Down: Error {}
        let clock = Clock()
        let labels = AccountLabels(lifetime: .seconds(10), capacity: 2, now: { clock.now })
        await #expect(throws: Down.self) { try await labels.label(for: "bs_a") { throw Down() } }
        #expect(try await labels.label(for: "bs_a") { "a" } == "a")
        clock.advance(.seconds(11))
        #expect(try await labels.label(for: "bs_b") { "b" } == "b")
        // Full: "bs_a" is past its lifetime and goes; "bs_b" stays.
        #expect(try await labels.label(for: "bs_c") { "c" } == "c")
        #expect(try await labels.label(for: "bs_b") { "other" } == "b")
        // Full of live ones: all go, and the new one is kept.
        #expect(try await labels.label(for: "bs_d") { "d" } == "d")
        #expect(try await labels.label(for: "bs_b") { "again" } == "again")
    }
}
