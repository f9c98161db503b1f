import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import Logging
import Testing

@testable import BoxOfficeWeb

@Suite("Error mapping")
struct ErrorMiddlewareTests {
    static let requestID = HTTPFields.Element.Name("X-Request-ID")!

    @Test("an unexplained error is a 500 with a generic message and the request id, logged at error level")
    func unexpected() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            let api = try await client.get("/api/v1/fail/unexpected", headers: [Self.requestID: "trace-500"])
            #expect(api.status == .internalServerError)
            #expect(api.headers[.contentType] == "application/json; charset=utf-8")
            #expect(api.apiErrorMessage == ErrorStrings.english.unexpected + " (request id trace-500)")
            #expect(!api.text.contains("SELECT"), "internals leaked to the client: \(api.text)")

            let logged = try #require(logs.all.first { $0.message == "unexpected error" })
            #expect(logged.level == .error)
            #expect(logged.metadata["hb.request.id"] == "trace-500")
            #expect(logged.metadata["error.type"]?.hasSuffix("UnexplainedError") == true)
            let detail = try #require(logged.metadata["error"])
            #expect(detail.contains("SELECT * FROM users"), "the log keeps the detail: \(detail)")
            #expect(!detail.contains("secret-url-key"), "URL queries are cut from logged errors: \(detail)")
            #expect(!detail.contains("\n"))
            #expect(logs.requestLines.last?.level == .error)

