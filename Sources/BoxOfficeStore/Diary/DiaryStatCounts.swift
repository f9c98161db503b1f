import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// `diary_stat_counts`: per user, per year (0 = all time), per dimension and item, how many notes. Kept in the
/// transaction of every note change, so statistics read a bounded number of rows whatever the diary's size.
///
/// Dimensions: `notes` (item ""), `month` (`YYYY-MM`), `rating` (half stars), `genre`, `nation`, `director`
/// (names; a movie with two counts once for each), `origin` (`korean`, `foreign`, `unknown`), `no-nation` (movie
/// codes of notes whose snapshot had no nation: they count under the nation the archive knows for the movie now, see
/// ``DiaryNationFold``), `place` (`cinema`, `home`,
/// `unspecified`), `movie` (movie codes), `day` (`YYYY-MM-DD`, years only), `distinct` (`movie`, `day`: how many
/// items of those dimensions have notes), `memo` (item "", all time only: the characters of every memo together,
/// for ``DiaryLimits/memoCharacters``) and `names` (item "", all time only: the rows of genres, nations and
/// directors, for ``DiaryLimits/nameRows``, see ``DiaryNameRows``). Rows of the items a note brings (names, movies,
/// days) are deleted when they fall to 0, so adding and deleting notes cannot grow them; others stay (reads skip
/// them). An absent row and a row at 0 are the same to every count, as counts are only ever added to.
enum DiaryStatCounts {
    static let schema = "diary_stat_counts"

    enum Dimension {
        static let notes = "notes"
        static let month = "month"
        static let rating = "rating"
        static let genre = "genre"
        static let nation = "nation"
        static let director = "director"
        static let origin = "origin"
        static let noNation = "no-nation"
        static let place = "place"
        static let movie = "movie"
        static let day = "day"
        static let distinct = "distinct"
        static let memo = "memo"
        static let names = "names"

        /// The dimensions whose rows are deleted when they fall to 0.
        static let deletedWhenEmpty: Set<String> = [genre, nation, director, movie, noNation, day]
    }

    struct Key: Hashable {
        var year: Int
        var dimension: String
        var item: String
    }

    /// Rows per INSERT (5 bound values each): well under both databases' limits.
    private static let chunk = 200

    /// A change to a user's notes: how each count moves, and the notes that came and went (for
    /// ``DiaryYearFirstNotes``).
    struct Deltas {
        var counts: [Key: Int]
        var added: [DiaryNote]
        var removed: [DiaryNote]
    }

    /// How the counts change when `removed` notes go and `added` ones come (an update is both), the notes without a
    /// nation resolved as ``DiaryNationFold`` folds them now. Call it in the transaction that changes the notes, after
    /// ``DiaryVersionStore/bump(userID:on:)``.
    static func deltas(adding added: [DiaryNote], removing removed: [DiaryNote], on database: any Database)
        async throws -> Deltas
    {
        deltas(
            adding: added, removing: removed,
            nations: try await DiaryNationFold.nations(of: added + removed, on: database))
    }

    /// ``deltas(adding:removing:on:)`` with the nations of the notes without one given (by movie code).
    static func deltas(adding added: [DiaryNote], removing removed: [DiaryNote], nations: [String: String]) -> Deltas {
        var deltas: [Key: Int] = [:]
        for (notes, sign) in [(added, 1), (removed, -1)] {
            for note in notes {
                for year in [0, note.watchedOn.year] {
                    func count(_ dimension: String, _ item: String) {
                        deltas[Key(year: year, dimension: dimension, item: item), default: 0] += sign
                    }
                    count(Dimension.notes, "")
                    count(Dimension.month, String(format: "%04d-%02d", note.watchedOn.year, note.watchedOn.month))
                    if let rating = note.rating { count(Dimension.rating, String(rating.halves)) }
                    for genre in Set(note.movie.genres) where !genre.isEmpty { count(Dimension.genre, genre) }
                    for nation in Set(note.movie.nations) where !nation.isEmpty { count(Dimension.nation, nation) }
                    for director in Set(note.movie.directors) where !director.isEmpty {
                        count(Dimension.director, director)
                    }
                    switch note.movie.isKorean {
                    case true?: count(Dimension.origin, "korean")
                    case false?: count(Dimension.origin, "foreign")
                    case nil:
                        if let nation = nations[note.movieCode] {
                            count(Dimension.nation, nation)
                            count(Dimension.origin, nation == MovieSnapshot.koreaName ? "korean" : "foreign")
                        } else {
                            count(Dimension.origin, "unknown")
                        }
                        count(Dimension.noNation, note.movieCode)
                    }
                    count(Dimension.place, note.place?.rawValue ?? "unspecified")
                    count(Dimension.movie, note.movieCode)
                    if year != 0 { count(Dimension.day, note.watchedOn.isoString) }
                }
                let characters = memoCharacters(note.memo)
                if characters > 0 {
                    deltas[Key(year: 0, dimension: Dimension.memo, item: ""), default: 0] += sign * characters
                }
            }
        }
        return Deltas(counts: deltas.filter { $0.value != 0 }, added: added, removed: removed)
    }

