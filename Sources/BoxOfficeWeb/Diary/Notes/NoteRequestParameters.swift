import BoxOfficeCore
import Foundation
import Hummingbird

/// The query of `GET /api/v1/notes`: `sort` (created, watchedOn, releaseYear, title, rating), `order` (asc, desc),
/// `year` (watched), `releaseYear`, `rating` (exact), `minRating`, `category` (an id, or `none`), `movie`
/// (a movie code), `page` (from 1), `perPage` (1–200, default 50). Empty values count as absent.
struct NoteListParameters: Sendable, Equatable {
    var query: NoteListQuery

    init(_ parameters: Parameters) throws(BoxOfficeError) {
        var filter = NoteFilter()
        filter.year = try Self.year(parameters, "year")
        filter.releaseYear = try Self.year(parameters, "releaseYear")
        if let text = parameters.nonEmpty("rating") {
            filter.rating = try DiaryValidation.rating(text: text, field: "rating")
        }
        if let text = parameters.nonEmpty("minRating") {
            filter.minRating = try DiaryValidation.rating(text: text, field: "minRating")
        }
        if let text = parameters.nonEmpty("category") {
            if text.lowercased() == "none" {
                filter.category = .uncategorized
            } else {
                guard let id = UUID(uuidString: text) else {
                    throw .invalid("category", .categoryID, value: text)
                }
                filter.category = .category(id)
            }
        }
        if let text = parameters.nonEmpty("movie") { filter.movieCode = try DiaryValidation.movieCode(text) }
        let sort = try NoteSort(sort: parameters.nonEmpty("sort"), order: parameters.nonEmpty("order"))
        let page = try Self.positive(parameters, "page", maximum: 1_000_000) ?? 1
        let perPage = try Self.positive(parameters, "perPage", maximum: NoteListQuery.maximumPerPage)
        let cursor = try parameters.nonEmpty("cursor").map { text throws(BoxOfficeError) in
            try NoteCursor(encoded: text, sort: sort)
        }
        query = NoteListQuery(
            filter: filter, sort: sort, page: page, perPage: perPage ?? NoteListQuery.defaultPerPage, cursor: cursor)
    }

    static func year(_ parameters: Parameters, _ name: String) throws(BoxOfficeError) -> Int? {
        guard let text = parameters.nonEmpty(name) else { return nil }
        guard text.count == 4, let year = Int(text), (1800...9999).contains(year) else {
            throw .invalid(name, .yearFormat, value: text)
        }
        return year
    }

    static func positive(_ parameters: Parameters, _ name: String, maximum: Int) throws(BoxOfficeError) -> Int? {
        guard let text = parameters.nonEmpty(name) else { return nil }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw .invalid(name, .wholeNumber(1...maximum), value: text)
        }
        return value
    }
}
