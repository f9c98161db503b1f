import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import BoxOfficeWeb

@Suite("Atom feeds of the stored charts")
struct ChartFeedTests {
    @Test("the daily feed lists the stored days newest first, with stable tag: ids in either language")
    func dailyFeed() async throws {
        try await WebTestSupport.withSampleApp { client in
            let empty = try await client.get("/feeds/daily.atom")
            #expect(empty.status == .ok)
            #expect(empty.headers[.contentType] == "application/atom+xml; charset=utf-8")
            let emptyFeed = try AtomDocument(empty.text)
            #expect(emptyFeed.entryIDs.isEmpty, "a feed reads stored charts only; nothing is fetched for it")
            #expect(emptyFeed.feedID == "tag:boxoffice,2024:sample/daily")

            for day in ["2024-03-17", "2024-03-19"] {
                #expect(try await client.get("/daily?date=\(day)").status == .ok)
            }
            let korean = try AtomDocument(try await client.get("/feeds/daily.atom").text)
            #expect(
                korean.entryIDs == [
                    "tag:boxoffice,2024:sample/daily/2024-03-19", "tag:boxoffice,2024:sample/daily/2024-03-17",
                ])
            #expect(korean.title == "일별 박스오피스")
            #expect(
                korean.selfLink == "http://localhost/feeds/daily.atom"
                    || korean.selfLink?.hasSuffix("/feeds/daily.atom") == true)
            #expect(korean.entryTitles.first?.contains("2024-03-19 (화)") == true)
            #expect(korean.tableRows.count == 20, "the top 10 of each day: \(korean.tableRows.count)")
            #expect(korean.updated.count == 3 && korean.updated.allSatisfy { $0.hasSuffix("Z") })

            let again = try AtomDocument(try await client.get("/feeds/daily.atom").text)
            let english = try AtomDocument(try await client.get("/feeds/daily.atom?lang=en").text)
            #expect(again.entryIDs == korean.entryIDs)
            #expect(english.entryIDs == korean.entryIDs, "an entry's id does not depend on the language")
            #expect(english.title == "Daily box office")
            #expect(english.entryLinks.first?.hasSuffix("/daily?date=2024-03-19&lang=en") == true)
        }
    }

    @Test("the weekly feed has one entry per stored Monday-to-Sunday week")
    func weeklyFeed() async throws {
        try await WebTestSupport.withSampleApp { client in
            #expect(try await client.get("/weekly?range=week&date=2024-03-10").status == .ok)
            #expect(try await client.get("/weekly?range=week&date=2024-03-03").status == .ok)
            let response = try await client.get("/feeds/weekly.atom?lang=en")
            #expect(response.status == .ok)
            let feed = try AtomDocument(response.text)
            #expect(feed.feedID == "tag:boxoffice,2024:sample/week")
            #expect(
                feed.entryIDs == [
                    "tag:boxoffice,2024:sample/week/2024-03-04", "tag:boxoffice,2024:sample/week/2024-02-26",
                ])
            #expect(feed.entryTitles.first?.contains("Week 10, 2024") == true)
        }
    }

    @Test("titles with markup characters come out as text, and the document stays well-formed")
    func escaping() async throws {
        let renderer = try await PageRenderer.loadFromBundle()
        let entry = ChartEntry(
            rank: 1, change: .new, movieCode: "1", title: #"<b>Tom & "Jerry's"</b>]]>"#, openDate: nil, audience: 5,
            audienceTotal: 5, sales: 0, salesShare: 0, salesTotal: 0, screens: 1, shows: 1)
        let day = try #require(CalendarDate("2024-03-19"))
        let chart = Chart(
            kind: .daily, range: DateRange(start: day, end: day), source: .kobis,
            fetchedAt: WebTestSupport.fixedNow, entries: [entry])
        let feeds = ChartFeedService(
            charts: NoCharts(), calendar: BoxOfficeCalendar(now: { WebTestSupport.fixedNow }), source: .kobis)
        let model = ChartFeedViewModel(
            kind: .daily, charts: [chart], feeds: feeds, language: .english, explicitLanguage: nil,
            origin: "https://example.org")
        let feed = try AtomDocument(String(buffer: try renderer.renderBody(model, template: "feed_atom")))
        #expect(feed.tableRows.first?.contains(#"<b>Tom & "Jerry's"</b>]]>"#) == true, "\(feed.tableRows)")
        #expect(feed.selfLink == "https://example.org/feeds/daily.atom")
        #expect(feed.updated.first == "2024-03-20T03:00:00Z")
    }
}

private struct NoCharts: ChartRepository {
    func storedChart(for query: ChartQuery) async throws -> Chart? { nil }
    func save(_ chart: Chart) async throws {}
    func dailyCharts(in range: DateRange) async throws -> [Chart] { [] }
}

/// An Atom document read with Foundation's XML parser (which fails on anything not well-formed).
struct AtomDocument {
    var feedID: String?
    var title: String?
    var selfLink: String?
    var entryIDs: [String] = []
    var entryTitles: [String] = []
    var entryLinks: [String] = []
    /// The feed's `updated`, then every entry's.
    var updated: [String] = []
    /// Each table row's cells joined by `|`.
    var tableRows: [String] = []

    init(_ text: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw AtomError(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")\n\(text)")
        }
        self = reader.document
    }

    struct AtomError: Error, CustomStringConvertible { var description: String }

    private final class Reader: NSObject, XMLParserDelegate {
        var document = AtomDocument(empty: ())
        var path: [String] = []
        var text = ""
        var cells: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            path.append(name)
            text = ""
            if name == "link", attributes["rel"] == "self" { document.selfLink = attributes["href"] }
            if name == "link", attributes["rel"] == "alternate", path.dropLast().last == "entry" {
                document.entryLinks.append(attributes["href"] ?? "")
            }
            if name == "tr" { cells = [] }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let parent = path.dropLast().last
            switch (name, parent) {
            case ("id", "feed"): document.feedID = text
            case ("title", "feed"): document.title = text
            case ("id", "entry"): document.entryIDs.append(text)
            case ("title", "entry"): document.entryTitles.append(text)
            case ("updated", _): document.updated.append(text)
            case ("td", _): cells.append(text)
            case ("tr", "tbody"): document.tableRows.append(cells.joined(separator: "|"))
            default: break
            }
            path.removeLast()
            text = ""
        }
    }

    private init(empty: Void) {}
}
