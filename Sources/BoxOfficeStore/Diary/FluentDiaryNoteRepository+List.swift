import BoxOfficeCore
import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Lists are sorted, filtered and paged in SQL, each sort along its own index (``AddDiaryNoteSortIndexes``).
///
/// Titles sort by their stored key (``NoteSort/titleKey(_:)``) byte by byte on both databases (PostgreSQL's `"C"`
/// collation, SQLite's binary one); missing release years and ratings come last through a sentinel (`COALESCE`)
/// that depends on the direction, the expression the indexes are built on. So both databases give the order of
/// ``NoteSort/areInIncreasingOrder(_:_:)``.
///
/// A page by number skips rows in a query that reads only the sort's covering index, from the nearest page anchor
/// before it (``NotePageAnchors``), then reads the page's notes by id; a page by cursor seeks straight to its place. Totals without filters (or by year alone) come from the
/// kept counts.
extension FluentDiaryNoteRepository {
    func notes(userID: UUID, query: NoteListQuery) async throws -> NotePage {
        try await StorageFailure.run("list notes", logger: database.logger) {
            if query.filter.movieCode != nil {
                // One movie's notes are few: read through the (user_id, movie_code) index and ordered here. Asked to
                // sort them in SQL, SQLite may instead walk every note of the user in list order. A film a file gave
                // thousands of notes (one a day since 1900: 450 MB and a second a page here) is paged in SQL.
                let few = try await Self.fetch(filtered(userID, query.filter).limit(Self.moviePagedHere + 1))
                if few.count <= Self.moviePagedHere {
                    return Self.page(of: few, query: query)
                }
            }
            let total = try await count(userID: userID, filter: query.filter)
            if query.cursor == nil && query.offset >= total {
                return Self.page([], total: total, query: query)
            }
            let reach = (query.cursor == nil ? query.offset : 0) + query.perPage + 1
            let indexed = try await filterIndexPays(userID: userID, filter: query.filter, total: total, reach: reach)
            func list() -> QueryBuilder<DiaryNoteModel> { ordered(userID, query, indexed: indexed) }
            let notes: [DiaryNote]
            if let cursor = query.cursor {
                notes = try await Self.fetch(list().filter(after(cursor)).limit(query.perPage + 1))
            } else if query.offset == 0 {
                notes = try await Self.fetch(list().limit(query.perPage + 1))
            } else {
                let (start, skip) = try await anchor(userID: userID, query: query, list: list)
                let rest = list()
                if let start { rest.filter(after(start)) }
                notes = try await page(of: rest, skipping: skip, count: query.perPage + 1)
            }
            return Self.page(notes, total: total, query: query)
        }
    }

    /// The most notes of one movie read whole and ordered here; more are paged in SQL like any list.
    static let moviePagedHere = 500

    /// The page `query` asks for out of `notes`, all there are of its list, ordered here.
    private static func page(of notes: [DiaryNote], query: NoteListQuery) -> NotePage {
        var listed = notes.sorted(by: query.sort.areInIncreasingOrder)
        if let cursor = query.cursor {
            listed = listed.filter(cursor.precedes)
        } else {
            listed = Array(listed.dropFirst(query.offset))
        }
        return page(Array(listed.prefix(query.perPage + 1)), total: notes.count, query: query)
    }

    /// The list's notes in the order its SQL sorts by.
    private func ordered(_ userID: UUID, _ query: NoteListQuery, indexed: Bool) -> QueryBuilder<DiaryNoteModel> {
        let list = sorted(filtered(userID, query.filter, indexed: indexed), by: Self.order(of: query))
        if let bound = bound(query.filter, on: query.sort) { list.filter(bound) }
        return list
    }

    /// Where a page by number starts: after the cursor of the anchor nearest before it (``NotePageAnchors``), this
    /// many notes on. Without anchors, or near the start, from the start of the list.
    private func anchor(
        userID: UUID, query: NoteListQuery, list: () -> QueryBuilder<DiaryNoteModel>
    ) async throws -> (cursor: NoteCursor?, skip: Int) {
        guard let pageAnchors, query.offset >= pageAnchors.spacing else { return (nil, query.offset) }
        let key = NotePageAnchors.Key(
            userID: userID, version: try await DiaryVersionStore.version(userID: userID, on: database),
            sort: query.sort, filter: query.filter)
        let target = query.offset / pageAnchors.spacing * pageAnchors.spacing
        let known = pageAnchors.nearest(key, atOrBefore: target)
        guard known.offset < target else { return (known.cursor, query.offset - known.offset) }
        // The note before the target, reached from the nearest known anchor: its cursor starts the target.
        let walk = list()
        if let cursor = known.cursor { walk.filter(after(cursor)) }
        guard let last = try await page(of: walk, skipping: target - known.offset - 1, count: 1).first else {
            return (known.cursor, query.offset - known.offset)
        }
        let cursor = NoteCursor(after: last, sort: Self.order(of: query))
        pageAnchors.keep(cursor, at: target, for: key)
        return (cursor, query.offset - target)
    }