    /// Adds `deltas` to the user's counts, keeps the `distinct` counts of movies and days, and the first notes of
    /// each year (``DiaryYearFirstNotes``). Call it in the transaction that changes the notes, after the notes are
    /// written and after ``DiaryVersionStore/bump(userID:on:)`` (which serializes them).
    static func apply(_ change: Deltas, userID: UUID, on database: any Database) async throws {
        try await count(change.counts, userID: userID, on: database)
        try await DiaryYearFirstNotes.apply(
            adding: change.added, removing: change.removed, userID: userID, on: database)
    }

    /// How many notes the user has: one row, kept with every change (0 for a user without notes).
    static func noteCount(userID: UUID, on database: any Database) async throws -> Int {
        try await database.requireSQL().select().column("count").from(schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(0))
            .where("dimension", .equal, SQLBind(Dimension.notes))
            .where("item", .equal, SQLBind(""))
            .first()?.decode(column: "count", as: Int.self) ?? 0
    }

    /// The characters of a memo as both databases' `LENGTH` counts them (Unicode scalars), so a count the store
    /// recomputes in SQL agrees with the one kept here.
    static func memoCharacters(_ memo: String) -> Int {
        memo.unicodeScalars.count
    }

    /// How many characters the user's memos hold together: one row, kept with every change.
    static func memoCharacters(userID: UUID, on database: any Database) async throws -> Int {
        try await database.requireSQL().select().column("count").from(schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(0))
            .where("dimension", .equal, SQLBind(Dimension.memo))
            .where("item", .equal, SQLBind(""))
            .first()?.decode(column: "count", as: Int.self) ?? 0
    }

    /// What a diary holds that its limits are decided by (``DiaryLimits``).
    struct Totals: Equatable {
        var notes = 0
        var memoCharacters = 0
        var nameRows = 0
    }

    /// The user's ``Totals``, in one read of their rows. Call it under the user's lock (after
    /// ``DiaryVersionStore/bump(userID:on:)``) for the limits to hold.
    static func totals(userID: UUID, on database: any Database) async throws -> Totals {
        let rows = try await database.requireSQL().select().columns("dimension", "count").from(schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(0))
            .where("dimension", .in, SQLBind.group([Dimension.notes, Dimension.memo, Dimension.names]))
            .where("item", .equal, SQLBind(""))
            .all()
        var totals = Totals()
        for row in rows {
            let count = max(0, try row.decode(column: "count", as: Int.self))
            switch try row.decode(column: "dimension", as: String.self) {
            case Dimension.notes: totals.notes = count
            case Dimension.memo: totals.memoCharacters = count
            default: totals.nameRows = count
            }
        }
        return totals
    }

    /// Throws ``InputRule/tooManyMemoCharacters(limit:)`` when replacing `removed` memos by `added` ones would grow
    /// the `held` characters of the user's memos past `limit`; a change that adds none passes whatever the diary
    /// holds.
    static func checkMemoRoom(adding added: [DiaryNote], removing removed: [DiaryNote], limit: Int, held: Int) throws {
        let growth =
            added.reduce(0) { $0 + memoCharacters($1.memo) } - removed.reduce(0) { $0 + memoCharacters($1.memo) }
        guard growth <= 0 || held + growth <= limit else {
            throw BoxOfficeError.invalid("memo", .tooManyMemoCharacters(limit: limit))
        }
    }

