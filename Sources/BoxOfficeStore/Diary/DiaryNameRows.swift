import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The rows ``DiaryStatCounts`` keeps for the names of a diary's films (`genre`, `nation`, `director`), bounded by
/// ``DiaryLimits/nameRows``. Each distinct name a note brings takes a row for all time and one for its year; a row
/// whose notes are all gone is deleted, so adding and deleting notes of new names cannot grow them. How many a diary
/// holds is one row (`names`, year 0), kept with every change. Rows the archive's nations make through
/// ``DiaryNationFold`` are not counted, so the count may fall short of the rows by the archive's nations a year: the
/// archive's, not a file's, names.
enum DiaryNameRows {
    static let dimensions = [
        DiaryStatCounts.Dimension.genre, DiaryStatCounts.Dimension.nation, DiaryStatCounts.Dimension.director,
    ]

    /// How many name rows the user's diary holds.
    static func count(userID: UUID, on database: any Database) async throws -> Int {
        let row = try await database.requireSQL().select().column("count").from(DiaryStatCounts.schema)
            .where("user_id", .equal, SQLBind(userID))
            .where("year", .equal, SQLBind(0))
            .where("dimension", .equal, SQLBind(DiaryStatCounts.Dimension.names))
            .where("item", .equal, SQLBind(""))
            .first()
        return max(0, try row?.decode(column: "count", as: Int.self) ?? 0)
    }

    /// `notes` as they may be kept in a diary of `held` rows of names: a name that would take it past `limit` is left
    /// out of its note's film details, in the notes' order, a note's first nation before its other names (names the
    /// diary already counts always stay). No read when every name fits whatever the diary holds; else one of the
    /// names' rows, per 500 names. Call it under the user's lock (after ``DiaryVersionStore/bump(userID:on:)``), with
    /// `held` read there, before the notes are written.
    static func admit(_ notes: [DiaryNote], limit: Int, held: Int, userID: UUID, on database: any Database)
        async throws -> [DiaryNote]
    {
        let wanted = Set(notes.flatMap(keys(of:)))
        guard !wanted.isEmpty else { return notes }
        var room = limit - held
        guard room < wanted.count else { return notes }
        var counted = try await existing(wanted, userID: userID, on: database)
        return notes.map { note in
            var note = note
            func kept(_ names: [String], _ dimension: String) -> [String] {
                names.filter { name in
                    guard !name.isEmpty else { return true }
                    let new = [0, note.watchedOn.year].map {
                        DiaryStatCounts.Key(year: $0, dimension: dimension, item: name)
                    }
                    .filter { !counted.contains($0) }
                    guard new.count <= room else { return false }
                    room -= new.count
                    counted.formUnion(new)
                    return true
                }
            }
            // The first nation is the film's origin (Korean or foreign): it takes its rows first, and when it is
            // left out so are the others, so that a later one never stands in for it.
            let origin = kept(Array(note.movie.nations.prefix(1)), DiaryStatCounts.Dimension.nation)
            note.movie.genres = kept(note.movie.genres, DiaryStatCounts.Dimension.genre)
            note.movie.nations =
                origin.isEmpty
                ? [] : origin + kept(Array(note.movie.nations.dropFirst()), DiaryStatCounts.Dimension.nation)
            note.movie.directors = kept(note.movie.directors, DiaryStatCounts.Dimension.director)
            return note
        }
    }

    /// ``admit(_:limit:held:userID:on:)`` for one note.
    static func admit(_ note: DiaryNote, limit: Int, held: Int, userID: UUID, on database: any Database)
        async throws -> DiaryNote
    {
        try await admit([note], limit: limit, held: held, userID: userID, on: database).first ?? note
    }

    /// The rows of names a note counts under, as ``DiaryStatCounts/deltas(adding:removing:nations:)`` counts them.
    static func keys(of note: DiaryNote) -> [DiaryStatCounts.Key] {
        let names = [
            (DiaryStatCounts.Dimension.genre, note.movie.genres),
            (DiaryStatCounts.Dimension.nation, note.movie.nations),
            (DiaryStatCounts.Dimension.director, note.movie.directors),
        ]
        return [0, note.watchedOn.year].flatMap { year in
            names.flatMap { dimension, items in
                Set(items).filter { !$0.isEmpty }.map {
                    DiaryStatCounts.Key(year: year, dimension: dimension, item: $0)
                }
            }
        }
    }

    /// Those of `keys` the user's diary counts now. Read a year at a time, each look a range of the counts' unique
    /// index (user, year, dimension, item): a file's notes spread over many years cannot make one statement probe
    /// every year for every name.
    private static func existing(_ keys: Set<DiaryStatCounts.Key>, userID: UUID, on database: any Database)
        async throws -> Set<DiaryStatCounts.Key>
    {
        let sql = try database.requireSQL()
        var found: Set<DiaryStatCounts.Key> = []
        for (year, yearKeys) in Dictionary(grouping: keys, by: \.year).sorted(by: { $0.key < $1.key }) {
            let items = Array(Set(yearKeys.map(\.item))).sorted()
            for start in stride(from: 0, to: items.count, by: chunk) {
                let rows = try await sql.select().columns("dimension", "item").from(DiaryStatCounts.schema)
                    .where("user_id", .equal, SQLBind(userID))
                    .where("year", .equal, SQLBind(year))
                    .where("dimension", .in, SQLBind.group(dimensions))
                    .where("item", .in, SQLBind.group(Array(items[start..<min(items.count, start + chunk)])))
                    .where("count", .greaterThan, SQLBind(0))
                    .all()
                for row in rows {
                    let key = DiaryStatCounts.Key(
                        year: year, dimension: try row.decode(column: "dimension", as: String.self),
                        item: try row.decode(column: "item", as: String.self))
                    if keys.contains(key) { found.insert(key) }
                }
            }
        }
        return found
    }

    private static let chunk = 500
}
