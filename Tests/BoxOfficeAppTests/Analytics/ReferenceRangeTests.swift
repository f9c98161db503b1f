import Foundation
import KOBIS
import Testing

/// The reference checks' range from the environment, and their count of failed checks.
@Suite struct ReferenceRangeTests {
    @Test func withoutTheVariablesTheSuitesTwoYears() throws {
        let range = try ReferenceRange.current(environment: [:])
        #expect(range.first == CalendarDate("2023-01-01") && range.last == CalendarDate("2024-12-31"))
        #expect(!range.isConfigured && range.years == 2.0)
        #expect(range.simulator.today == CalendarDate("2026-01-01"))
    }

    @Test func theVariablesNameTheDaysAndTheClockFollowsTheLast() throws {
        let range = try ReferenceRange.current(environment: [
            ReferenceRange.fromVariable: "2004-01-01", ReferenceRange.throughVariable: "2026-11-27",
        ])
        #expect(range.first == CalendarDate("2004-01-01") && range.last == CalendarDate("2026-11-27"))
        #expect(range.isConfigured && range.years == 22.9)
        #expect(range.simulator.today == CalendarDate("2026-11-28"))
    }

    @Test(arguments: [
        ["BOXOFFICE_REFERENCE_FROM": "2003-12-31"], ["BOXOFFICE_REFERENCE_FROM": "2004-13-01"],
        ["BOXOFFICE_REFERENCE_FROM": "2010-01-01", "BOXOFFICE_REFERENCE_THROUGH": "2009-12-31"],
        ["BOXOFFICE_REFERENCE_FROM": "2010-01-01", "BOXOFFICE_REFERENCE_THROUGH": "soon"],
    ])
    func aDayBeforeTheSimulatorsOrAnEmptyRangeIsRefused(_ environment: [String: String]) {
        #expect(throws: ReferenceRange.InvalidRange.self) { try ReferenceRange.current(environment: environment) }
    }

    @Test func aFailedCheckIsCountedAndRecorded() {
        var tally = FailureTally()
        tally.expect(true, "holds")
        #expect(tally.count == 0)
        withKnownIssue {
            tally.expect(false, "does not hold")
        }
        #expect(tally.count == 1)
    }
}
