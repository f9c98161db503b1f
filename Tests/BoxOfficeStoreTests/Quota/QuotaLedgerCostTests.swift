import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

/// The ledger's cost per KOBIS call: one `spend` after another on one instance, as a call's gate pays it.
///
/// Runs 100 spends as a check; `Benchmarks/ledger.sh` sets `BOXOFFICE_LEDGER_BENCH_SPENDS` to run more and print
/// the milliseconds per spend (`ledger-bench <backend> spends=N ms_per_spend=X`).
@Suite("The quota ledger's cost per call")
struct QuotaLedgerCostTests {
    static var spends: Int {
        ProcessInfo.processInfo.environment["BOXOFFICE_LEDGER_BENCH_SPENDS"].flatMap { Int($0) } ?? 100
    }

    @Test("spends one after another: each counted, timed", arguments: Backend.enabled)
    func sequentialSpends(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let ledger = database.quotaLedgerStore()
            let day = CalendarDate(year: 2026, month: 11, day: 25)!
            let count = Self.spends
            // One call first, so that connecting and creating the day's row are not timed.
            _ = try await ledger.spend(keyID: "bench", day: day, purpose: .readers, ceiling: count + 1)
            let clock = ContinuousClock()
            var counted = 0
            let elapsed = try await clock.measure {
                for _ in 0..<count {
                    if try await ledger.spend(keyID: "bench", day: day, purpose: .keeper, ceiling: count + 1) {
                        counted += 1
                    }
                }
            }
            #expect(counted == count)
            let components = elapsed.components
            let milliseconds = Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
            if ProcessInfo.processInfo.environment["BOXOFFICE_LEDGER_BENCH_SPENDS"] != nil {
                let perSpend = String(format: "%.4f", milliseconds / Double(count))
                print("ledger-bench \(backend.rawValue) spends=\(count) ms_per_spend=\(perSpend)")
            }
        }
    }
}