            let page = try await client.get("/fail/unexpected")
            #expect(page.status == .internalServerError)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains(ErrorStrings.korean.unexpected), "a page without a language speaks Korean")
            #expect(!page.text.contains("SELECT"))
        }
    }

    @Test("a full line of password checks is a 503 with Retry-After, not an error in the log: a flood is handled")
    func busyIsNotAnError() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            for path in ["/api/v1/fail/busy", "/fail/busy"] {
                let answer = try await client.get(path)
                #expect(answer.status == .serviceUnavailable)
                #expect(answer.headers[.retryAfter] == "30")
                #expect(answer.headers[.vary]?.contains("Accept-Language") == true, "\(answer.headers)")
            }
            #expect(logs.requestLines.count == 2)
            #expect(logs.requestLines.allSatisfy { $0.level == .info }, "\(logs.requestLines.map(\.level))")
            #expect(!logs.all.contains { $0.level >= .warning }, "\(logs.all.map(\.message))")
        }
    }

    @Test("a full line of archive questions is 503 with Retry-After in the reader's language, not a warning")
    func questionsBusy() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            for path in ["/api/v1/fail/questions-busy", "/fail/questions-busy"] {
                for (language, words) in [
                    ("ko", "지금은 같은 종류의 요청이 많아 답할 수 없습니다."), ("en", "Too many questions like this one"),
                ] {
                    let answer = try await client.get(path + "?lang=" + language)
                    #expect(answer.status == .serviceUnavailable)
                    #expect(answer.headers[.retryAfter] == "5")
                    #expect(answer.text.contains(words), "\(path) \(answer.text.prefix(300))")
                }
            }
            #expect(!logs.all.contains { $0.level >= .warning }, "\(logs.all.map(\.message))")
        }
    }

    @Test("an import another instance is writing for the person is 429 with Retry-After in the reader's language")
    func importInProgress() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            for path in ["/api/v1/fail/import-running", "/fail/import-running"] {
                for (language, words) in [
                    ("ko", "가져오기가 이미 진행 중입니다."), ("en", "Another import of yours is still running."),
                ] {
                    let answer = try await client.get(path + "?lang=" + language)
                    #expect(answer.status == .tooManyRequests)
                    #expect(answer.headers[.retryAfter] == "30")
                    #expect(answer.text.contains(words), "\(path) \(answer.text.prefix(300))")
                }
            }
            #expect(!logs.all.contains { $0.level >= .warning }, "\(logs.all.map(\.message))")
        }
    }

    @Test("as many imports as the server reads at once: 503 with Retry-After in the reader's language")
    func importsBusy() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            for path in ["/api/v1/fail/imports-busy", "/fail/imports-busy"] {
                for (language, words) in [
                    ("ko", "서버가 다른 사람들의 가져오기를 읽고 있습니다. 30초 뒤에"),
                    ("en", "imports. Try again in 30 seconds."),
                ] {
                    let answer = try await client.get(path + "?lang=" + language)
                    #expect(answer.status == .serviceUnavailable)
                    #expect(answer.headers[.retryAfter] == "30")
                    #expect(answer.text.contains(words), "\(path) \(answer.text.prefix(300))")
                }
            }
            #expect(!logs.all.contains { $0.level >= .warning }, "\(logs.all.map(\.message))")
        }
    }

    @Test("an import's file arriving too slowly: 400 in the reader's language, not logged as a failure")
    func uploadTooSlow() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            for path in ["/api/v1/fail/upload-too-slow", "/fail/upload-too-slow"] {
                for (language, words) in [("ko", "파일이 너무 느리게 올라와(초당 16 KB보다"), ("en", "behind 16 KB a second")] {
                    let answer = try await client.get(path + "?lang=" + language)
                    #expect(answer.status == .badRequest)
                    #expect(answer.text.contains(words), "\(path) \(answer.text.prefix(300))")
                }
            }
            #expect(!logs.all.contains { $0.level >= .warning }, "\(logs.all.map(\.message))")
        }
    }

    @Test("a missing template is an unexpected 500, logged as an error")
    func missingTemplate() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            let page = try await client.get("/fail/template")
            #expect(page.status == .internalServerError)
            #expect(page.text.contains(ErrorStrings.korean.unexpected), "a page without a language speaks Korean")
            let logged = try #require(logs.all.first { $0.message == "unexpected error" })
            #expect(logged.metadata["error"]?.contains("no-such-template") == true)
        }
    }

    @Test("cancellation answers 503, not 500")
    func cancellation() async throws {
        try await OperationsTestSupport.withFailingRoutes { client, logs in
            let api = try await client.get("/api/v1/fail/cancelled")
            #expect(api.status == .serviceUnavailable)
            #expect(api.apiErrorMessage?.contains("cancelled") == true)
            #expect(!logs.all.contains { $0.message == "unexpected error" })
        }
    }

    @Test(
        "a request body that does not decode answers 400 naming the field, as JSON and as a page",
        arguments: [
            (#"{"name": 1, "items": []}"#, "name must be a string"),
            (#"{"items": []}"#, "name is required"),
            (#"{"name": "x", "items": [1, "two"]}"#, "items[1] must be a whole number"),
            ("not json", "not valid JSON"),
        ])
    func decodingErrors(body: String, expected: String) async throws {
        try await OperationsTestSupport.withFailingRoutes { client, _ in
            let api = try await client.execute(
                uri: "/api/v1/fail/decode", method: .post, body: ByteBuffer(string: body)
            ) { $0 }
            #expect(api.status == .badRequest)
            let message = try #require(api.apiErrorMessage, "\(api.text)")
            #expect(message.contains(expected), "\(message)")
            let page = try await client.execute(uri: "/fail/decode", method: .post, body: ByteBuffer(string: body)) {
                $0
            }
            #expect(page.status == .badRequest)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test(
        "a broken database answers 503 with a plain message; the detail goes to the log only",
        .enabled(if: OperationsTestSupport.hasPython3, "needs python3's sqlite3 to break the database from outside"))
    func storageUnavailable() async throws {
        try await OperationsTestSupport.withSampleApp { client, logs, directory in
            let warm = try await client.get("/api/v1/daily?date=2024-03-14")
            #expect(warm.status == .ok)
            // Another process takes the charts table away, as a bad migration or a restored backup could.
            try OperationsTestSupport.runPython3(
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "c.execute('ALTER TABLE charts RENAME TO charts_gone'); c.commit()",
                arguments: [directory.appendingPathComponent("app.sqlite").path])

            let api = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(api.status == .serviceUnavailable, "\(api.text)")
            #expect(api.apiErrorMessage == ReasonText(.english).storageUnavailable)
            let page = try await client.get("/daily?date=2024-03-13")
            #expect(page.status == .serviceUnavailable)
            #expect(page.text.contains(ReasonText(.korean).storageUnavailable))

            let failure = try #require(logs.all.first { $0.message == "request failed" })
            #expect(failure.metadata["error"]?.isEmpty == false)
            #expect(failure.metadata["status"] == "503")
            #expect(logs.requestLines.filter { $0.level == .error }.count == 2)
        }
    }

    @Test("what maps where: driver errors by module, decoding paths, the rest")
    func presentation() {
        struct LocalError: Error {}
        #expect(!ErrorPresentation.isDatabaseDriverError(LocalError()))
        #expect(ErrorPresentation.isDatabaseDriverError(LocalError(), modules: ["BoxOfficeWebTests"]))
        #expect(ErrorPresentation(LocalError()).isUnexpected)
        #expect(ErrorPresentation(LocalError()).status == .internalServerError)
        #expect(ErrorPresentation(CancellationError()).status == .serviceUnavailable)
        #expect(!ErrorPresentation(CancellationError()).isUnexpected)
        // A KOBIS call cancelled with its task says so, not that KOBIS could not be reached.
        for cancelled in [KOBISError.cancelled, BoxOfficeError.upstream(.cancelled)] as [any Error] {
            #expect(ErrorPresentation(cancelled) == ErrorPresentation(CancellationError()), "\(cancelled)")
            #expect(
                ErrorPresentation(cancelled, language: .korean)
                    == ErrorPresentation(CancellationError(), language: .korean))
        }
        #expect(
            ErrorPresentation(BoxOfficeError.storage("SQLite: disk I/O error")).message
                == ReasonText(.english).storageUnavailable)
        #expect(
            ErrorPresentation(HTTPError(.conflict, message: "taken"))
                == ErrorPresentation(status: .conflict, message: "taken"))
        #expect(ErrorPresentation(HTTPError(.methodNotAllowed)).message == "This method is not allowed here.")
    }
}
