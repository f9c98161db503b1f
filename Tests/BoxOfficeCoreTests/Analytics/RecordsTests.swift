import BoxOfficeCore
import Foundation
import Testing

/// The records' one reading of their query and one definition of each list's filter and order.
@Suite("Records: the query read once, each list's filter and order")
struct RecordsTests {
    /// 2024-03-20 noon in Seoul.
    static let calendar = BoxOfficeCalendar(now: { Date(timeIntervalSince1970: 1_710_903_600) })

    static func parse(
        _ kind: RecordKind, threshold: String? = nil, by: String? = nil, year: String? = nil, nation: String? = nil,
        since: String? = nil, limit: String? = nil
    ) throws(BoxOfficeError) -> RecordsQuery {
        try RecordsQuery.parsing(
            kind: kind, threshold: threshold, by: by, year: year, nation: nation, since: since, limit: limit,
            calendar: calendar)
    }

    @Test("defaults: 1000만, audience, 20 films; parameters a list does not take are ignored")
    func defaults() throws {
        let milestones = try Self.parse(.milestones, by: "nonsense", year: "abc")
        #expect(milestones.threshold == 10_000_000 && milestones.measure == nil && milestones.year == nil)
        #expect(milestones.limit == 20)
        let totals = try Self.parse(.totals, threshold: "7", by: "sales", year: "2019", nation: "korean", since: "2010")
        #expect(totals.threshold == nil && totals.measure == .sales && totals.year == 2019)
        #expect(totals.nation == .korean && totals.since == 2010)
        #expect(try Self.parse(.legs, year: "2024", limit: "100").limit == 100)
        #expect(try Self.parse(.milestones, threshold: "").threshold == 10_000_000)
        // Words are read whatever their case, as `holiday` and the charts' `nation` are.
        let shouted = try Self.parse(.totals, by: "Sales", nation: "FOREIGN")
        #expect(shouted.measure == .sales && shouted.nation == .foreign)
    }