    /// `count` notes of `list` after skipping `skip`: the skipping along the index alone, then the few rows whole.
    private func page(of list: QueryBuilder<DiaryNoteModel>, skipping skip: Int, count: Int) async throws -> [DiaryNote]
    {
        let ids = try await list.field(\.$id).range(skip..<(skip + count)).all().map { try $0.requireID() }
        // By id alone (the ids were read under the user's scope just now): given the user as well, SQLite walked
        // every note of the user along a (user_id, …) index to find the page's few (100 ms at 50,000).
        let rows = try await Self.fetch(DiaryNoteModel.query(on: database).filter(\.$id ~~ ids))
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// The page of `notes` (up to one more than the page holds: then there is a next page).
    private static func page(_ notes: [DiaryNote], total: Int, query: NoteListQuery) -> NotePage {
        let shown = Array(notes.prefix(query.perPage))
        let next = notes.count > query.perPage ? shown.last.map { NoteCursor(after: $0, sort: query.sort) } : nil
        return NotePage(notes: shown, total: total, page: query.page, perPage: query.perPage, nextCursor: next)
    }

    /// Notes matching `filter`: from the kept counts when the filter is none, a year, a rating or a least rating (or
    /// a year with either), else an index-only `COUNT(user_id)` (not Fluent's `COUNT(id)`, which would read every
    /// note, memos included, on SQLite).
    private func count(userID: UUID, filter: NoteFilter) async throws -> Int {
        guard filter == NoteFilter(year: filter.year, rating: filter.rating, minRating: filter.minRating) else {
            return try await filtered(userID, filter).count(\.$userID)
        }
        let rated = filter.rating != nil || filter.minRating != nil
        let query = try database.requireSQL().select().column("item").column("count")
            .from(DiaryStatCounts.schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(filter.year ?? 0))
            .where(
                "dimension", .equal, SQLBind(rated ? DiaryStatCounts.Dimension.rating : DiaryStatCounts.Dimension.notes)
            )
        var total = 0
        for row in try await query.all() {
            let halves = Int(try row.decode(column: "item", as: String.self)) ?? 0
            if let rating = filter.rating, halves != rating.halves { continue }
            if let minRating = filter.minRating, halves < minRating.halves { continue }
            total += try row.decode(column: "count", as: Int.self)
        }
        return total
    }

    /// A range on the rating order's own expression that a least rating implies: the order's index then seeks to the
    /// matching notes, instead of reading past every lower rating going up (or testing each going down).
    private func bound(_ filter: NoteFilter, on sort: NoteSort) -> DatabaseQuery.Filter? {
        guard sort.field == .rating, filter.rating == nil, let minRating = filter.minRating else { return nil }
        // The sentinel of missing ratings (going up) is past the range: they never match a least rating.
        return .sql(
            embed: "\(SQLRaw(primary(sort))) BETWEEN \(bind: minRating.halves) AND \(bind: Self.lastRating - 1)")
    }

    /// The order the list's SQL sorts by: the query's, but when a filter fixes its first key (one rating, one release
    /// year) the ties that order the list, which are the default order's (watched day, then creation, newest first).
    /// The same notes in the same order; SQLite does not see that an equality on an index expression leaves it
    /// sorted, and sorted every matching note.
    private static func order(of query: NoteListQuery) -> NoteSort {
        switch query.sort.field {
        case .rating where query.filter.rating != nil, .releaseYear where query.filter.releaseYear != nil:
            NoteSort(.watchedOn, ascending: false)
        default: query.sort
        }
    }

    /// The notes of `filter`. Not `indexed`: the conditions other than the year are written so that SQLite cannot
    /// search an index on them (`+column`, SQLite's documented way), and it reads the list's order index instead,
    /// testing each note. (The year stays searchable: every order's index holds the watched day.)
    func filtered(_ userID: UUID, _ filter: NoteFilter, indexed: Bool = true) -> QueryBuilder<DiaryNoteModel> {
        let query = scoped(userID)
        if let year = filter.year {
            query.filter(\.$watchedOn >= String(format: "%04d-01-01", year))
                .filter(\.$watchedOn <= String(format: "%04d-12-31", year))
        }
        if indexed {
            if let releaseYear = filter.releaseYear { query.filter(\.$releaseYear == releaseYear) }
            if let rating = filter.rating { query.filter(\.$ratingHalves == rating.halves) }
            if let minRating = filter.minRating { query.filter(\.$ratingHalves >= minRating.halves) }
            switch filter.category {
            case .category(let id)?: query.filter(\.$categoryID == id)
            case .uncategorized?: query.filter(\.$categoryID == nil)
            case nil: break
            }
        } else {
            if let releaseYear = filter.releaseYear {
                query.filter(.sql(embed: "+release_year = \(bind: releaseYear)"))
            }
            if let rating = filter.rating { query.filter(.sql(embed: "+rating_halves = \(bind: rating.halves)")) }
            if let minRating = filter.minRating {
                query.filter(.sql(embed: "+rating_halves >= \(bind: minRating.halves)"))
            }
            switch filter.category {
            case .category(let id)?: query.filter(.sql(embed: "+category_id = \(bind: id)"))
            case .uncategorized?: query.filter(.sql(embed: "+category_id IS NULL"))
            case nil: break
            }
        }
        if let movieCode = filter.movieCode { query.filter(\.$movieCode == movieCode) }
        return query
    }

    /// Whether a filter's own index should find its notes (which are then sorted), rather than the order's index be
    /// read, testing each note, until the page is reached. Reading the order costs about `reach × notes ÷ total`
    /// notes, sorting the filter's `total` at least `total`: so the order wins once `total² > reach × notes`.
    /// PostgreSQL weighs this itself from its statistics; SQLite keeps none, and took a rating or category index for
    /// a filter that matched most of a diary, then sorted all of it (50,000 notes, hundreds of ms).
    private func filterIndexPays(userID: UUID, filter: NoteFilter, total: Int, reach: Int) async throws -> Bool {
        guard !isPostgres, filter != NoteFilter(year: filter.year), filter.movieCode == nil else { return true }
        let row = try await database.requireSQL().select().column("count")
            .from(DiaryStatCounts.schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(0))
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.notes))
            .where("item", .equal, SQLBind(""))
            .first()
        let notes = try row?.decode(column: "count", as: Int.self) ?? 0
        return total * total <= reach * notes
    }

    /// The SQL a sort orders by first, and the value a note has in it.
    private func primary(_ sort: NoteSort) -> String {
        switch sort.field {
        case .created: "created_at"
        case .watchedOn: "watched_on"
        case .releaseYear: "COALESCE(release_year, \(sort.ascending ? Self.lastYear : 0))"
        case .title: isPostgres ? "title_key COLLATE \"C\"" : "title_key"
        case .rating: "COALESCE(rating_halves, \(sort.ascending ? Self.lastRating : 0))"
        }
    }

    /// Sentinels after every real release year and rating: missing ones come last going up. Going down, 0.
    static let lastYear = 10_000
    static let lastRating = 11

    private func sorted(_ query: QueryBuilder<DiaryNoteModel>, by sort: NoteSort) -> QueryBuilder<DiaryNoteModel> {
        query.sort(.sql(unsafeRaw: "\(primary(sort)) \(sort.ascending ? "ASC" : "DESC")"))
        if sort.field != .watchedOn { query.sort(\.$watchedOn, .descending) }
        if sort.field != .created { query.sort(\.$createdAt, .descending) }
        return query.sort(\.$id, .ascending)
    }

    /// Notes after `cursor` in its order: a range on the sort's expression (where the index seeks), and past the
    /// notes that tie with the cursor's on it.
    private func after(_ cursor: NoteCursor) -> DatabaseQuery.Filter {
        let sort = cursor.sort
        let value: any SQLExpression =
            switch sort.field {
            case .created: SQLBind(cursor.createdAt)
            case .watchedOn: SQLBind(cursor.watchedOn.isoString)
            case .releaseYear: SQLBind(cursor.releaseYear ?? (sort.ascending ? Self.lastYear : 0))
            case .title: SQLBind(NoteSort.titleKey(cursor.title))
            case .rating: SQLBind(cursor.rating?.halves ?? (sort.ascending ? Self.lastRating : 0))
            }
        let expression = SQLRaw(primary(sort))
        let (beyond, from) = sort.ascending ? (">", ">=") : ("<", "<=")
        let watched = SQLBind(cursor.watchedOn.isoString)
        let created = SQLBind(cursor.createdAt)
        let tie: SQLQueryString = """
            (watched_on < \(watched) OR (watched_on = \(watched) AND (created_at < \(created) \
            OR (created_at = \(created) AND id > \(bind: cursor.id)))))
            """
        return .sql(
            embed:
                "(\(expression) \(unsafeRaw: from) \(value) AND (\(expression) \(unsafeRaw: beyond) \(value) OR (\(expression) = \(value) AND \(tie))))"
        )
    }

    private var isPostgres: Bool {
        (database as? any SQLDatabase)?.dialect.name == "postgresql"
    }
}
