@testable import BoxOfficeCore
import Testing

/// The nation-lookup heuristic as plain method calls: no engine, no upstream, no concurrency.
@Suite("Archive: nation lookup planner")
struct NationLookupPlannerTests {
    typealias Film = NationLookupPlanner.Film

    /// Ten planned charts: `finished` of them done, all handed out or not.
    static func charts(finished: Int = 0, allHandedOut: Bool = false) -> PlannedCharts {
        PlannedCharts(count: 10, finished: finished, allHandedOut: allHandedOut)
    }

    /// Page `page` of `year`'s list, `pages` pages long, listing `codes` (nation `한국` for `K…`, else `미국`).
    static func page(_ page: Int, of pages: Int, year: Int = 2024, listing codes: [String] = []) -> MovieNationPage {
        MovieNationPage(
            year: year, totalCount: pages * 100, page: page, perPage: 100,
            movies: codes.map {
                ListedMovieNation(code: $0, openDate: nil, representativeNation: $0.hasPrefix("K") ? "한국" : "미국")
            })
    }

    static func films(_ codes: [String], year: Int? = 2024) -> [Film] {
        codes.map { Film($0, openYear: year) }
    }

    @Test("films of a year wait until the threshold is reached, then page 1 of its list is read")
    func thresholdReadsPageOne() {
        var planner = NationLookupPlanner(listThreshold: 5)
        let first = planner.lookUp(Self.films(["F1", "F2", "F3", "F4"]), charts: Self.charts())
        #expect(first == NationLookupPlanner.Decision())
        #expect(planner.waitingFilms(openingIn: 2024) == ["F1", "F2", "F3", "F4"])

        let fifth = planner.lookUp(Self.films(["F5"]), charts: Self.charts())
        #expect(fifth.lookups == [.movieList(year: 2024, page: 1)])
        #expect(fifth.learned.isEmpty)
        // One page at a time: more films while page 1 is out queue nothing more.
        #expect(planner.lookUp(Self.films(["F6"]), charts: Self.charts()).lookups.isEmpty)
        #expect(planner.waitingFilmCount == 6)
    }

    @Test("further pages are read only while fewer pages are left than films wait")
    func furtherPagesWhileFewer() {
        var planner = NationLookupPlanner(listThreshold: 3)
        _ = planner.lookUp(Self.films(["F1", "F2", "F3"]), charts: Self.charts())
        // Page 1 of 3 lists none of them: 2 pages left for 3 films, so page 2 is read.
        let afterOne = planner.receive(Self.page(1, of: 3, listing: ["X1"]), year: 2024, page: 1, charts: Self.charts())
        #expect(afterOne.lookups == [.movieList(year: 2024, page: 2)])
        // Page 2 lists F1 and F2: F3 waits alone, and 1 page left is not fewer than 1 film; the charts are out.
        let afterTwo = planner.receive(
            Self.page(2, of: 3, listing: ["F1", "F2"]), year: 2024, page: 2, charts: Self.charts(finished: 1))
        #expect(afterTwo.learned == ["F1": "미국", "F2": "미국"])
        #expect(afterTwo.lookups.isEmpty)
        #expect(planner.waitingFilms(openingIn: 2024) == ["F3"])
        // Two more films of the year: 1 page left, 3 films wait, so page 3 is read.
        let more = planner.lookUp(Self.films(["F4", "F5"]), charts: Self.charts(finished: 2))
        #expect(more.lookups == [.movieList(year: 2024, page: 3)])
    }

    @Test("a film not found in its year's list, read to the end, gets a details call")
    func missingFromExhaustedList() {
        var planner = NationLookupPlanner(listThreshold: 2)
        _ = planner.lookUp(Self.films(["F1", "F2"]), charts: Self.charts())
        // Page 1 of 2 lists F1; F2 waits, 1 page left is not fewer than 1 film: wait.
        let one = planner.receive(Self.page(1, of: 2, listing: ["F1"]), year: 2024, page: 1, charts: Self.charts())
        #expect(one.learned == ["F1": "미국"])
        #expect(one.lookups.isEmpty)
        // A third film makes the last page pay; it lists F3 only.
        #expect(planner.lookUp(Self.films(["F3"]), charts: Self.charts()).lookups == [.movieList(year: 2024, page: 2)])
        let two = planner.receive(Self.page(2, of: 2, listing: ["F3"]), year: 2024, page: 2, charts: Self.charts())
        #expect(two.learned == ["F3": "미국"])
        #expect(two.lookups == [.movie(code: "F2")])
        #expect(planner.waitingFilmCount == 0)
        // The list is read: a later film of the year not in it goes straight to details.
        #expect(planner.lookUp(Self.films(["F9"]), charts: Self.charts()).lookups == [.movie(code: "F9")])
    }

    @Test("an empty page ends the list even when the count promised more")
    func emptyPageEndsList() {
        var planner = NationLookupPlanner(listThreshold: 2)
        let codes = ["F1", "F2", "F3", "F4", "F5"]
        #expect(planner.lookUp(Self.films(codes), charts: Self.charts()).lookups == [.movieList(year: 2024, page: 1)])
        let page = planner.receive(Self.page(1, of: 3, listing: ["X1"]), year: 2024, page: 1, charts: Self.charts())
        #expect(page.lookups == [.movieList(year: 2024, page: 2)])
        let empty = planner.receive(Self.page(2, of: 3), year: 2024, page: 2, charts: Self.charts())
        #expect(empty.lookups == codes.map { .movie(code: $0) })
    }

