import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// `/records/…` and `/api/v1/records/…` over an archive the sync filled from the simulator (2024-03-01…15): from the
/// films' kept records alone, no KOBIS call.
@Suite("Records pages and API")
struct RecordsWebTests {
    static let paths = [
        "milestones?threshold=1000000", "totals", "totals?by=sales&year=2024&limit=5", "streaks",
        "legs?since=2024&nation=korean",
    ]

    static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) }
    }

    /// The largest `audiAcc` any archived daily chart shows: the all-time list's first final.
    static func largestTotal(_ client: any TestClientProtocol) async throws -> (code: String, total: Int64) {
        var best: (String, Int64) = ("", -1)
        for day in ArchiveWebSupport.archived.days {
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=\(day)").text.utf8))
            for entry in chart.entries where entry.audienceTotal > best.1 {
                best = (entry.movieCode, entry.audienceTotal)
            }
        }
        return best
    }

    @Test("every records operation answers the core's report byte for byte, kept, with no KOBIS call")
    func api() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let largest = try await Self.largestTotal(client)
            let usedBefore = try await services.ledger.usage().used
            let callsBefore = try await FilmRunAPITests.upstreamCalls(client)
            for path in Self.paths {
                let response = try await client.get("/api/v1/records/\(path)")
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.cacheControl]?.hasPrefix("public, max-age=") == true, "\(path)")
                let report = try BoxOfficeJSON.decoder().decode(RecordsReport.self, from: Data(response.text.utf8))
                let core = try await services.records.report(
                    RecordsParameters.query(
                        report.kind, Parameters(), calendar: services.calendar))
                // With the English titles of the films it names (every sample film has one).
                let expected = await services.archive.withEnglishTitles(core)
                #expect((report.englishTitles ?? [:]).keys.sorted() == report.movieCodes.sorted(), "\(path)")
                #expect(report.source == .sample)
                if !path.contains("?") {
                    // The answer is the core's JSON, member for member.
                    let bytes = String(decoding: try BoxOfficeJSON.encoder().encode(expected), as: UTF8.self)
                    #expect(response.text == bytes, "\(path)")
                }
            }
            let totals = try BoxOfficeJSON.decoder().decode(
                RecordsReport.self, from: Data(try await client.get("/api/v1/records/totals").text.utf8))
            let first = try #require(totals.lists.first?.entries.first)
            #expect(first.movieCode == largest.code)
            #expect(first.finalAudience == .floor(Double(largest.total)))
            #expect(totals.lists[0].entries.map(\.rank) == Array(1...totals.lists[0].entries.count))
            let finals = totals.lists[0].entries.map(\.finalAudience.value)
            #expect(finals == finals.sorted(by: >))
            // A film that opened before the archive's first day counts its days as floors, as its run does.
            let start = ArchiveWebSupport.archived.start
            for entry in totals.lists[0].entries {
                let before = entry.openDate.map { $0 < start } ?? false
                #expect(
                    entry.dayCountsAreFloors == before,
                    "\(entry.movieCode) opened \(String(describing: entry.openDate))")
            }
            let firstEarly = totals.lists[0].entries.first { $0.dayCountsAreFloors }
            let early = try #require(firstEarly, "the archive's first day shows films that opened before it")
            let run = try BoxOfficeJSON.decoder().decode(
                FilmRunReport.self, from: Data(try await client.get("/api/v1/movies/\(early.movieCode)/run").text.utf8)
            ).run
            #expect(run.reach == early.reach && run.daysInTop10 == early.daysInTop10)
            let streaks = try await client.get("/api/v1/records/streaks").jsonObject
            #expect(
                (streaks?["lists"] as? [[String: Any]])?.compactMap { $0["order"] as? String } == [
                    "longestStreak", "daysAtNumberOne",
                ])
            let sales = try BoxOfficeJSON.decoder().decode(
                RecordsReport.self,
                from: Data(try await client.get("/api/v1/records/totals?by=sales&limit=3").text.utf8))
            #expect(sales.by == .sales && sales.limit == 3 && sales.lists[0].entries.count <= 3)
            #expect(sales.lists[0].order == .sales)

            #expect(try await services.ledger.usage().used == usedBefore)
            #expect(try await FilmRunAPITests.upstreamCalls(client) == callsBefore)
        }
    }

    @Test("each records page, in both languages: the tables, the links, the legend, the sample notice")
    func pages() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let usedBefore = try await services.ledger.usage().used
            let callsBefore = try await FilmRunAPITests.upstreamCalls(client)
            let largest = try await Self.largestTotal(client)
            for kind in RecordKind.allCases {
                let korean = try await client.get("/records/\(kind.rawValue)")
                #expect(korean.status == .ok, "\(kind)")
                let html = korean.text
                #expect(html.contains(#"<a href="/records/milestones" aria-current="page">기록</a>"#), "\(kind)")
                #expect(html.contains("notice-sample"), "\(kind)")
                #expect(html.contains("≈"), "\(kind)")
                #expect(html.contains("/api/v1/records/\(kind.rawValue)"), "\(kind)")
                let english = try await client.get("/records/\(kind.rawValue)?lang=en")
                #expect(english.status == .ok)
                #expect(english.text.contains(#"aria-current="page">Records</a>"#), "\(kind)")
            }
            let totals = try await client.get("/records/totals").text
            #expect(totals.contains(#"<a href="/movies/\#(largest.code)">"#))
            // A floor, with the raw figure the page script sorts it by.
            let floorCell = #"<td class="num" data-sort-value="[0-9.]+">≥ "#
            #expect(totals.range(of: floorCell, options: .regularExpression) != nil)
            #expect(totals.contains("만명") || totals.contains("명"))
            let report = try BoxOfficeJSON.decoder().decode(
                RecordsReport.self, from: Data(try await client.get("/api/v1/records/totals").text.utf8))
            for entry in report.lists[0].entries {
                let daysCell = #"data-sort-value="\#(entry.daysInTop10)">"# + (entry.dayCountsAreFloors ? "≥ " : "")
                #expect(totals.contains(daysCell), "\(entry.movieCode): \(daysCell)")
            }
            let english = try await client.get("/records/totals?by=sales&lang=en").text
            #expect(english.contains(#"<a href="/movies/\#(largest.code)?lang=en">"#))
            // English pages lead with the English title the archive keeps, the Korean one beside; Korean pages do not.
            let titles = try await services.archive.englishTitles(of: [largest.code])
            let englishTitle = try #require(titles[largest.code], "the sync keeps the film's English title")
            #expect(english.contains(#"?lang=en">\#(englishTitle.htmlEscaped) <span class="name-beside" lang="ko">"#))
            #expect(!totals.contains("name-beside") && !totals.contains(englishTitle.htmlEscaped))
            #expect(english.contains("₩"))
            #expect(english.contains("By sales") && english.contains("Days in the top 10"))
            let redirect = try await client.get("/records")
            #expect(redirect.status == .seeOther)
            #expect(try await services.ledger.usage().used == usedBefore)
            #expect(try await FilmRunAPITests.upstreamCalls(client) == callsBefore)
        }
    }

    @Test(
        "bad input answers 400 naming the value, in Korean and in English, on pages and the API",
        arguments: [
            ("milestones", "threshold", "4000000"), ("totals", "by", "profit"), ("totals", "year", "2003"),
            ("legs", "year", "19x9"), ("streaks", "since", "2099"), ("streaks", "nation", "K"),
            ("milestones", "limit", "0"), ("totals", "limit", "101"),
        ])
    func refused(kind: String, name: String, value: String) async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            for path in ["/records/\(kind)", "/api/v1/records/\(kind)"] {
                let korean = try await client.get("\(path)?\(name)=\(value)&lang=ko")
                #expect(korean.status == .badRequest, "\(path) \(name)")
                #expect(korean.text.contains(value), "\(path) \(name)")
                #expect(Self.containsHangul(korean.text), "\(path) \(name)")
                let english = try await client.get("\(path)?\(name)=\(value)&lang=en")
                #expect(english.status == .badRequest, "\(path) \(name)")
                #expect(english.text.contains(value), "\(path) \(name)")
                if path.hasPrefix("/api") {
                    let message = (english.jsonObject?["error"] as? [String: Any])?["message"] as? String ?? ""
                    #expect(message.contains(value) && !Self.containsHangul(message), "\(message)")
                }
            }
        }
    }
}
