import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

@Suite("HTML pages")
struct PageTests {
    /// The chart the simulator gives for a settled day, to compare the page against.
    static func expectedChart(_ date: String) -> [DailyBoxOfficeEntryExpectation] {
        let simulator = KOBISSimulator(now: { WebTestSupport.fixedNow })
        return simulator.dailyBoxOffice(CalendarDate(date)!, nation: nil, multiMovie: nil, wideAreaCode: nil).entries
            .map {
                DailyBoxOfficeEntryExpectation(
                    rank: $0.rank,
                    change: RankChange(isNew: $0.status == .new, rankDelta: $0.rankDelta), audience: $0.audience,
                    audienceTotal: $0.audienceTotal)
            }
    }

    struct DailyBoxOfficeEntryExpectation {
        var rank: Int
        var change: RankChange
        var audience: Int64
        var audienceTotal: Int64
    }

    @Test("daily page: ten rows with change marks, labels, separators and the sample banner")
    func dailyPage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/daily?date=\(WebTestSupport.settledDate)")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.contains(#"<html lang="ko">"#))
            #expect(html.contains("2024-03-15 (금)"))
            #expect(html.components(separatedBy: #"<li class="chart-row">"#).count == 11)
            for entry in Self.expectedChart(WebTestSupport.settledDate) {
                let markClass: String
                switch entry.change {
                case .new: markClass = "change-new"
                case .up: markClass = "change-up"
                case .down: markClass = "change-down"
                case .same: markClass = "change-same"
                }
                let label = PageStrings.korean.spokenRank(entry.rank, change: entry.change)
                #expect(
                    html.contains(#"<span class="change \#(markClass)" role="img" aria-label="\#(label)">"#), "\(label)"
                )
                #expect(
                    html.contains(
                        "오늘 \(NumberFormatting.thousands(entry.audience)) / 총 \(NumberFormatting.thousands(entry.audienceTotal))"
                    ))
            }
            #expect(html.contains(#"class="notice notice-sample""#))
            #expect(
                html.contains(#"<input type="date" name="date" value="2024-03-15" min="2004-01-01" max="2024-03-19""#))
            #expect(html.contains(#"<form class="chart-form" method="get" action="/daily">"#))
            #expect(html.contains(#"href="/daily?date=2024-03-14""#))
            #expect(html.contains(#"href="/daily?date=2024-03-16""#))
            #expect(html.contains(#"<select name="nation">"#))
            #expect(html.contains(#"<select name="area">"#))
            #expect(html.contains(#"href="/movies/"#))
            #expect(html.contains(#/<link rel="stylesheet" href="\/static\/style\.[0-9a-f]{12}\.css">/#))
            // One external script (progressive enhancement); the CSP forbids inline ones.
            #expect(html.components(separatedBy: "<script").count == 2)
            #expect(html.contains(#/<script src="\/static\/app\.[0-9a-f]{12}\.js" defer><\/script>/#))
            #expect(!html.contains("style="))
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("daily page defaults to yesterday; the next-day link is disabled there")
    func dailyDefault() async throws {
        try await WebTestSupport.withSampleApp { client in
            let html = try await client.get("/daily").text
            #expect(html.contains("2024-03-19 (화)"))
            #expect(html.contains(#"<span class="day-link disabled" aria-disabled="true">다음 날 →</span>"#))
            #expect(!html.contains(#"href="/daily?date=2024-03-20""#))
        }
    }

    @Test("filters are kept in links and selects; an unknown region is a 400 naming the code, in the page's language")
    func filtersAndUnknownRegion() async throws {
        try await WebTestSupport.withSampleApp { client in
            let html = try await client.get("/daily?date=2024-03-15&nation=F&multi=N").text
            #expect(html.contains(#"<option value="F" selected>"#))
            #expect(html.contains(#"<option value="N" selected>"#))
            #expect(html.contains("/daily?date=2024-03-14&amp;nation=F&amp;multi=N"))
            let korean = try await client.get("/daily?date=2024-03-15&area=999")
            #expect(korean.status == .badRequest)
            #expect(korean.text.contains("지역(area) &quot;999&quot;: KOBIS에 없는 지역 코드입니다."))
            let english = try await client.get("/weekly?date=2024-03-15&area=999&lang=en")
            #expect(english.status == .badRequest)
            #expect(english.text.contains("area &quot;999&quot; is not a region code KOBIS knows."))
            let api = try await client.get("/api/v1/daily?date=2024-03-15&area=999")
            #expect(api.status == .badRequest)
            #expect(api.apiErrorMessage == "area \"999\" is not a region code KOBIS knows.")
        }
    }

    @Test("a day KOBIS has no rows for shows the empty state")
    func emptyState() async throws {
        try await WebTestSupport.withSampleApp(upstream: EmptyChartTransport.init) { client in
            let empty = try await client.get("/daily?date=2024-03-15")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("아직 집계되지 않았습니다"))
            #expect(!empty.text.contains(#"<ol class="chart""#))
        }
    }

    @Test("English when Accept-Language prefers it or ?lang=en")
    func english() async throws {
        try await WebTestSupport.withSampleApp { client in
            let byHeader = try await client.get(
                "/daily?date=2024-03-15", headers: [.acceptLanguage: "en-US,en;q=0.9,ko;q=0.5"]
            ).text
            #expect(byHeader.contains(#"<html lang="en">"#))
            #expect(byHeader.contains("2024-03-15 (Fri)"))
            #expect(byHeader.contains("Today "))
            let byParameter = try await client.get("/daily?date=2024-03-15&lang=en").text
            #expect(byParameter.contains("Daily box office"))
            #expect(byParameter.contains(#"<input type="hidden" name="lang" value="en">"#))
        }
    }

    @Test("weekly page: range tabs, the ISO week and the range")
    func weeklyPage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/weekly?date=2024-03-13&range=week")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("2024년 11주차"))
            #expect(html.contains("2024-03-11 (월) – 2024-03-17 (일)"))
            #expect(
                html.contains(
                    #"<a class="range-tab" href="/weekly?date=2024-03-11&amp;range=week" aria-current="page">주간</a>"#))
            #expect(html.contains(#"href="/weekly?date=2024-03-11&amp;range=weekend""#))
            #expect(html.contains(#"href="/weekly?date=2024-03-11&amp;range=weekdays""#))
            #expect(html.components(separatedBy: #"<li class="chart-row">"#).count == 11)
            #expect(html.contains("주간 "))
            // 2024-03-11 is the latest full week at the fixed clock: no next-week link.
            #expect(html.contains(#"aria-disabled="true">다음 주 →"#))
            let weekend = try await client.get("/weekly").text
            #expect(weekend.contains("2024년 11주차"))
            let defaultWeekend = try await client.get("/weekly?range=weekend").text
            #expect(defaultWeekend.contains("2024-03-15 (금) – 2024-03-17 (일)"))
        }
    }

    @Test(
        "bad input on pages answers an HTML error page with the message, never 500",
        arguments: [
            ("/daily?date=2024-13-01", 400), ("/daily?date=2023-02-29", 400), ("/daily?date=2024-03-20", 400),
            ("/daily?date=2099-01-01", 400), ("/daily?nation=X", 400), ("/weekly?range=month", 400),
            ("/nowhere", 404),
        ])
    func pageErrors(uri: String, status: Int) async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(uri)
            #expect(response.status.code == status, "\(uri)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.contains(#"<p class="error-message">"#))
            #expect(html.contains("오류 \(status)"))
            #expect(html.contains(#"class="retry-link""#))
            #expect(response.headers[.contentSecurityPolicy] != nil)
        }
    }

    @Test("error messages are HTML-escaped")
    func escaping() async throws {
        try await WebTestSupport.withSampleApp { client in
            let html = try await client.get("/daily?nation=%3Cscript%3E").text
            #expect(!html.contains("<script>"))
            #expect(html.contains("&lt;script&gt;") || html.contains("&lt;SCRIPT&gt;"))
        }
    }

    @Test("the stylesheet is served from the bundle with dark mode and no inline styles needed")
    func stylesheet() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/static/style.css")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(response.text.contains("prefers-color-scheme: dark"))
            #expect(response.text.contains(".change-up"))
            let missing = try await client.get("/static/missing.css")
            #expect(missing.status == .notFound)
        }
    }
}