    @Test("a film with no opening date gets a details call at once")
    func noOpeningDate() {
        var planner = NationLookupPlanner(listThreshold: 1)
        let decision = planner.lookUp([Film("X1", openYear: nil), Film("F1", openYear: 2024)], charts: Self.charts())
        #expect(decision.lookups == [.movie(code: "X1"), .movieList(year: 2024, page: 1)])
        #expect(planner.waitingFilms(openingIn: 2024) == ["F1"])
    }

    @Test("films below the threshold wait while charts are out, and get details once the charts are all in")
    func chartsInFallBackToDetails() {
        var planner = NationLookupPlanner(listThreshold: 5)
        #expect(planner.lookUp(Self.films(["F1", "F2"]), charts: Self.charts()).lookups.isEmpty)
        #expect(planner.lookUp(Self.films(["K1"], year: 2023), charts: Self.charts()).lookups.isEmpty)
        // Charts handed out but some not finished, and none finished since the run began: keep waiting.
        #expect(planner.chartsAdvanced(Self.charts(finished: 0, allHandedOut: true)).isEmpty)
        // Every chart finished: each year, oldest first, sends its waiting films to details.
        #expect(
            planner.chartsAdvanced(Self.charts(finished: 10, allHandedOut: true))
                == [.movie(code: "K1"), .movie(code: "F1"), .movie(code: "F2")])
        #expect(planner.waitingFilmCount == 0)
    }

    @Test("a year decides early when the charts still out are unlikely to bring it another film")
    func decidesBesideTheLastCharts() {
        var planner = NationLookupPlanner(listThreshold: 5)
        _ = planner.lookUp(Self.films(["F1", "F2"]), charts: Self.charts())
        // 2 films waited over 9 finished charts; 1 chart is out: 2 × 2 × 1 = 4 < 9, less than half a film expected.
        #expect(
            planner.chartsAdvanced(Self.charts(finished: 9, allHandedOut: true))
                == [.movie(code: "F1"), .movie(code: "F2")])

        // With 4 charts out: 2 × 2 × 4 = 16 ≥ 6 finished: the films wait for them.
        var busy = NationLookupPlanner(listThreshold: 5)
        _ = busy.lookUp(Self.films(["F1", "F2"]), charts: Self.charts())
        #expect(busy.chartsAdvanced(Self.charts(finished: 6, allHandedOut: true)).isEmpty)
    }

    @Test("while a chart's new films are being queued, no year decides early")
    func waitsForChartsQueueingFilms() {
        var planner = NationLookupPlanner(listThreshold: 5)
        _ = planner.lookUp(Self.films(["F1"]), charts: Self.charts())
        let meeting = planner.meet(Self.films(["F2"]))
        #expect(meeting == NationLookupPlanner.Meeting(hasNewFilms: true, knownFromPages: 0))
        #expect(planner.chartsAdvanced(Self.charts(finished: 9, allHandedOut: true)).isEmpty)
        // The chart's films are queued: now F1 decides (F2 joins through lookUp when its chart queues it).
        #expect(planner.filmsQueued(charts: Self.charts(finished: 9, allHandedOut: true)) == [.movie(code: "F1")])
    }

    @Test("what a page teaches is remembered: films it lists need no call when met later")
    func pageIsRemembered() {
        var planner = NationLookupPlanner(listThreshold: 1)
        _ = planner.lookUp(Self.films(["F1"]), charts: Self.charts())
        let page = planner.receive(
            Self.page(1, of: 3, listing: ["F1", "K7", "F8"]), year: 2024, page: 1, charts: Self.charts())
        #expect(page.learned == ["F1": "미국"])
        #expect(page.lookups.isEmpty)

        // Met in a later chart: known at once, nothing to queue.
        #expect(planner.meet(Self.films(["K7"])) == NationLookupPlanner.Meeting(hasNewFilms: false, knownFromPages: 1))
        // Met again, or found without a nation in the store: already looked after.
        #expect(planner.meet(Self.films(["K7"])) == NationLookupPlanner.Meeting(hasNewFilms: false, knownFromPages: 0))
        #expect(planner.claim(["K7", "F8", "F9"]) == ["F8", "F9"])
        // Taken on through the store's films: learned from the page, no call.
        let later = planner.lookUp(Self.films(["F8"]), charts: Self.charts())
        #expect(later.learned == ["F8": "미국"])
        #expect(later.lookups.isEmpty)
        // A film no page lists is new.
        #expect(planner.meet(Self.films(["F10"])).hasNewFilms)
    }

    @Test("a page that fails sends its year's waiting films to details and closes the list")
    func failedPage() {
        var planner = NationLookupPlanner(listThreshold: 2)
        #expect(
            planner.lookUp(Self.films(["F1", "F2"]), charts: Self.charts()).lookups == [.movieList(year: 2024, page: 1)]
        )
        #expect(
            planner.pageFinished(year: 2024, stored: false, charts: Self.charts())
                == [.movie(code: "F1"), .movie(code: "F2")])
        #expect(planner.lookUp(Self.films(["F3"]), charts: Self.charts()).lookups == [.movie(code: "F3")])
    }

    @Test("a stored page that queued the next one decides nothing more when it finishes")
    func storedPageFinishes() {
        var planner = NationLookupPlanner(listThreshold: 2)
        _ = planner.lookUp(Self.films(["F1", "F2", "F3"]), charts: Self.charts())
        #expect(
            planner.receive(Self.page(1, of: 2, listing: ["X1"]), year: 2024, page: 1, charts: Self.charts())
                == NationLookupPlanner.Decision(lookups: [.movieList(year: 2024, page: 2)]))
        #expect(planner.pageFinished(year: 2024, stored: true, charts: Self.charts()).isEmpty)
    }
}
