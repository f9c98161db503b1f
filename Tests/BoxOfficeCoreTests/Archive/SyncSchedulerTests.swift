@testable import BoxOfficeCore
import Testing

@Suite("Archive: sync scheduler and call budget")
struct SyncSchedulerTests {
    static let charts: [SyncItem] = ["2024-03-01", "2024-03-02", "2024-03-03"].map {
        .chart(ChartQuery(kind: .daily, date: archiveDay($0)))
    }

    /// A budget that answers as a quota shared with others would: what is left is decided elsewhere.
    struct SharedQuota: SyncCallBudget {
        var limit: Int { 3_000 }
        var left: Int
        var hasCallLeft: Bool { left > 0 }
        mutating func spendCall() -> Bool {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    @Test("charts are handed out oldest first; lookups queued meanwhile go ahead of them")
    func lookupsFirst() {
        var scheduler = SyncScheduler(charts: Self.charts, budget: SyncCallAllowance(limit: 10))
        #expect(scheduler.next() == .item(Self.charts[0]))
        scheduler.queue([.movieList(year: 2024, page: 1), .movie(code: "F1")])
        #expect(scheduler.next() == .item(.movieList(year: 2024, page: 1)))
        #expect(scheduler.next() == .item(.movie(code: "F1")))
        #expect(scheduler.next() == .item(Self.charts[1]))
        #expect(!scheduler.plannedCharts.allHandedOut)
        #expect(scheduler.next() == .item(Self.charts[2]))
        #expect(scheduler.plannedCharts == PlannedCharts(count: 3, finished: 0, allHandedOut: true))
    }

    @Test("an empty queue waits while items are out, and is finished once they all are")
    func waitsThenFinishes() {
        var scheduler = SyncScheduler(charts: [Self.charts[0]], budget: SyncCallAllowance(limit: 10))
        #expect(scheduler.next() == .item(Self.charts[0]))
        #expect(scheduler.next() == .wait)
        // The chart's films join while it is out.
        scheduler.queue([.movie(code: "F1")])
        #expect(scheduler.next() == .item(.movie(code: "F1")))
        scheduler.finish(Self.charts[0])
        #expect(scheduler.plannedCharts == PlannedCharts(count: 1, finished: 1, allHandedOut: true))
        #expect(scheduler.next() == .wait)
        scheduler.finish(.movie(code: "F1"))
        #expect(scheduler.next() == .finished)
    }

    @Test("every attempt spends a call; with none left nothing more is handed out, and what stays is counted")
    func budget() {
        var scheduler = SyncScheduler(charts: Self.charts, budget: SyncCallAllowance(limit: 2))
        #expect(scheduler.budgetLimit == 2)
        #expect(scheduler.next() == .item(Self.charts[0]))
        // A retry of the same item spends another; the third attempt finds none.
        #expect([scheduler.spendCall(), scheduler.spendCall(), scheduler.spendCall()] == [true, true, false])
        scheduler.queue([.movie(code: "F1"), .movieList(year: 2024, page: 1), .movie(code: "F2")])
        #expect(scheduler.next() == .outOfCalls)
        #expect(scheduler.chartsLeft == 2)
        #expect(scheduler.movieLookupsLeft == 2)
    }

    @Test("the budget is whatever the run is given: a shared quota decides what is left")
    func injectedBudget() {
        var scheduler = SyncScheduler(charts: Self.charts, budget: SharedQuota(left: 1))
        #expect(scheduler.budgetLimit == 3_000)
        #expect(scheduler.next() == .item(Self.charts[0]))
        #expect(scheduler.spendCall() == true)
        #expect(scheduler.next() == .outOfCalls)
        #expect(scheduler.chartsLeft == 2)
    }

    @Test("a run's own allowance counts what it spent and never goes below nothing")
    func allowance() {
        var allowance = SyncCallAllowance(limit: 2)
        #expect(allowance.hasCallLeft)
        #expect([allowance.spendCall(), allowance.spendCall()] == [true, true])
        #expect(!allowance.hasCallLeft)
        #expect(allowance.spendCall() == false)
        #expect(allowance.spent == 2)
        #expect(!SyncCallAllowance(limit: -3).hasCallLeft)
        #expect(SyncCallAllowance(limit: -3).limit == 0)
    }
}
