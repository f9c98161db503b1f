import BoxOfficeCore
import Foundation

/// The note form's fields as text, exactly as typed (so a refused form comes back as it was sent), and
/// their checks with messages in the page's language. Decodes from the posted form (`POST /notes`,
/// `POST /notes/{id}/edit`): a field the form did not send reads as `""`.
struct NoteFormInput: Sendable, Equatable, Decodable {
    var movieCode: String
    var title: String
    var watchedOn: String
    var rating: String
    var categoryId: String
    var place: String
    var memo: String
    var chartDate: String
    var chartRank: String
    /// What the edit form showed, when it says (`shown…` fields); without it an edit saves every field.
    var shown: NoteFormShown?

    init(
        movieCode: String, title: String, watchedOn: String, rating: String = "", categoryId: String = "",
        place: String = "", memo: String = "", chartDate: String = "", chartRank: String = ""
    ) {
        self.movieCode = movieCode
        self.title = title
        self.watchedOn = watchedOn
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
        self.memo = memo
        self.chartDate = chartDate
        self.chartRank = chartRank
    }

    private enum CodingKeys: String, CodingKey {
        case movieCode = "movie"
        case categoryId = "category"
        case title, watchedOn, rating, place, memo, chartDate, chartRank
        case shownTitle, shownWatchedOn, shownRating, shownCategory, shownPlace, shownMemo
    }

    /// The fields of a posted note form.
    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            movieCode: try form.field(.movieCode), title: try form.field(.title),
            watchedOn: try form.field(.watchedOn), rating: try form.field(.rating),
            categoryId: try form.field(.categoryId), place: try form.field(.place),
            memo: Self.normalizedLineBreaks(try form.field(.memo)), chartDate: try form.field(.chartDate),
            chartRank: try form.field(.chartRank))
        if let memoDigest = try form.decodeIfPresent(String.self, forKey: .shownMemo) {
            shown = NoteFormShown(
                title: try form.field(.shownTitle), watchedOn: try form.field(.shownWatchedOn),
                rating: try form.field(.shownRating), categoryId: try form.field(.shownCategory),
                place: try form.field(.shownPlace), memoDigest: memoDigest)
        }
    }

    /// A stored note, for the edit form.
    init(note: DiaryNote) {
        self.init(
            movieCode: note.movieCode, title: note.title, watchedOn: note.watchedOn.isoString,
            rating: note.rating?.description ?? "", categoryId: note.categoryId?.uuidString ?? "",
            place: note.place?.rawValue ?? "", memo: note.memo, chartDate: note.chartDate?.isoString ?? "",
            chartRank: note.chartRank.map(String.init) ?? "")
    }

    /// The values, checked. Every problem is reported at once.
    struct Checked: Sendable {
        var title: String
        var watchedOn: CalendarDate
        var rating: StarRating?
        var categoryId: UUID?
        var place: DiaryPlace?
        var memo: String
        var chartDate: CalendarDate?
        var chartRank: Int?
    }

    /// Checks every field; `categories` are the user's, so another user's category id is refused here too.
    func checked(today: CalendarDate, categories: [DiaryCategory], strings s: DiaryPageStrings) -> Result<
        Checked, DiaryFormErrors
    > {
        var errors: [String] = []
        let trimmedTitle = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedTitle.isEmpty {
            errors.append(s.titleRequired)
        } else if trimmedTitle.count > DiaryValidation.titleLimit {
            errors.append(s.titleTooLong(DiaryValidation.titleLimit))
        } else if (try? DiaryValidation.title(trimmedTitle)) == nil {
            errors.append(s.titleInvalid)
        }
        var date: CalendarDate?
        let dateText = watchedOn.trimmingCharacters(in: .whitespaces)
        if dateText.isEmpty {
            errors.append(s.dateRequired)
        } else if let parsed = CalendarDate(dateText), dateText.count == 10 {
            if parsed > today {
                errors.append(s.dateInFuture(today.isoString))
            } else if parsed < DiaryValidation.earliestWatchedDate {
                errors.append(s.dateTooEarly(DiaryValidation.earliestWatchedDate.isoString))
            } else {
                date = parsed
            }
        } else {
            errors.append(s.dateInvalid)
        }
        var stars: StarRating?
        do {
            stars = try DiaryValidation.rating(text: rating)
        } catch {
            errors.append(s.ratingRule)
        }
        var category: UUID?
        let categoryText = categoryId.trimmingCharacters(in: .whitespaces)
        if !categoryText.isEmpty {
            if let id = UUID(uuidString: categoryText), categories.contains(where: { $0.id == id }) {
                category = id
            } else {
                errors.append(s.categoryUnknown)
            }
        }
        var where_: DiaryPlace?
        do {
            where_ = try DiaryValidation.place(place)
        } catch {
            errors.append(s.placeRule)
        }
        let memoLength = memo.count
        if memoLength > DiaryValidation.memoLimit {
            errors.append(s.memoTooLong(count: memoLength, limit: DiaryValidation.memoLimit))
        }
        var seenOn: CalendarDate?
        var rank: Int?
        if !chartDate.isEmpty || !chartRank.isEmpty {
            if let day = CalendarDate(chartDate), day <= today, day >= DiaryValidation.earliestWatchedDate,
                let number = Int(chartRank), (try? DiaryValidation.chartRank(number)) != nil
            {
                seenOn = day
                rank = number
            } else {
                errors.append(s.chartInvalid)
            }
        }
        guard errors.isEmpty, let date else { return .failure(DiaryFormErrors(messages: errors)) }
        return .success(
            Checked(
                title: trimmedTitle, watchedOn: date, rating: stars, categoryId: category, place: where_, memo: memo,
                chartDate: seenOn, chartRank: rank))
    }

    /// Browsers send line breaks in a textarea as CRLF; the memo keeps what the user typed.
    static func normalizedLineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }
}

/// Messages about a refused form, in the page's language.
struct DiaryFormErrors: Error, Sendable {
    var messages: [String]
}