    @Test(
        "bad values are refused naming the field and the value",
        arguments: [
            (RecordKind.milestones, "threshold", "4000000"), (.milestones, "threshold", "1e6"),
            (.totals, "by", "profit"), (.totals, "year", "19"), (.totals, "year", "2003"),
            (.legs, "year", "2025"), (.streaks, "since", "20x4"), (.streaks, "since", "2099"),
            (.totals, "nation", "unknown"), (.legs, "nation", "K"), (.streaks, "limit", "0"),
            (.streaks, "limit", "101"), (.totals, "limit", "99999999999999999999"),
        ])
    func refused(kind: RecordKind, field: String, value: String) {
        var parameters: [String: String] = [:]
        parameters[field] = value
        #expect {
            try Self.parse(
                kind, threshold: parameters["threshold"], by: parameters["by"], year: parameters["year"],
                nation: parameters["nation"], since: parameters["since"], limit: parameters["limit"])
        } throws: { error in
            guard case BoxOfficeError.invalid(let problem) = error else { return false }
            return problem.field == field && problem.value == value
        }
    }

    static func film(
        _ code: String, opened: CalendarDate?, nation: MovieNationality = .korean, final: Int64 = 0,
        sales: Int64 = 0, crossing: (Int, Int)? = nil, opening: Int64? = nil, drop: Double? = nil,
        legs: Double? = nil, firsts: Int = 0, streak: Int = 0
    ) -> RecordFilm {
        var milestones: [MilestoneCrossing] = []
        if let crossing, let opened {
            milestones.append(
                MilestoneCrossing(
                    threshold: 1_000_000, earliest: opened.adding(days: crossing.0 - 1),
                    latest: opened.adding(days: crossing.1 - 1), openDate: opened))
        }
        let start = opened ?? CalendarDate(year: 2020, month: 1, day: 1)!
        return RecordFilm(
            record: FilmRecord(
                movieCode: code, title: "Film \(code)", openDate: opened, reach: .full, milestones: milestones,
                finalDate: start.adding(days: 30), finalAudience: final, finalSales: sales, openingWeekend: opening,
                openingWeekendPartial: false, secondWeekendDrop: drop, legs: legs, daysAtNumberOne: firsts,
                longestStreak: streak > 0
                    ? FilmRun.Streak(from: start, to: start.adding(days: streak - 1), days: streak) : nil,
                daysInTop10: 30),
            nation: nation)
    }

    static let day = CalendarDate(year: 2019, month: 5, day: 1)!

    @Test("fastest: by a range's end, then its start; films without the crossing or an open date are left out")
    func fastest() {
        let films = [
            Self.film("a", opened: Self.day, crossing: (5, 5)),
            Self.film("b", opened: Self.day, crossing: (3, 6)),
            Self.film("c", opened: Self.day, crossing: (4, 5)),
            Self.film("d", opened: Self.day),
            Self.film("e", opened: nil),
            Self.film("f", opened: Self.day.adding(days: 400), crossing: (2, 2)),
        ]
        let query = RecordsQuery(kind: .milestones, threshold: 1_000_000)
        #expect(
            RecordsRanking.rank(films, order: .fastest, query: query).map(\.record.movieCode) == ["f", "c", "a", "b"])
        let since = RecordsQuery(kind: .milestones, threshold: 1_000_000, since: 2020)
        #expect(RecordsRanking.rank(films, order: .fastest, query: since).map(\.record.movieCode) == ["f"])
        let other = RecordsQuery(kind: .milestones, threshold: 2_000_000)
        #expect(RecordsRanking.rank(films, order: .fastest, query: other).isEmpty)
    }

    @Test("totals by audience or sales, by year and nation, ties by code, cut to the limit")
    func totals() {
        let films = [
            Self.film("a", opened: Self.day, final: 500, sales: 1),
            Self.film("b", opened: Self.day, nation: .foreign, final: 900, sales: 3),
            Self.film("c", opened: Self.day.adding(days: 365), final: 700, sales: 2),
            Self.film("d", opened: Self.day, nation: .unknown, final: 500, sales: 9),
        ]
        #expect(
            RecordsRanking.rank(films, order: .audience, query: RecordsQuery(kind: .totals)).map(\.record.movieCode)
                == ["b", "c", "a", "d"])
        #expect(
            RecordsRanking.rank(films, order: .sales, query: RecordsQuery(kind: .totals, limit: 2))
                .map(\.record.movieCode) == ["d", "b"])
        #expect(
            RecordsRanking.rank(films, order: .audience, query: RecordsQuery(kind: .totals, year: 2019))
                .map(\.record.movieCode) == ["b", "a", "d"])
        #expect(
            RecordsRanking.rank(films, order: .audience, query: RecordsQuery(kind: .totals, nation: .korean))
                .map(\.record.movieCode) == ["c", "a"])
        #expect(
            RecordsRanking.rank(films, order: .audience, query: RecordsQuery(kind: .totals, nation: .foreign))
                .map(\.record.movieCode) == ["b"])
    }

    @Test("streaks and days at #1; legs and drops only with an opening weekend of 100,000 or more")
    func streaksAndLegs() {
        let films = [
            Self.film("a", opened: Self.day, opening: 100_000, drop: 0.4, legs: 3, firsts: 9, streak: 4),
            Self.film("b", opened: Self.day, opening: 99_999, drop: 0.9, legs: 9, firsts: 2, streak: 2),
            Self.film("c", opened: Self.day, opening: 500_000, drop: 0.6, legs: 2.5, firsts: 12, streak: 12),
            Self.film("d", opened: Self.day.adding(days: -3), opening: 800_000, legs: 4, streak: 4),
        ]
        let streaks = RecordsQuery(kind: .streaks)
        #expect(
            RecordsRanking.rank(films, order: .longestStreak, query: streaks).map(\.record.movieCode) == [
                "c", "d", "a", "b",
            ])
        #expect(
            RecordsRanking.rank(films, order: .daysAtNumberOne, query: streaks).map(\.record.movieCode) == [
                "c", "a", "b",
            ])
        let legs = RecordsQuery(kind: .legs)
        #expect(RecordsRanking.rank(films, order: .legs, query: legs).map(\.record.movieCode) == ["d", "a", "c"])
        #expect(
            RecordsRanking.rank(films, order: .secondWeekendDrop, query: legs).map(\.record.movieCode) == ["c", "a"])
    }

    /// A repository that answers with the one definition over films in memory.
    struct MemoryRecords: RecordsRepository {
        var films: [RecordFilm]
        func films(ordered order: RecordOrder, query: RecordsQuery) async throws -> [RecordFilm] {
            RecordsRanking.rank(films, order: order, query: query)
        }
        func allRecords() async throws -> [FilmRecord] { films.map(\.record) }
    }

    @Test("the report ranks each list from 1 and carries the list's milestone and figures with their quality")
    func report() async throws {
        let films = [
            Self.film(
                "a", opened: Self.day, final: 2_000_000, crossing: (3, 5), opening: 300_000, drop: 0.5, legs: 6.5),
            Self.film(
                "b", opened: Self.day, final: 1_500_000, crossing: (2, 2), opening: 200_000, drop: 0.25, legs: 7.5),
        ]
        let service = RecordsService(records: MemoryRecords(films: films), source: .sample)
        let fastest = try await service.report(RecordsQuery(kind: .milestones, threshold: 1_000_000))
        #expect(fastest.lists.map(\.order) == [.fastest])
        #expect(fastest.lists[0].entries.map(\.rank) == [1, 2])
        #expect(fastest.lists[0].entries.map(\.movieCode) == ["b", "a"])
        #expect(fastest.lists[0].entries[1].milestone?.quality == .range)
        #expect(fastest.lists[0].entries[1].milestone?.dayOfRun == .range(3, 5))
        let legs = try await service.report(RecordsQuery(kind: .legs))
        #expect(legs.lists.map(\.order) == [.legs, .secondWeekendDrop])
        #expect(legs.lists[0].entries.first?.legs == .floor(7.5))
        #expect(legs.lists[1].entries.first?.secondWeekendDrop == .exact(0.5))
        #expect(legs.lists[0].entries.first?.finalAudience.quality == .floor)
        let json = String(decoding: try JSONEncoder().encode(legs), as: UTF8.self)
        #expect(json.contains("\"quality\":\"floor\"") && json.contains("\"kind\":\"legs\""))
    }

    @Test("films with the list's figure in common share a place (1, 1, 3); the further keys only order them")
    func sharedPlaces() async throws {
        let films = [
            Self.film("a", opened: Self.day, final: 900, crossing: (4, 5), firsts: 36, streak: 36),
            Self.film("b", opened: Self.day.adding(days: 400), final: 900, crossing: (4, 5), firsts: 36, streak: 36),
            Self.film("c", opened: Self.day, final: 800, crossing: (4, 6), firsts: 20, streak: 20),
            Self.film("d", opened: Self.day, final: 800, crossing: (3, 6), firsts: 20, streak: 20),
        ]
        let service = RecordsService(records: MemoryRecords(films: films), source: .sample)
        let streaks = try await service.report(RecordsQuery(kind: .streaks))
        // Two 36-day streaks tie for first, whichever started earlier is listed first; then two of 20 tie for third.
        #expect(streaks.lists[0].entries.map(\.movieCode) == ["a", "b", "c", "d"])
        #expect(streaks.lists[0].entries.map(\.rank) == [1, 1, 3, 3])
        #expect(streaks.lists[1].entries.map(\.rank) == [1, 1, 3, 3])
        let totals = try await service.report(RecordsQuery(kind: .totals))
        #expect(totals.lists[0].entries.map(\.rank) == [1, 1, 3, 3])
        // The same crossing days share a place; a range that starts a day earlier does not.
        let fastest = try await service.report(RecordsQuery(kind: .milestones, threshold: 1_000_000))
        #expect(fastest.lists[0].entries.map(\.movieCode) == ["a", "b", "d", "c"])
        #expect(fastest.lists[0].entries.map(\.rank) == [1, 1, 3, 4])
    }

    @Test("a film's record is its run reduced: finals, opening weekend, drop, legs, streaks")
    func fromRun() throws {
        let open = CalendarDate(year: 2024, month: 5, day: 1)!
        var daily: [FilmRow] = []
        var total: Int64 = 0
        for n in 0..<20 {
            let day = open.adding(days: n)
            let audience: Int64 = 200_000 - Int64(n) * 5_000
            total += audience
            daily.append(
                FilmRow(
                    start: day, end: day, rank: n < 5 ? 1 : 2, title: "Film", openDate: open, audience: audience,
                    audienceTotal: total, sales: audience * 10_000, salesTotal: total * 10_000, screens: 1, shows: 1))
        }
        let run = FilmRun(
            history: FilmHistory(movieCode: "x", daily: daily, weekends: [], archiveStart: open, source: .sample))
        let record = try #require(FilmRecord(run: run))
        #expect(record.finalAudience == total && record.finalSales == total * 10_000)
        #expect(record.daysAtNumberOne == 5 && record.longestStreak?.days == 5 && record.daysInTop10 == 20)
        #expect(record.openingWeekend == Int64(run.openingWeekend?.audience.value ?? -1))
        #expect(record.legs == run.legs?.value && record.secondWeekendDrop == run.secondWeekendDrop?.value)
        #expect(record.milestones == run.milestones && record.milestone(1_000_000)?.quality == .exact)
        #expect(
            FilmRecord(
                run: FilmRun(
                    history: FilmHistory(movieCode: "y", daily: [], weekends: [], archiveStart: open, source: .sample)))
                == nil)
    }
}
