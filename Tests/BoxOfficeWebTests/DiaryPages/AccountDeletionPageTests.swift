import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Account page: deleting the account")
struct AccountDeletionPageTests {
    @Test(
        "a wrong password keeps everything; the right one deletes the account, its diary and its tokens, and signs out",
        arguments: DiaryWebBackend.enabled)
    func deletion(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let codes = try await client.sampleMovieCodes()
            let other = try await client.account("other")
            #expect(
                try await client.call(
                    .post, "/api/v1/notes", token: other, json: ["movieCode": codes[0], "watchedOn": "2024-03-01"]
                ).status == .created)

            let browser = PageBrowser(client)
            try await browser.signUp("minji", password: "correct horse")
            try await DiaryPageTestSupport.writeNote(browser, movie: codes[0])
            let token = try #require(
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse"]
                ).jsonObject?["token"] as? String)
            let account = try await browser.get("/account")
            #expect(account.text.contains("Delete account and diary"))
            #expect(account.text.contains("action=\"/account/delete\""))

            let wrong = try await browser.submit(
                on: "/account", to: "/account/delete", [("password", "nope nope"), ("confirm", "yes")])
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("The current password is wrong."), "\(wrong.text.prefix(2000))")
            #expect(try await DiaryPageTestSupport.noteTotal(browser) == 1)
            #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .ok)
            // Without the box ticked, or without the form's token, nothing happens.
            let unconfirmed = try await browser.submit(
                on: "/account", to: "/account/delete", [("password", "correct horse")])
            #expect(unconfirmed.status == .badRequest)
            #expect(unconfirmed.text.contains("Tick the box to confirm. Nothing was deleted."))
            #expect(account.text.contains("name=\"confirm\" value=\"yes\" required"))
            #expect(try await browser.post("/account/delete", [("password", "correct horse")]).status == .forbidden)

            let deleted = try await browser.submit(
                on: "/account", to: "/account/delete", [("password", "correct horse"), ("confirm", "yes")])
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/login?done=deleted")
            #expect(deleted.headers[.setCookie]?.contains("Max-Age=0") == true, "\(deleted.headers)")
            let login = try await browser.get("/login?done=deleted")
            #expect(login.text.contains("Your account and diary were deleted."))
            #expect(login.headers[.xBoxOfficeAccount] == "none")
            // The log-in page names the deleted account (for ten minutes), for the service worker to drop its notes.
            let label = try #require(account.headers[.xBoxOfficeAccount])
            #expect(label.count == 16 && label != "none")
            #expect(login.headers[.xBoxOfficeDeletedAccount] == label, "\(login.headers)")
            #expect(
                try await browser.get("/login").headers[.xBoxOfficeDeletedAccount] == label,
                "not used up by a page the worker may not have seen")
            let cookie = try #require(
                deleted.headers[values: .setCookie].first { $0.hasPrefix(SessionCookies.deletedAccountName + "=") })
            let attributes = PageBrowser.parseSetCookie(cookie).attributes
            #expect(attributes["max-age"] == "600" && attributes["httponly"] != nil && attributes["path"] == "/")
            #expect(try await browser.get("/account").status == .seeOther, "signed out")
            #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .unauthorized)
            #expect(
                try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse"]
                )
                .status == .unauthorized)
            // Another person's diary stays; the name can be taken again, with an empty diary.
            #expect(try await client.noteTotal(other) == 1)
            let again = try await client.account("minji")
            #expect(try await client.noteTotal(again) == 0)
        }
    }

    @Test("the deleted account's label is believed only in its own shape, and only from the cookie")
    func deletedLabelShape() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let cases: [(cookie: String?, query: String, named: String?)] = [
                ("0123456789abcdef", "", "0123456789abcdef"),
                ("0123456789ABCDEF", "", nil), ("0123456789abcde", "", nil), ("<script>alert(1)</script>", "", nil),
                (nil, "?done=deleted&account=0123456789abcdef", nil),
            ]
            for (cookie, query, named) in cases {
                let headers: HTTPFields = cookie.map { [.cookie: "boxoffice_deleted_account=\($0)"] } ?? [:]
                let login = try await client.execute(uri: "/login" + query, method: .get, headers: headers) { $0 }
                #expect(login.status == .ok)
                #expect(login.headers[.xBoxOfficeDeletedAccount] == named, "\(String(describing: cookie))")
            }
        }
    }

    @Test("the password check is counted as a log-in is: five wrong ones, then 429 even for the right one, in Korean")
    func throttled() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let browser = PageBrowser(client, language: "ko")
            try await browser.signUp("minji", password: "correct horse")
            for _ in 0..<5 {
                let wrong = try await browser.submit(
                    on: "/account", to: "/account/delete", [("password", "nope nope"), ("confirm", "yes")])
                #expect(wrong.status == .badRequest)
                #expect(wrong.text.contains("지금 비밀번호가 틀렸습니다."))
            }
            let refused = try await browser.submit(
                on: "/account", to: "/account/delete", [("password", "correct horse"), ("confirm", "yes")])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.text.contains("분 뒤에 다시 해 보세요"), "\(refused.text.prefix(2000))")
            #expect(try await browser.get("/account").status == .ok, "still signed in, nothing deleted")
            // The password change is counted the same way.
            let change = try await browser.submit(
                on: "/account", to: "/account/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "battery staple"),
                    ("newPasswordConfirm", "battery staple"),
                ])
            #expect(change.status == .tooManyRequests)
        }
    }
}
