import BoxOfficeCore
import Testing

@Suite("Show shares, HHI and over-allocation within the top 10")
struct ShowSharesTests {
    typealias C = MarketCharts

    @Test("each film's share of the top 10's shows, the HHI and show share over sales share")
    func figures() throws {
        let rows = [
            C.entry(1, sales: 600, share: 60, shows: 500), C.entry(2, sales: 300, share: 30, shows: 300),
            C.entry(3, sales: 100, share: 10, shows: 200),
        ]
        let shares = ShowShares(entries: rows)
        #expect(shares.totalShows == 1000)
        #expect(shares.films.map(\.showShare) == [50, 30, 20])
        #expect(shares.films.map(\.salesShare) == [60, 30, 10])
        let hhi = try #require(shares.herfindahl)
        #expect(abs(hhi - (2500 + 900 + 400)) < 1e-9)
        let over = shares.films.map { $0.overAllocation ?? -1 }
        #expect(abs(over[0] - 50.0 / 60.0) < 1e-12)
        #expect(abs(over[1] - 1) < 1e-12)
        #expect(abs(over[2] - 2) < 1e-12)
        #expect(shares.leader?.movieCode == "M1")
    }

    @Test("one film holding every show: HHI 10,000")
    func monopoly() {
        let shares = ShowShares(entries: [C.entry(1, sales: 10, share: 90, shows: 40)])
        #expect(shares.herfindahl == 10_000)
        #expect(shares.leader?.showShare == 100)
    }

    @Test("no shows, no sales, negative counts: no shares and no trap")
    func zeroShowsAndSales() {
        let none = ShowShares(entries: [
            C.entry(1, sales: 0, share: 0, shows: 0), C.entry(2, sales: 0, share: 0, shows: 0),
        ])
        #expect(none.totalShows == 0)
        #expect(none.herfindahl == nil)
        #expect(none.films.allSatisfy { $0.showShare == nil && $0.salesShare == nil && $0.overAllocation == nil })
        #expect(none.leader == nil)
        // A film that sold nothing has shows but no over-allocation.
        let unsold = ShowShares(entries: [
            C.entry(1, sales: 50, share: 5, shows: 10), C.entry(2, sales: 0, share: 0, shows: 10),
        ])
        #expect(unsold.films[1].showShare == 50)
        #expect(unsold.films[1].overAllocation == nil)
        let hostile = ShowShares(entries: [
            C.entry(1, sales: .max, share: 5, shows: .max), C.entry(2, sales: -3, share: 1, shows: -7),
        ])
        #expect(hostile.films[1].showShare == 0)
        #expect(hostile.herfindahl == 10_000)
        #expect(ShowShares(entries: []).films.isEmpty)
    }

    @Test("a tie for the most shows goes to the higher-ranked film")
    func tie() {
        let shares = ShowShares(entries: [
            C.entry(1, sales: 5, share: 5, shows: 10), C.entry(2, sales: 9, share: 9, shows: 10),
        ])
        #expect(shares.leader?.rank == 1)
    }
}
