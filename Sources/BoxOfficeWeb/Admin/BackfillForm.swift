import BoxOfficeCore
import Foundation

/// The backfill form as submitted (`from`, `to`, `weekly`), checked with messages in the page's language.
struct BackfillForm: Sendable, Equatable, Decodable {
    var from: String
    var to: String
    var weekly: Bool

    init(from: String = "", to: String = "", weekly: Bool = false) {
        self.from = from
        self.to = to
        self.weekly = weekly
    }

    private enum CodingKeys: String, CodingKey {
        case from, to, weekly
    }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: CodingKeys.self)
        from = try form.nonEmptyField(.from) ?? ""
        to = try form.nonEmptyField(.to) ?? ""
        // A checkbox sends its value only when ticked.
        weekly = ["on", "true", "1", "yes"].contains(try form.nonEmptyField(.weekly)?.lowercased() ?? "")
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
