public import Foundation
import KOBIS

/// Keeps the archive complete with no one running a command: fills it newest to oldest from
/// ``KeeperSchedule/from`` to the latest settled day, then runs every morning for yesterday, the days that became
/// settled and their weeks. One instance of a fleet keeps, elected through a lease in the shared store; it spends
/// only what the quota ledger leaves background work, waits for the next KST day when that is spent, and backs off
/// while KOBIS keeps failing. Design: docs/KEEPER.md.
///
/// ``run()`` is the loop for the app's service group; ``stop()`` ends it after the calls in flight (they are stored)
/// and lets the lease go, so another instance takes over at once.
public final class ArchiveKeeper: Sendable {
    /// How the keeper works.
    public struct Options: Sendable {
        /// `BOXOFFICE_KEEPER`: `false` leaves the keeping to others (a read-only replica, or `sync` by hand).
        public var enabled: Bool
        public var schedule: KeeperSchedule
        /// `BOXOFFICE_KEEPER_LEASE`, in seconds: the leader renews its lease this often; a lease lasts one and a
        /// half times as long, and the others look every half, so one takes over within two.
        public var lease: TimeInterval
        /// The sync runs' concurrency and retries (their budget is the quota ledger's).
        public var sync: SyncOptions
        /// The first wait after KOBIS kept failing; it doubles up to `maxBackoff`.
        public var firstBackoff: TimeInterval
        public var maxBackoff: TimeInterval

        public init(
            enabled: Bool = true, schedule: KeeperSchedule, lease: TimeInterval = 30, sync: SyncOptions = SyncOptions(),
            firstBackoff: TimeInterval = 60, maxBackoff: TimeInterval = 3600
        ) {
            self.enabled = enabled
            self.schedule = schedule
            self.lease = max(1, lease)
            self.sync = sync
            self.firstBackoff = max(1, firstBackoff)
            self.maxBackoff = max(firstBackoff, maxBackoff)
        }
    }

    /// The lease the fleet's keeper holds.
    public static let leaseName = "keeper"

    /// Identifies this instance in the lease.
    public let instanceID: String
    public let options: Options
    let calendar: BoxOfficeCalendar
    let leases: any LeaseStore
    let controlStore: any KeeperControlStore
    let ledger: QuotaLedger
    let archive: any ArchiveRepository
    let makeEngine: @Sendable (SyncOptions) -> SyncEngine
    private let sleep: @Sendable (Date) async throws -> Void
    let observe: @Sendable (KeeperEvent) -> Void
    private let waiter: KeeperWaiter
    let shared: Locked<KeeperProgress>
    /// What ``status()`` reads from the store, kept a second (every status request would otherwise count the range).
    let storedStatus = RecentAnswerCache<StoredStatusKey, StoredStatus>()

    /// - Parameters:
    ///   - makeEngine: builds the sync engine each run uses.
    ///   - sleep: waits until an instant of `calendar`'s clock (tests pass a clock they move by hand); by default
    ///     the time from the calendar's now to the instant. An instant, not a duration: the keeper thinks in instants
    ///     (09:00 KST, the end of a lease), and a wait that begins after its instant passed ends at once.
    ///   - observe: told of state changes, runs and problems (the app logs them).
    public init(
        options: Options, calendar: BoxOfficeCalendar, leases: any LeaseStore, controls: any KeeperControlStore,
        ledger: QuotaLedger, archive: any ArchiveRepository, instanceID: String = UUID().uuidString,
        makeEngine: @escaping @Sendable (SyncOptions) -> SyncEngine,
        sleep: (@Sendable (Date) async throws -> Void)? = nil,
        observe: @escaping @Sendable (KeeperEvent) -> Void = { _ in }
    ) {
        self.options = options
        self.calendar = calendar
        self.leases = leases
        self.controlStore = controls
        self.ledger = ledger
        self.archive = archive
        self.instanceID = instanceID
        self.makeEngine = makeEngine
        let sleep = sleep ?? { deadline in try await Self.sleep(until: deadline, now: calendar.currentInstant) }
        self.sleep = sleep
        self.observe = observe
        self.waiter = KeeperWaiter(sleep: sleep)
        self.shared = Locked(KeeperProgress(state: options.enabled ? .standby : .disabled))
    }

    // MARK: - The loop

    /// Keeps the archive until ``stop()``: leads while it holds the lease, stands by otherwise.
    public func run() async {
        guard options.enabled else {
            while !isStopping && !Task.isCancelled {
                await waiter.wait(until: calendar.currentInstant.addingTimeInterval(3600))
            }
            return
        }
        // Requests made before this instance started were for an earlier keeper.
        let handled = try? await controlStore.controls().runRequestedAt
        shared.withLock { $0.handledRunRequest = handled }
        // A cancelled run is an instance that died: it lets nothing go, and its lease runs out.
        while !isStopping && !Task.isCancelled {
            let now = calendar.currentInstant
            let held: Bool
            do {
                held = try await leases.acquire(
                    Self.leaseName, holder: instanceID, now: now, until: now.addingTimeInterval(options.lease * 1.5))
            } catch {
                observe(.problem("the keeper's lease could not be read: \(error)"))
                held = false
            }
            if held {
                setLeader(true)
                await lead()
                setLeader(false)
                if isStopping { try? await leases.release(Self.leaseName, holder: instanceID) }
            } else {
                publish(.standby, nextRunAt: nil)
                await waiter.wait(until: now.addingTimeInterval(options.lease / 2))
            }
        }
    }

