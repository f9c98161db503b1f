import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary API: deleting the account")
struct AccountDeletionAPITests {
    @Test(
        "a wrong password is 403 and keeps everything; the right one is 204 and the token goes with the account",
        arguments: DiaryWebBackend.enabled)
    func deletion(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let codes = try await client.sampleMovieCodes()
            let minji = try await client.account("minji")
            let other = try await client.account("other")
            for token in [minji, other] {
                let note = try await client.call(
                    .post, "/api/v1/notes", token: token, json: ["movieCode": codes[0], "watchedOn": "2024-03-01"])
                #expect(note.status == .created)
            }
            let anonymous = try await client.call(
                .post, "/api/v1/users/me/delete", json: ["password": "correct horse battery"])
            #expect(anonymous.status == .unauthorized)
            let missing = try await client.call(.post, "/api/v1/users/me/delete", token: minji, json: [:])
            #expect(missing.status == .badRequest, "\(missing.text)")

            let wrong = try await client.call(
                .post, "/api/v1/users/me/delete", token: minji, json: ["password": "nope nope"],
                headers: [.acceptLanguage: "ko"])
            #expect(wrong.status == .forbidden)
            #expect(wrong.apiErrorMessage == "지금 비밀번호가 틀렸습니다.")
            #expect(wrong.headers[.wwwAuthenticate] == nil, "the token itself is fine")
            #expect(try await client.noteTotal(minji) == 1)

            let deleted = try await client.call(
                .post, "/api/v1/users/me/delete", token: minji, json: ["password": "correct horse battery"])
            #expect(deleted.status == .noContent, "\(deleted.text)")
            #expect(try await client.call(.get, "/api/v1/notes", token: minji).status == .unauthorized)
            #expect(try await client.noteTotal(other) == 1)
            let again = try await client.account("minji")
            #expect(try await client.noteTotal(again) == 0)
        }
    }

    @Test("five wrong passwords, then 429 with Retry-After even for the right one")
    func throttled() async throws {
        try await DiaryWebTestSupport.withApp(.sqlite) { client in
            let token = try await client.account("minji")
            for _ in 0..<5 {
                let wrong = try await client.call(
                    .post, "/api/v1/users/me/delete", token: token, json: ["password": "nope nope"])
                #expect(wrong.status == .forbidden)
            }
            let refused = try await client.call(
                .post, "/api/v1/users/me/delete", token: token, json: ["password": "correct horse battery"])
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "").map { (1...900).contains($0) } == true)
            #expect(refused.apiErrorMessage?.hasPrefix("Too many wrong passwords for this username.") == true)
            #expect(try await client.call(.get, "/api/v1/notes", token: token).status == .ok, "nothing was deleted")
        }
    }
}
