import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: one export per person at a time")
    struct DiaryExportLimitAPITests {
        @Test(
            "while a person's export is being sent, another answers 429 with Retry-After in their language; then it works",
            arguments: DiaryWebBackend.enabled)
        func secondExportWaits(backend: DiaryWebBackend) async throws {
            try await AdminTestSupport.withApp(backend) { app in
                let user = try await app.services.diaryAccounts.signUp(
                    username: "minji", password: "correct horse battery")
                let login = try await app.client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
                let token = try #require(login.jsonObject?["token"] as? String)
                // More notes than an export reads at a time, so the export below stays open after its first chunk.
                let chunk = app.services.diaryTransfer.settings.exportChunkSize
                let imported = try await app.client.call(
                    .post, "/api/v1/notes/import?format=json", token: token,
                    text: String(decoding: DiaryLargeFiles.json(notes: chunk + 20), as: UTF8.self))
                #expect(imported.status == .ok, "\(imported.text.prefix(300))")

                // A download half sent: its first piece taken, the rest not.
                var held = try await app.services.diaryTransfer.export(.csv, for: user).chunks.makeAsyncIterator()
                #expect(try await held.next() != nil)
                for (language, words) in [("ko", "내보내기가 아직 진행 중"), ("en", "still being sent")] {
                    let refused = try await app.client.call(
                        .get, "/api/v1/notes/export?format=json", token: token, headers: [.acceptLanguage: language])
                    #expect(refused.status == .tooManyRequests)
                    #expect(refused.headers[.retryAfter].flatMap { Int($0) } == 10)
                    #expect(refused.apiErrorMessage?.contains(words) == true, "\(refused.text)")
                }
                // Another person exports meanwhile.
                let other = try await app.client.account("jisoo")
                #expect(try await app.client.call(.get, "/api/v1/notes/export?format=csv", token: other).status == .ok)

                // The first one sent to its end, the person exports again, whole.
                while try await held.next() != nil {}
                let again = try await app.client.call(.get, "/api/v1/notes/export?format=csv", token: token)
                #expect(again.status == .ok)
                #expect(again.text.split(separator: "\r\n").count == chunk + 20 + 1)
            }
        }
    }
}
