import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// What one account keeps (``DiaryLimits``), set small here: each limit answers 400 in the reader's words on the API
/// and the pages, and another person's room is their own.
@Suite("Diary limits: notes, memos, categories, tokens and sessions of one account")
struct DiaryLimitTests {
    static let limits = DiaryLimits(notes: 3, memoCharacters: 12, categories: 2, tokens: 3, sessions: 2)

    static func withApp(
        _ backend: DiaryWebBackend, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            configuration.diaryLimits = limits
            let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let app = try await buildApplication(
                configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
            try await app.test(.live) { client in try await body(client) }
        }
    }

    @Test(
        "the API refuses a note, an import, a category and a token past the limits", arguments: DiaryWebBackend.enabled)
    func api(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend) { client in
            let codes = try await client.sampleMovieCodes()
            try #require(codes.count >= 5)
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            var ids: [String] = []
            for day in 1...3 {
                let made = try await client.call(
                    .post, "/api/v1/notes", token: minji,
                    json: ["movieCode": codes[day], "watchedOn": "2024-03-0\(day)"])
                #expect(made.status == .created, "\(made.text)")
                ids.append(try #require(made.jsonObject?["id"] as? String))
            }
            let fourth = try await client.call(
                .post, "/api/v1/notes", token: minji, json: ["movieCode": codes[4], "watchedOn": "2024-03-04"],
                headers: [.acceptLanguage: "en"])
            #expect(fourth.status == .badRequest, "\(fourth.text)")
            #expect(fourth.apiErrorMessage == "A diary holds at most 3 notes; delete some to add more.")
            let korean = try await client.call(
                .post, "/api/v1/notes", token: minji, json: ["movieCode": codes[4], "watchedOn": "2024-03-04"],
                headers: [.acceptLanguage: "ko"])
            #expect(korean.status == .badRequest)
            #expect(korean.apiErrorMessage?.contains("기록을 3개까지") == true, "\(korean.text)")
            // Another person's diary has its own room.
            let theirs = try await client.call(
                .post, "/api/v1/notes", token: other, json: ["movieCode": codes[4], "watchedOn": "2024-03-04"])
            #expect(theirs.status == .created, "\(theirs.text)")

            // With one deleted, an import of two new notes (and one already there) would pass 3: nothing is added.
            #expect(try await client.call(.delete, "/api/v1/notes/\(ids[0])", token: minji).status == .noContent)
            let csv =
                "movieCode,title,watchedOn\n\(codes[2]),둘째,2024-03-02\n\(codes[0]),새것,2024-03-05\n"
                + "\(codes[4]),또 새것,2024-03-06\n"
            let refused = try await client.call(
                .post, "/api/v1/notes/import?format=csv", token: minji, text: csv, headers: [.acceptLanguage: "en"])
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(
                refused.apiErrorMessage
                    == "A diary holds at most 3 notes: it has 2 and the file adds 2 new ones, so nothing was imported.")
            let listed = try await client.call(.get, "/api/v1/notes", token: minji)
            #expect((listed.jsonObject?["notes"] as? [Any])?.count == 2, "\(listed.text.prefix(300))")
            // One new note fits.
            let fits = "movieCode,title,watchedOn\n\(codes[2]),둘째,2024-03-02\n\(codes[0]),새것,2024-03-05\n"
            let imported = try await client.call(.post, "/api/v1/notes/import?format=csv", token: minji, text: fits)
            #expect(imported.status == .ok, "\(imported.text)")

            for name in ["하나", "둘"] {
                let made = try await client.call(.post, "/api/v1/categories", token: minji, json: ["name": name])
                #expect(made.status == .created, "\(made.text)")
            }
            let third = try await client.call(
                .post, "/api/v1/categories", token: minji, json: ["name": "셋"], headers: [.acceptLanguage: "en"])
            #expect(third.status == .badRequest)
            #expect(
                third.apiErrorMessage
                    == "You can have at most 2 categories; delete one you no longer use, then add this one.")

            // `account` made one token; two more fit.
            for _ in 0..<2 {
                let made = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
                #expect(made.status == .created, "\(made.text)")
            }
            let fourthToken = try await client.call(
                .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"],
                headers: [.acceptLanguage: "ko"])
            #expect(fourthToken.status == .badRequest)
            #expect(fourthToken.apiErrorMessage?.contains("API 토큰은 3개까지") == true, "\(fourthToken.text)")
        }
    }

    @Test(
        "memos stop at their characters together: a new memo, a longer one and an import are refused, a shorter passes",
        arguments: DiaryWebBackend.enabled)
    func memos(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend) { client in
            let codes = try await client.sampleMovieCodes()
            try #require(codes.count >= 4)
            let minji = try await client.account("minji")
            // Ten characters of Korean (30 bytes): the limit counts characters, not bytes.
            let made = try await client.call(
                .post, "/api/v1/notes", token: minji,
                json: ["movieCode": codes[0], "watchedOn": "2024-03-01", "memo": "가나다라마바사아자차"])
            #expect(made.status == .created, "\(made.text)")
            let id = try #require(made.jsonObject?["id"] as? String)
            let past = try await client.call(
                .post, "/api/v1/notes", token: minji,
                json: ["movieCode": codes[1], "watchedOn": "2024-03-02", "memo": "셋은 넘는다"],
                headers: [.acceptLanguage: "en"])
            #expect(past.status == .badRequest, "\(past.text)")
            #expect(
                past.apiErrorMessage
                    == "A diary's memos hold at most 12 characters together; shorten or delete some, then save this again."
            )
            let korean = try await client.call(
                .post, "/api/v1/notes", token: minji,
                json: ["movieCode": codes[1], "watchedOn": "2024-03-02", "memo": "셋은 넘는다"],
                headers: [.acceptLanguage: "ko"])
            #expect(korean.status == .badRequest)
            #expect(korean.apiErrorMessage?.contains("메모는 모두 합해 12자까지") == true, "\(korean.text)")
            // A note without a memo still fits, and two characters more do.
            let bare = try await client.call(
                .post, "/api/v1/notes", token: minji, json: ["movieCode": codes[1], "watchedOn": "2024-03-02"])
            #expect(bare.status == .created, "\(bare.text)")
            let two = try await client.call(
                .post, "/api/v1/notes", token: minji,
                json: ["movieCode": codes[2], "watchedOn": "2024-03-03", "memo": "좋다"])
            #expect(two.status == .created, "\(two.text)")
            // Full: a longer memo is refused, a shorter one passes and makes room.
            let longer = try await client.call(
                .patch, "/api/v1/notes/\(id)", token: minji, json: ["memo": "가나다라마바사아자차카"],
                headers: [.acceptLanguage: "en"])
            #expect(longer.status == .badRequest, "\(longer.text)")
            #expect(longer.apiErrorMessage?.contains("at most 12 characters together") == true)
            let shorter = try await client.call(
                .patch, "/api/v1/notes/\(id)", token: minji, json: ["memo": "가나다"])
            #expect(shorter.status == .ok, "\(shorter.text)")
            // Room for a note (the diary holds 3), 5 characters held: an import adding 11 would pass 12.
            let bareID = try #require(bare.jsonObject?["id"] as? String)
            #expect(try await client.call(.delete, "/api/v1/notes/\(bareID)", token: minji).status == .noContent)
            let csv = "movieCode,title,watchedOn,memo\n\(codes[3]),넷째,2024-03-04,다시 보고 싶은 영화\n"
            let refused = try await client.call(
                .post, "/api/v1/notes/import?format=csv", token: minji, text: csv, headers: [.acceptLanguage: "en"])
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(
                refused.apiErrorMessage
                    == "A diary's memos hold at most 12 characters together: they have 5 and the file's new notes add 11, so nothing was imported.",
                "\(refused.text)")
            let listed = try await client.call(.get, "/api/v1/notes", token: minji)
            #expect((listed.jsonObject?["notes"] as? [Any])?.count == 2, "\(listed.text.prefix(300))")

            // The note form says so in its own words.
            let browser = PageBrowser(client)
            try await browser.signUp("sora", password: "correct horse")
            let csrf = try await browser.sessionCSRF()
            let page = try await browser.post(
                "/notes",
                [
                    ("csrf", csrf), ("movie", codes[0]), ("title", "첫째"), ("watchedOn", "2024-03-01"),
                    ("memo", "열세 글자가 넘는 메모입니다"),
                ])
            #expect(page.status == .badRequest, "\(page.text.prefix(300))")
            #expect(page.text.contains("at most 12 characters together"), "\(page.text.prefix(3000))")
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 0)
        }
    }

    @Test("the pages say so too, and a third sign-in ends one of two sessions", arguments: DiaryWebBackend.enabled)
    func pages(backend: DiaryWebBackend) async throws {
        try await Self.withApp(backend) { client in
            let codes = try await client.sampleMovieCodes()
            try #require(codes.count >= 4)
            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "correct horse")
            let csrf = try await browser.sessionCSRF()
            for day in 1...3 {
                try await DiaryPageTestSupport.writeNote(browser, movie: codes[day - 1], watchedOn: "2024-03-0\(day)")
            }
            let fourth = try await browser.post(
                "/notes", [("csrf", csrf), ("movie", codes[3]), ("title", "넷째"), ("watchedOn", "2024-03-04")])
            #expect(fourth.status == .badRequest, "\(fourth.text.prefix(300))")
            #expect(fourth.text.contains("A diary holds at most 3 notes"), "\(fourth.text.prefix(3000))")
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 3)
            let csv = "movieCode,title,watchedOn\n\(codes[3]),넷째,2024-03-04\n"
            let imported = try await browser.submit(on: "/import-export", [("format", "csv"), ("content", csv)])
            #expect(imported.status == .badRequest, "\(imported.text.prefix(300))")
            #expect(
                imported.text.contains("it has 3 and the file adds 1 new one, so nothing was imported"),
                "\(imported.text.prefix(3000))")
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 3)
            for index in 0..<3 {
                let page = try await browser.submit(on: "/account", to: "/account/tokens", [("name", "t\(index)")])
                #expect(page.status == .ok, "\(index): \(page.text.prefix(300))")
            }
            let tokenRefused = try await browser.submit(on: "/account", to: "/account/tokens", [("name", "more")])
            #expect(tokenRefused.status == .badRequest, "\(tokenRefused.text.prefix(300))")
            #expect(tokenRefused.text.contains("at most 3 API tokens"), "\(tokenRefused.text.prefix(3000))")
            for index in 0...2 {
                let page = try await browser.post("/categories", [("csrf", csrf), ("name", "분류\(index)")])
                if index < 2 {
                    #expect(page.status == .seeOther || page.status == .ok, "\(index): \(page.text.prefix(300))")
                } else {
                    #expect(page.status == .badRequest, "\(page.text.prefix(300))")
                    #expect(page.text.contains("at most 2 categories"), "\(page.text.prefix(3000))")
                    #expect(page.text.contains("class=\"form-errors\""), "on the categories page, by its form")
                    #expect(page.text.contains("분류\(index)"), "the name typed comes back")
                }
            }

            // Sign-up made one session; two more sign-ins leave two of the three signed in.
            var browsers = [browser]
            for _ in 0..<2 {
                let another = PageBrowser(client)
                _ = try await another.submit(on: "/login", [("username", "minji"), ("password", "correct horse")])
                browsers.append(another)
            }
            var signedIn = 0
            for each in browsers where try await each.get("/account").status == .ok { signedIn += 1 }
            #expect(signedIn == 2)
        }
    }
}
