import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import Testing

/// Time the test moves by hand: `sleep` suspends until ``advance(to:)`` passes its deadline (or it is cancelled).
final class ManualTime: Sendable {
    let clock: TestClock
    private struct Sleeper {
        var id: Int
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }
    private let state = Locked((nextID: 0, sleepers: [Sleeper]()))

    init(_ start: Date) { clock = TestClock(start) }

    /// How many sleeps were asked for so far: a loop that went around asks for another.
    var sleepCalls: Int { state.withLock { $0.nextID } }

    var now: Date { clock.now }

    /// Sleeps until an instant of this clock.
    var sleep: @Sendable (Date) async throws -> Void {
        { deadline in try await self.suspend(until: deadline) }
    }

    private func suspend(until deadline: Date) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= clock.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `date` and wakes every sleeper whose deadline has come.
    func advance(to date: Date) {
        clock.set(date)
        let due = state.withLock { state -> [Sleeper] in
            let due = state.sleepers.filter { $0.deadline <= date }
            state.sleepers.removeAll { $0.deadline <= date }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    func advance(by seconds: TimeInterval) { advance(to: clock.now.addingTimeInterval(seconds)) }
}

/// The keeper's events, with a wait for a condition on them (bounded, never a measure of time).
final class KeeperLog: Sendable {
    private let events = Locked<[KeeperEvent]>([])
    var all: [KeeperEvent] { events.withLock { $0 } }
    func record(_ event: KeeperEvent) { events.withLock { $0.append(event) } }

    var states: [KeeperState] {
        all.compactMap { if case .state(let state) = $0 { state } else { nil } }
    }
    var runs: [(SyncRequest, SyncReport)] {
        all.compactMap { if case .ran(let request, let report) = $0 { (request, report) } else { nil } }
    }
    var lastState: KeeperState? { states.last }

    /// Waits until `condition` holds; fails the test (and returns false) after 120 s: a full suite on two busy cores can starve these tasks for a long while.
    @discardableResult
    func wait(
        for what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping () -> Bool
    ) async -> Bool {
        let held = try? await Wait.until(
            what, limit: .seconds(300), every: .milliseconds(5), sourceLocation: sourceLocation,
            detail: { "Events: \(all)" }, condition)
        return held ?? false
    }
}

actor InMemoryLeases: LeaseStore {
    private var leases: [String: (holder: String, until: Date)] = [:]
    func acquire(_ name: String, holder: String, now: Date, until: Date) async throws -> Bool {
        if let lease = leases[name], lease.holder != holder, lease.until > now { return false }
        leases[name] = (holder, until)
        return true
    }
    func release(_ name: String, holder: String) async throws {
        if leases[name]?.holder == holder { leases[name] = nil }
    }
    func holder(of name: String, now: Date) async throws -> String? {
        guard let lease = leases[name], lease.until > now else { return nil }
        return lease.holder
    }
}

actor InMemoryKeeperControls: KeeperControlStore {
    private var current = KeeperControls()
    func controls() async throws -> KeeperControls { current }
    func setPaused(_ paused: Bool, at: Date) async throws { current.paused = paused }
    func requestRun(at: Date) async throws { current.runRequestedAt = at }
}

actor InMemoryQuotaStore: QuotaLedgerStore {
    private var days: [String: [KOBISCallPurpose: Int]] = [:]
    func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?)
        async throws -> Bool
    {
        let key = keyID + day.isoString
        let used = days[key, default: [:]].values.reduce(0, +)
        if let ceiling, used + calls > ceiling { return false }
        days[key, default: [:]][purpose, default: 0] += calls
        return true
    }
    func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws {
        let key = keyID + day.isoString
        let counted = days[key, default: [:]][purpose, default: 0]
        if counted >= calls { days[key, default: [:]][purpose] = counted - calls }
    }
    func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int] {
        days[keyID + day.isoString] ?? [:]
    }
}

/// An upstream whose every call the ledger counts first, as the app's transport does.
struct LedgerGatedUpstream: BoxOfficeUpstream {
    let base: any BoxOfficeUpstream
    let ledger: QuotaLedger
    var source: ChartSource { base.source }
    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        try await ledger.admit()
        return try await base.fetchChart(query)
    }
    func fetchMovie(code: String) async throws -> Movie? {
        try await ledger.admit()
        return try await base.fetchMovie(code: code)
    }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        try await ledger.admit()
        return try await base.searchMovies(query)
    }
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        try await ledger.admit()
        return try await base.fetchMovieNations(openYear: openYear, page: page, perPage: perPage)
    }
    func fetchRegions() async throws -> [Region] {
        try await ledger.admit()
        return try await base.fetchRegions()
    }
}

/// Leases in a database that is down.
struct BrokenLeases: LeaseStore {
    func acquire(_ name: String, holder: String, now: Date, until: Date) async throws -> Bool {
        throw BoxOfficeError.storage("the database is down")
    }
    func release(_ name: String, holder: String) async throws {
        throw BoxOfficeError.storage("the database is down")
    }
    func holder(of name: String, now: Date) async throws -> String? {
        throw BoxOfficeError.storage("the database is down")
    }
}
