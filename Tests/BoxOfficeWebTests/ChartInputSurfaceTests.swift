import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Testing

@testable import BoxOfficeWeb

/// The shared table of chart inputs (``ChartInputCase``) against the rules in the core, the daily page and the daily
/// API: each accepts or refuses exactly what the table says (the CLI's test reads the same table).
@Suite("Chart inputs: one rule for the core, the pages and the API")
struct ChartInputSurfaceTests {
    @Test(
        "the core's reading (region membership and the charts' years are the services' checks)",
        arguments: ChartInputCase.all)
    func core(_ input: ChartInputCase) {
        let read: Bool
        do {
            switch input.name {
            case "date": _ = try ChartInput.date(input.value)
            case "nation": _ = try ChartInput.nation(input.value)
            case "multi": _ = try ChartInput.multi(input.value)
            default: _ = try ChartInput.area(input.value)
            }
            read = true
        } catch {
            read = false
        }
        // Read but refused later by the services: a region KOBIS does not list, a day outside the charts' years.
        let unknownRegion = input.name == "area" && input.value == "999"
        let outsideTheYears = input.name == "date" && ["9999-12-31", "0001-01-01"].contains(input.value)
        #expect(read == (input.accepted || unknownRegion || outsideTheYears))
    }

    @Test("the daily page and the daily API accept and refuse the same values")
    func pageAndAPI() async throws {
        try await WebTestSupport.withSampleApp { client in
            let date = WebTestSupport.settledDate
            for input in ChartInputCase.all {
                let query = input.name == "date" ? "date=\(input.value)" : "date=\(date)&\(input.name)=\(input.value)"
                let page = try await client.get("/daily?\(query)")
                let api = try await client.get("/api/v1/daily?\(query)")
                #expect(page.status == (input.accepted ? .ok : .badRequest), "page \(input.testDescription)")
                #expect(api.status == (input.accepted ? .ok : .badRequest), "API \(input.testDescription)")
            }
        }
    }

    @Test("the period page and the period API accept and refuse the same values")
    func period() async throws {
        try await WebTestSupport.withSampleApp { client in
            for input in ChartInputCase.period {
                let page = try await client.get("/charts/period?\(input.query)")
                let api = try await client.get("/api/v1/charts/period?\(input.query)")
                #expect(page.status == (input.accepted ? .ok : .badRequest), "page \(input.testDescription)")
                #expect(api.status == (input.accepted ? .ok : .badRequest), "API \(input.testDescription)")
            }
        }
    }

    @Test("the search page and the search API accept and refuse the same values")
    func search() async throws {
        try await WebTestSupport.withSampleApp { client in
            for input in ChartInputCase.search {
                let page = try await client.get("/movies?q=%EA%B7%B9&\(input.query)")
                let api = try await client.get("/api/v1/movies?q=%EA%B7%B9&\(input.query)")
                #expect(page.status == (input.accepted ? .ok : .badRequest), "page \(input.testDescription)")
                #expect(api.status == (input.accepted ? .ok : .badRequest), "API \(input.testDescription)")
            }
        }
    }
}
