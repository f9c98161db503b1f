import BoxOfficeCore
import Foundation

/// How the diary pages write instants, ratings and places.
enum DiaryFormatting {
    /// The day of an instant in Seoul: `2024-03-20`.
    static func day(_ date: Date) -> String {
        CalendarDate(date, in: BoxOfficeCalendar.seoul).isoString
    }

    /// An instant in Seoul to the minute: `2024-03-20 12:05`.
    static func minute(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = BoxOfficeCalendar.seoul
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%@ %02d:%02d", day(date), parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `★★★★½` for 4.5 stars.
    static func stars(_ rating: StarRating) -> String {
        String(repeating: "★", count: rating.halves / 2) + (rating.halves % 2 == 1 ? "½" : "")
    }

    /// The rating's options for a `<select>`: none, then 0.5 … 5.
    static func ratingOptions(selected: String, strings: DiaryPageStrings) -> [SelectOptionViewModel] {
        let selectedHalves = Double(selected).flatMap { StarRating(stars: $0) }?.halves
        return [SelectOptionViewModel(value: "", label: strings.noRating, isSelected: selectedHalves == nil)]
            + (1...10).reversed().map { halves in
                let rating = StarRating(halves: halves)!
                return SelectOptionViewModel(
                    value: rating.description, label: "\(rating.description) \(stars(rating))",
                    isSelected: halves == selectedHalves)
            }
    }

    /// "4.5 / 5" spoken with the stars drawn.
    static func ratingLabel(_ rating: StarRating, strings: DiaryPageStrings) -> String {
        strings.ratingOutOfFive(rating.description)
    }

    static func place(_ place: DiaryPlace, strings: DiaryPageStrings) -> String {
        switch place {
        case .cinema: return strings.placeCinema
        case .home: return strings.placeHome
        }
    }

    /// The first `limit` characters of a memo, on one line.
    static func excerpt(_ memo: String, limit: Int = 140) -> String {
        let line = memo.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= limit ? line : String(line.prefix(limit)) + "…"
    }
}
