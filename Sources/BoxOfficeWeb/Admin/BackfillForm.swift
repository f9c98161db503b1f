import BoxOfficeCore
import Foundation

/// The backfill form as submitted (`from`, `to`, `weekly`), checked with messages in the page's language.
struct BackfillForm: Sendable, Equatable {
    var from: String
    var to: String
    var weekly: Bool

    init(from: String = "", to: String = "", weekly: Bool = false) {
        self.from = from
        self.to = to
        self.weekly = weekly
    }

    init(_ form: SubmittedForm) {
        from = form.nonEmpty("from") ?? ""
        to = form.nonEmpty("to") ?? ""
        // A checkbox sends its value only when ticked.
        weekly = ["on", "true", "1", "yes"].contains(form.nonEmpty("weekly")?.lowercased() ?? "")
    }

    /// The request this form asks for, or the problems with it (empty exactly when a request is returned).
    func validated(calendar: BoxOfficeCalendar, strings: AdminStrings) -> Result<SyncRequest, Problems> {
        var problems: [String] = []
        let start = Self.day(from, field: strings.fromLabel, missing: strings.fromRequired, strings, &problems)
        let end = Self.day(to, field: strings.toLabel, missing: strings.toRequired, strings, &problems)
        guard let start, let end, problems.isEmpty else { return .failure(Problems(messages: problems)) }
        let range = DateRange(start: start, end: end)
        do {
            try BackfillService.check(range, calendar: calendar)
        } catch {
            return .failure(Problems(messages: [strings.problem(error)]))
        }
        return .success(SyncRequest(range: range, includeWeekly: weekly))
    }

    struct Problems: Error, Sendable, Equatable {
        var messages: [String]
    }

    private static func day(
        _ text: String, field: String, missing: String, _ strings: AdminStrings, _ problems: inout [String]
    ) -> CalendarDate? {
        guard !text.isEmpty else {
            problems.append(missing)
            return nil
        }
        guard text.count == 10, let day = CalendarDate(text) else {
            problems.append(strings.malformedDay(field, String(text.prefix(40))))
            return nil
        }
        return day
    }
}