    /// The counts part of ``apply(_:userID:on:)``.
    private static func count(_ deltas: [Key: Int], userID: UUID, on database: any Database) async throws {
        var distinct: [Key: Int] = [:]
        var emptied: [Int: Set<String>] = [:]
        try await upsert(deltas, userID: userID, on: database) { key, count in
            let before = count - deltas[key, default: 0]
            let change = (count > 0 ? 1 : 0) - (before > 0 ? 1 : 0)
            if key.dimension == Dimension.movie || key.dimension == Dimension.day {
                if change != 0 {
                    distinct[Key(year: key.year, dimension: Dimension.distinct, item: key.dimension), default: 0] +=
                        change
                }
            } else if DiaryNameRows.dimensions.contains(key.dimension), change != 0 {
                distinct[Key(year: 0, dimension: Dimension.names, item: ""), default: 0] += change
            }
            if count == 0, Dimension.deletedWhenEmpty.contains(key.dimension) {
                emptied[key.year, default: []].insert(key.item)
            }
        }
        try await upsert(distinct.filter { $0.value != 0 }, userID: userID, on: database) { _, _ in }
        try await deleteEmptied(emptied, userID: userID, on: database)
    }

    /// Deletes the user's rows of the items of `emptied` (by year) that count no note (of
    /// ``Dimension/deletedWhenEmpty``): a name's, a movie's or a day's rows go with its last note. A statement per year
    /// and 200 items, each a range of the unique index: notes spread over many years cannot make one statement probe
    /// every year for every item.
    private static func deleteEmptied(_ emptied: [Int: Set<String>], userID: UUID, on database: any Database)
        async throws
    {
        let sql = try database.requireSQL()
        for (year, items) in emptied.sorted(by: { $0.key < $1.key }) {
            let items = Array(items).sorted()
            for start in stride(from: 0, to: items.count, by: chunk) {
                try await sql.delete(from: schema)
                    .where("user_id", .equal, SQLBind(userID))
                    .where("year", .equal, SQLBind(year))
                    .where("dimension", .in, SQLBind.group(Dimension.deletedWhenEmpty.sorted()))
                    .where("item", .in, SQLBind.group(Array(items[start..<min(items.count, start + chunk)])))
                    .where("count", .equal, SQLBind(0))
                    .run()
            }
        }
    }

    /// Adds each delta to its row (created when missing), passing each row's new count to `counted`.
    private static func upsert(
        _ deltas: [Key: Int], userID: UUID, on database: any Database, counted: (Key, Int) throws -> Void
    ) async throws {
        let sql = try database.requireSQL()
        let entries = Array(deltas)
        for start in stride(from: 0, to: entries.count, by: chunk) {
            let insert = sql.insert(into: schema).columns("user_id", "year", "dimension", "item", "count")
            for (key, delta) in entries[start..<min(entries.count, start + chunk)] {
                insert.values(
                    SQLBind(userID), SQLBind(key.year), SQLBind(key.dimension), SQLBind(key.item), SQLBind(delta))
            }
            let rows =
                try await insert
                .onConflict(with: ["user_id", "year", "dimension", "item"]) {
                    $0.set(
                        SQLIdentifier("count"),
                        to: SQLBinaryExpression(
                            SQLColumn("count", table: schema), .add, SQLExcludedColumn("count")))
                }
                .returning("year", "dimension", "item", "count")
                .all()
            for row in rows {
                let key = Key(
                    year: try row.decode(column: "year", as: Int.self),
                    dimension: try row.decode(column: "dimension", as: String.self),
                    item: try row.decode(column: "item", as: String.self))
                try counted(key, try row.decode(column: "count", as: Int.self))
            }
        }
    }

    /// Counts every note of `userID` afresh (the user must have no counts yet), reading them in chunks, those without
    /// a nation under `unknown` (the migration that makes ``DiaryNationFold`` runs later). The first notes of each year
    /// are ``DiaryYearFirstNotes/build(userID:on:)``'s.
    static func build(userID: UUID, on database: any Database) async throws {
        var cursor: DiaryNoteCursor?
        while true {
            let query = DiaryNoteModel.query(on: database).filter(\.$userID == userID)
            if let cursor { query.filter(FluentDiaryNoteRepository.after(cursor)) }
            let chunk = try await FluentDiaryNoteRepository.fetch(
                query.sort(\.$watchedOn).sort(\.$createdAt).sort(\.$id).limit(buildChunk))
            try await count(
                deltas(adding: chunk, removing: [], nations: [:]).counts, userID: userID, on: database)
            guard chunk.count == buildChunk, let last = chunk.last else { return }
            cursor = DiaryNoteCursor(after: last)
        }
    }

    private static let buildChunk = 2_000
}
