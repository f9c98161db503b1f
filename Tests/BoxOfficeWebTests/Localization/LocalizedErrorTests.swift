import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// Every kind of bad input answers in the reader's language: Korean pages in Korean, English pages in English,
/// JSON errors as `Accept-Language` / `?lang=` ask (English when the request names neither).
@Suite("Errors in the reader's language")
struct LocalizedErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: String
        var path: String
        var status: HTTPResponse.Status
        var korean: String
        var english: String
        var testDescription: String { kind }
    }

    static let pageCases: [Case] = [
        Case(
            kind: "future date", path: "/daily?date=2099-01-01", status: .badRequest,
            korean: "날짜(date) &quot;2099-01-01&quot;: 아직 오지 않은 날입니다. 가장 최근 날짜는 2024-03-19입니다.",
            english: "date &quot;2099-01-01&quot; is in the future. The latest day is 2024-03-19."),
        Case(
            kind: "malformed date", path: "/weekly?date=2024-3-1", status: .badRequest,
            korean: "날짜(date): 2024-03-15처럼 YYYY-MM-DD 형식의 날짜를 적어 주세요.",
            english: "date must be a real day as YYYY-MM-DD, e.g. 2024-03-15, got &quot;2024-3-1&quot;."),
        Case(
            kind: "period", path: "/charts/period?month=2024-13", status: .badRequest,
            korean: "월(month): 2024-03처럼 YYYY-MM 형식의 달을 적어 주세요.",
            english: "month must be a month as YYYY-MM, e.g. 2024-03, got &quot;2024-13&quot;."),
        Case(
            kind: "filter", path: "/daily?date=2024-03-15&nation=X", status: .badRequest,
            korean: "국적(nation): K(한국영화) 또는 F(외국영화) 중 하나여야 합니다.",
            english: "nation must be K (Korean) or F (foreign), got &quot;X&quot;."),
        Case(
            kind: "region", path: "/daily?date=2024-03-15&area=0105999", status: .badRequest,
            korean: "지역(area) &quot;0105999&quot;: KOBIS에 없는 지역 코드입니다.",
            english: "area &quot;0105999&quot; is not a region code KOBIS knows."),
        Case(
            kind: "movie code", path: "/movies/not-a-code!", status: .notFound,
            korean: "&quot;not-a-code!&quot;: KOBIS 영화 코드가 아닙니다.",
            english: "&quot;not-a-code!&quot; is not a KOBIS movie code."),
        Case(
            kind: "search year", path: "/movies?q=a&year=12", status: .badRequest,
            korean: "연도(year): 1900년부터", english: "year must be a year from 1900"),
    ]

    @Test("pages answer bad input in their language", arguments: pageCases)
    func pages(_ item: Case) async throws {
        try await WebTestSupport.withSampleApp { client in
            let korean = try await client.get(item.path)
            #expect(korean.status == item.status)
            #expect(korean.text.contains(item.korean), "\(korean.text.prefix(2000))")
            let separator = item.path.contains("?") ? "&" : "?"
            let english = try await client.get(item.path + separator + "lang=en")
            #expect(english.status == item.status)
            #expect(english.text.contains(item.english), "\(english.text.prefix(2000))")
            let byHeader = try await client.get(item.path, headers: [.acceptLanguage: "en-GB,en;q=0.8"])
            #expect(byHeader.text.contains(item.english))
        }
    }

    @Test("JSON errors follow Accept-Language and ?lang, English when the request names neither")
    func api() async throws {
        try await WebTestSupport.withSampleApp { client in
            let path = "/api/v1/daily?date=2099-01-01"
            let plain = try await client.get(path)
            #expect(plain.status == .badRequest)
            #expect(plain.apiErrorMessage == "date \"2099-01-01\" is in the future. The latest day is 2024-03-19.")
            let korean = try await client.get(path, headers: [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.5"])
            #expect(korean.apiErrorMessage == "날짜(date) \"2099-01-01\": 아직 오지 않은 날입니다. 가장 최근 날짜는 2024-03-19입니다.")
            let asked = try await client.get(path + "&lang=en", headers: [.acceptLanguage: "ko"])
            #expect(asked.apiErrorMessage?.hasPrefix("date \"2099-01-01\" is in the future") == true)
            let unknown = try await client.get("/api/v1/movies?q=a&lang=fr")
            #expect(unknown.status == .badRequest)
            #expect(unknown.apiErrorMessage == "lang must be ko or en, got \"fr\".")
            #expect(try await client.get("/api/v1/movies?q=a&lang=").status == .ok)
            let period = try await client.get("/api/v1/charts/period?year=20x4&lang=ko")
            #expect(period.apiErrorMessage == "연도(year): 2024처럼 네 자리 연도를 적어 주세요. 받은 값: \"20x4\"")
        }
    }

    @Test(
        "diary forms and uploads answer in the page's language", arguments: [("ko", true), ("en", false)])
    func diaryForms(language: String, isKorean: Bool) async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let browser = PageBrowser(client, language: language)
            let refused = try await browser.submit(
                on: "/signup", [("username", "x"), ("password", "correct horse"), ("passwordConfirm", "correct horse")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(isKorean ? "아이디" : "Username"), "\(refused.text.prefix(3000))")
            try await browser.signUp("minji")
            let token = try await browser.sessionCSRF()
            let upload = try await browser.postMultipart(
                "/import-export", [("csrf", token), ("format", "json"), ("content", "")],
                file: ("file", "diary.json", Data("[1, 2]".utf8)))
            #expect(upload.status == .badRequest)
            let expected =
                isKorean
                ? "BoxOffice 일기 JSON 파일이 아닙니다: 파일에 JSON 객체가 있어야 합니다."
                : "This is not a BoxOffice diary JSON file: the file must hold a JSON object."
            #expect(upload.text.contains(expected), "\(upload.text.prefix(3000))")
            let note = try await browser.post(
                "/notes", [("csrf", token), ("movieCode", "x y"), ("title", "t"), ("watchedOn", "2024-03-01")])
            #expect(note.status == .badRequest)
        }
    }
}
