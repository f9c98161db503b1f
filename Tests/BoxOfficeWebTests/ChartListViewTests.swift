import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

/// The chart list's list/grid switch (query parameter and cookie), the grid's poster cards, the
/// refresh control and the page script hooks.
@Suite("Chart list view")
struct ChartListViewTests {
    static let settledPage = "/daily?date=\(WebTestSupport.settledDate)"

    /// The movie codes of the settled day's chart, in rank order, from the simulator itself.
    static func settledMovieCodes() -> [String] {
        let simulator = KOBISSimulator(now: { WebTestSupport.fixedNow })
        return simulator.dailyBoxOffice(
            CalendarDate(WebTestSupport.settledDate)!, nation: nil, multiMovie: nil, wideAreaCode: nil
        ).entries.map(\.movieCode)
    }

    /// The `view` cookie a response sets, with its attributes, or `nil`.
    static func viewCookie(_ response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix("view=") }
    }

    /// The `class` of the chart's `<ol>`, or `nil` when there is none.
    static func listClass(_ html: String) -> String? {
        guard let start = html.range(of: #"<ol class=""#) else { return nil }
        let rest = html[start.upperBound...]
        return rest.prefix { $0 != "\"" }.description
    }

    @Test("without a choice the chart is a list, the list option is current, and no cookie is set")
    func defaultIsList() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage)
            #expect(response.status == .ok)
            let html = response.text
            #expect(Self.listClass(html) == "chart chart-list")
            #expect(html.contains(#"data-view="list" aria-current="true">목록</a>"#))
            #expect(html.contains(#"data-view="grid">포스터</a>"#))
            #expect(Self.viewCookie(response) == nil)
        }
    }

    @Test("?view=grid shows poster cards and remembers the choice in a year-long SameSite=Lax cookie")
    func gridParameterSetsCookie() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage + "&view=grid")
            #expect(response.status == .ok)
            let html = response.text
            #expect(Self.listClass(html) == "chart chart-grid")
            #expect(html.contains(#"data-view="grid" aria-current="true">포스터</a>"#))
            #expect(!html.contains(#"data-view="list" aria-current"#))
            let codes = Self.settledMovieCodes()
            #expect(codes.count == 10)
            for code in codes {
                #expect(
                    html.contains(#"<img class="card-poster" src="/movies/\#(code)/poster" loading="lazy" alt=""#),
                    "\(code)")
                #expect(html.contains(#"<a class="movie-title" href="/movies/\#(code)">"#), "\(code)")
            }
            #expect(html.components(separatedBy: #"<li class="chart-row">"#).count == 11)

            let cookie = try #require(Self.viewCookie(response))
            let attributes = Set(
                cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            #expect(attributes.contains("view=grid"))
            #expect(attributes.contains("path=/"))
            #expect(attributes.contains("max-age=31536000"))
            #expect(attributes.contains("samesite=lax"))
            // The page script writes the same cookie, so it cannot be HttpOnly.
            #expect(!attributes.contains("httponly"))
        }
    }

    @Test("the cookie chooses the layout on later visits, of the daily and the weekly page")
    func cookieChoosesLayout() async throws {
        try await WebTestSupport.withSampleApp { client in
            let daily = try await client.get(Self.settledPage, headers: [.cookie: "view=grid"])
            #expect(daily.status == .ok)
            #expect(Self.listClass(daily.text) == "chart chart-grid")
            #expect(Self.viewCookie(daily) == nil, "an unchanged preference is not written again")

            let weekly = try await client.get(
                "/weekly?date=2024-03-11&range=week", headers: [.cookie: "lang=ko; view=grid; other=1"])
            #expect(weekly.status == .ok)
            #expect(Self.listClass(weekly.text) == "chart chart-grid")

            let list = try await client.get(Self.settledPage, headers: [.cookie: "view=list"])
            #expect(Self.listClass(list.text) == "chart chart-list")
        }
    }

    @Test("?view= wins over the cookie and replaces it")
    func parameterWinsOverCookie() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage + "&view=list", headers: [.cookie: "view=grid"])
            #expect(Self.listClass(response.text) == "chart chart-list")
            #expect(Self.viewCookie(response)?.hasPrefix("view=list;") == true)
            let weekly = try await client.get("/weekly?range=weekend&view=GRID")
            #expect(weekly.status == .ok)
            #expect(Self.listClass(weekly.text) == "chart chart-grid")
            #expect(Self.viewCookie(weekly)?.hasPrefix("view=grid;") == true)
        }
    }

    @Test(
        "an unreadable view cookie is ignored, never a 400",
        arguments: ["view=mosaic", "view=", "view=\"grid\"", "view", "view=grid%00", "=;;view=;"])
    func invalidCookieIgnored(cookie: String) async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage, headers: [.cookie: cookie])
            #expect(response.status == .ok, "\(cookie)")
            #expect(Self.listClass(response.text) == "chart chart-list", "\(cookie)")
            #expect(Self.viewCookie(response) == nil)
        }
    }

    @Test("a bad ?view= is a 400 page that names the allowed values")
    func invalidParameter() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage + "&view=cards")
            #expect(response.status == .badRequest)
            #expect(response.text.contains("보기 방식(view): list 또는 grid 중 하나여야 합니다. 받은 값: &quot;cards&quot;"))
            let english = try await client.get(Self.settledPage + "&view=cards&lang=en")
            #expect(english.status == .badRequest)
            #expect(english.text.contains("view must be list or grid, got &quot;cards&quot;."))
            #expect(Self.viewCookie(response) == nil)
        }
    }

    @Test("switch links keep the page's parameters and replace view; the refresh link is the page itself")
    func switchAndRefreshLinks() async throws {
        try await WebTestSupport.withSampleApp { client in
            let html = try await client.get("/daily?date=2024-03-15&nation=F&view=grid&lang=en").text
            #expect(
                html.contains(
                    #"href="/daily?date=2024-03-15&amp;nation=F&amp;lang=en&amp;view=list" data-view="list">List</a>"#))
            #expect(
                html.contains(
                    #"href="/daily?date=2024-03-15&amp;nation=F&amp;lang=en&amp;view=grid" data-view="grid" aria-current="true">Posters</a>"#
                ))
            #expect(
                html.contains(
                    #"<a class="refresh-link" href="/daily?date=2024-03-15&amp;nation=F&amp;view=grid&amp;lang=en" data-refresh"#
                ))
            #expect(html.contains(">Refresh</a>"))

            let weekly = try await client.get("/weekly?date=2024-03-11&range=weekend").text
            #expect(
                weekly.contains(#"href="/weekly?date=2024-03-11&amp;range=weekend&amp;view=grid" data-view="grid""#))
            #expect(
                weekly.contains(
                    #"<a class="refresh-link" href="/weekly?date=2024-03-11&amp;range=weekend" data-refresh"#))
            #expect(weekly.contains(">새로고침</a>"))

            let bare = try await client.get("/daily").text
            #expect(bare.contains(#"<a class="refresh-link" href="/daily" data-refresh"#))
            #expect(bare.contains(#"href="/daily?view=grid" data-view="grid""#))
        }
    }

    @Test("pages load the script from its fingerprinted /static address with no inline script, and carry its hooks")
    func scriptAndHooks() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(Self.settledPage)
            let html = response.text
            #expect(html.contains(#/<script src="\/static\/app\.[0-9a-f]{12}\.js" defer><\/script>/#))
            #expect(html.components(separatedBy: "<script").count == 2, "exactly one script element")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(
                html.contains(
                    #"<div class="loading-indicator" role="status" aria-live="polite" data-loading-indicator data-loading-text="불러오는 중…"></div>"#
                ))
            #expect(html.contains(#"<div class="chart-region" data-chart-region>"#))
            #expect(html.contains(#"<div class="refresh-error" role="alert" data-refresh-error></div>"#))
            #expect(html.contains(#"<template data-refresh-error-template>"#))
            #expect(html.contains(#"data-refresh-retry>다시 시도</button>"#))
            #expect(html.contains(#"data-pull-text="당겨서 새로고침" data-release-text="놓으면 새로고침""#))
            #expect(!html.contains("style="))

            // The error page has the script and indicator too (the footer is shared).
            let error = try await client.get("/daily?date=2099-01-01")
            #expect(error.status == .badRequest)
            #expect(error.text.contains(#/<script src="\/static\/app\.[0-9a-f]{12}\.js" defer><\/script>/#))

            let english = try await client.get(Self.settledPage + "&lang=en").text
            #expect(english.contains(#"data-loading-text="Loading…""#))
            #expect(english.contains(#"data-refreshed-text="Chart updated.""#))
        }
    }

    @Test("the script is served as JavaScript and wires every hook the templates carry")
    func scriptServed() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/static/app.js")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            let script = response.text
            for hook in [
                "data-loading-indicator", "data-view-switch", "data-chart-list", "data-chart-region", "data-refresh",
                "data-refresh-error", "data-refresh-error-template", "data-refresh-retry", "data-pull-indicator",
                "prefers-reduced-motion", "SameSite=Lax", "form.chart-form",
            ] {
                #expect(script.contains(hook), "\(hook)")
            }
            #expect(!script.contains("eval("))
            #expect(!script.contains("innerHTML"))
        }
    }

    @Test("the empty state keeps the toolbar and the refresh region")
    func emptyState() async throws {
        try await WebTestSupport.withSampleApp(upstream: EmptyChartTransport.init) { client in
            let html = try await client.get(Self.settledPage, headers: [.cookie: "view=grid"]).text
            #expect(html.contains("아직 집계되지 않았습니다"))
            #expect(Self.listClass(html) == nil)
            #expect(html.contains(#"data-view="grid" aria-current="true""#))
            #expect(html.contains(#"<div class="chart-region" data-chart-region>"#))
            #expect(html.contains(#"class="refresh-link""#))
        }
    }
}