    /// Ends ``run()`` after the calls in flight.
    public func stop() {
        let control = shared.withLock { progress -> SyncControl? in
            progress.stopping = true
            return progress.engineControl
        }
        control?.requestStop()
        waiter.wake()
    }

    private var isStopping: Bool { shared.withLock { $0.stopping } }

    /// Sleeps from `now` until `deadline`.
    static func sleep(until deadline: Date, now: Date) async throws {
        let seconds = deadline.timeIntervalSince(now)
        if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
    }

    /// Ends this instance's current wait, so a request made here is seen at once.
    func wakeUp() { waiter.wake() }

    /// Works while the lease is renewed; returns when it is lost or the keeper stops.
    private func lead() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.keepLease() }
            group.addTask { await self.work() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Renews the lease every ``Options/lease`` seconds; returns when another instance holds it (this one was
    /// too slow) or when the lease could not be renewed before it ran out.
    private func keepLease() async {
        var heldUntil = calendar.currentInstant.addingTimeInterval(options.lease * 1.5)
        var renewal = calendar.currentInstant
        while true {
            renewal = renewal.addingTimeInterval(options.lease)
            do { try await sleep(renewal) } catch { return }
            let now = calendar.currentInstant
            let until = now.addingTimeInterval(options.lease * 1.5)
            do {
                if try await leases.acquire(Self.leaseName, holder: instanceID, now: now, until: until) {
                    heldUntil = until
                    continue
                }
                observe(.problem("another instance took the keeper's lease"))
                return
            } catch {
                observe(.problem("the keeper's lease could not be renewed: \(error)"))
                if now >= heldUntil { return }
            }
        }
    }

    /// The leader's work: what is due now, else a wait until something may be. A fill chunk's catch-up (its markets
    /// and films' records) runs beside the next chunk's calls, one at a time, and is over before the keeper says the
    /// archive is current.
    private func work() async {
        await withTaskGroup(of: Void.self) { upkeep in
            while !Task.isCancelled && !isStopping {
                let now = calendar.currentInstant
                let today = calendar.today
                let controls = await readControls()
                let runRequested = takeRunRequest(controls)
                if controls.paused {
                    publish(.paused, nextRunAt: nil)
                    await waiter.wait(until: now.addingTimeInterval(options.lease))
                    continue
                }
                if let until = shared.withLock({ $0.backoffUntil }), now < until, !runRequested {
                    publish(.backingOff, nextRunAt: until)
                    await waiter.wait(until: min(until, now.addingTimeInterval(options.lease)))
                    continue
                }
                if await quotaSpent() {
                    let tomorrow = calendar.nextDayStart
                    publish(.waitingForQuota, nextRunAt: tomorrow)
                    await waiter.wait(until: min(tomorrow, now.addingTimeInterval(options.lease)))
                    continue
                }
                let lastMorning = shared.withLock { $0.lastMorning }
                if runRequested || options.schedule.isMorningDue(now: now, today: today, lastMorning: lastMorning) {
                    if let request = options.schedule.morningRequest(today: today) {
                        publish(.filling, nextRunAt: nil)
                        let outcome = await runEngine(request)
                        if outcome.isDone { shared.withLock { $0.lastMorning = today } }
                        settle(outcome)
                    } else {
                        shared.withLock { $0.lastMorning = today }
                    }
                    continue
                }
                if let chunk = await nextFillChunk(today: today) {
                    publish(.filling, nextRunAt: nil)
                    let outcome = await runEngine(
                        SyncRequest(range: chunk, weeklyRanges: WeeklyRange.allCases), catchingUp: false)
                    shared.withLock { $0.finishChunk(chunk, outcome: outcome) }
                    settle(outcome)
                    await upkeep.waitForAll()
                    let engine = makeEngine(options.sync)
                    upkeep.addTask { await engine.catchUpUpkeep() }
                    continue
                }
                await upkeep.waitForAll()
                // A walk that ended with failures, or a store that failed, backs off first.
                if shared.withLock({ $0.backoffUntil.map { $0 > now } ?? false }) { continue }
                let next = options.schedule.nextMorning(after: now, today: today)
                publish(.current, nextRunAt: next)
                // Wakes at least once a lease to see administrators' requests made on other instances.
                await waiter.wait(until: min(next, now.addingTimeInterval(options.lease)))
            }
        }
    }
}
