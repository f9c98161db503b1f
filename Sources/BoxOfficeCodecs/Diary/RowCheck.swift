import BoxOfficeCore
import Foundation

/// Helpers the codecs share for checking one row.
enum RowCheck {
    /// A row that passed its checks, or why it did not.
    enum Outcome {
        case row(DiaryImportRow)
        case invalid(DiarySkippedRow)
    }

    /// Runs `body`, turning its ``BoxOfficeError`` into a skipped row.
    static func run(row: Int, title: String, _ body: () throws(BoxOfficeError) -> DiaryImportRow) -> Outcome {
        do throws(BoxOfficeError) {
            return .row(try body())
        } catch {
            // Row checks throw only bad input; anything else still skips the row, never ends the process.
            let problem: InputProblem
            if case .invalid(let reason) = error { problem = reason } else { problem = InputProblem(nil, .invalid) }
            return .invalid(DiarySkippedRow(row: row, title: title, reason: .invalid(problem)))
        }
    }

    static func optionalInt(_ text: String, field: String, range: ClosedRange<Int>) throws(BoxOfficeError) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let value = Int(trimmed), range.contains(value) else {
            throw .invalid(field, .wholeNumber(range), value: trimmed)
        }
        return value
    }

    static func optionalUUID(_ text: String, field: String) throws(BoxOfficeError) -> UUID? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let id = UUID(uuidString: trimmed) else {
            throw .invalid(field, .uuid, value: trimmed)
        }
        return id
    }

    static func optionalInstant(_ text: String, field: String) throws(BoxOfficeError) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let date = DiaryTime.parse(trimmed) else {
            throw .invalid(field, .instant, value: trimmed)
        }
        try DiaryValidation.instant(date, field: field)
        return date
    }

    static func optionalDate(_ text: String, field: String, today: CalendarDate) throws(BoxOfficeError) -> CalendarDate?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        return try DiaryValidation.watchedOn(trimmed, today: today, field: field)
    }
}
