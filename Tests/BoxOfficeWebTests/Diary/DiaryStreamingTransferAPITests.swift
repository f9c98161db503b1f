import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(Generated) import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: streamed exports and imports")
    struct DiaryStreamingTransferAPITests {
        static let notes = 2_500

        /// The CSV's records (each ends with CRLF; a memo's line breaks are LF) without their first field (the id,
        /// which an import into another account replaces), sorted.
        static func recordsWithoutIDs(_ csv: String) -> [Substring] {
            csv.split(separator: "\r\n").map { record in
                record.firstIndex(of: ",").map { record[record.index(after: $0)...] } ?? record
            }.sorted()
        }

        @Test(
            "a large export arrives chunked in every format, the JSON as the API always wrote it, and round-trips through import",
            arguments: DiaryWebBackend.enabled)
        func chunkedRoundTrip(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let source = try await client.account("source")
                let file = DiaryLargeFiles.json(notes: Self.notes)
                let imported = try await client.call(
                    .post, "/api/v1/notes/import?format=json", token: source,
                    text: String(decoding: file, as: UTF8.self))
                #expect(imported.status == .ok, "\(imported.text.prefix(300))")
                #expect(imported.jsonObject?["imported"] as? Int == Self.notes)

                var exports: [String: TestResponse] = [:]
                for format in ["csv", "json", "letterboxd"] {
                    let export = try await client.call(.get, "/api/v1/notes/export?format=\(format)", token: source)
                    #expect(export.status == .ok)
                    #expect(export.headers[.transferEncoding] == "chunked", "\(format)")
                    #expect(export.headers[.contentLength] == nil, "\(format)")
                    #expect(
                        export.headers[.contentType]
                            == (format == "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8"))
                    #expect(export.headers[.cacheControl] == "no-store")
                    exports[format] = export
                }
                let csv = try #require(exports["csv"]?.text)
                #expect(csv.hasPrefix("\u{FEFF}id,movieCode,title,watchedOn"))
                #expect(csv.split(separator: "\r\n").count == Self.notes + 1)
                let letterboxd = try #require(exports["letterboxd"]?.text)
                #expect(letterboxd.split(separator: "\r\n").count == Self.notes + 1)

                // The JSON: valid, every note, and the bytes the generated code wrote when it encoded the file whole.
                let json = Data(try #require(exports["json"]).body.readableBytesView)
                let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                #expect((document["notes"] as? [Any])?.count == Self.notes)
                #expect((document["categories"] as? [Any])?.count == 3)
                let payload = try JSONDecoder().decode(
                    Operations.ExportNotes.Output.Ok.Body.JsonPayload.self, from: json)
                var fields = HTTPFields()
                let whole = try Converter(configuration: BoxOfficeAPI.configuration).setResponseBodyAsJSON(
                    payload, headerFields: &fields, contentType: "application/json; charset=utf-8")
                #expect(try await Data(collecting: whole, upTo: 64 << 20) == json)

                // Imported into another account, the file gives the same diary (ids aside), and not twice.
                let target = try await client.account("target")
                let copied = try await client.call(
                    .post, "/api/v1/notes/import?format=json", token: target,
                    text: String(decoding: json, as: UTF8.self))
                #expect(copied.jsonObject?["imported"] as? Int == Self.notes)
                #expect(copied.jsonObject?["categoriesCreated"] as? [String] == ["극장, \"특별\"", "=집", "Drama/Thriller"])
                let copy = try await client.call(.get, "/api/v1/notes/export?format=csv", token: target)
                #expect(Self.recordsWithoutIDs(copy.text) == Self.recordsWithoutIDs(csv))
                let again = try await client.call(
                    .post, "/api/v1/notes/import?format=json", token: target,
                    text: String(decoding: json, as: UTF8.self))
                #expect(again.jsonObject?["imported"] as? Int == 0)
                #expect(try await client.noteTotal(target) == Self.notes)
            }
        }

        @Test(
            "an import over the old 20,000-row limit is read as it arrives and written whole",
            arguments: DiaryWebBackend.enabled)
        func overTheOldLimit(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let token = try await client.account("many")
                let file = DiaryLargeFiles.json(notes: 20_100)
                let port = try #require(client.port)
                let (status, json) = try await DiaryLargeFiles.post(
                    file, port: port, path: "/api/v1/notes/import?format=json", token: token)
                #expect(status == 200, "\(String(describing: json))")
                let report = try #require(json as? [String: Any])
                #expect(report["rows"] as? Int == 20_100)
                #expect(report["imported"] as? Int == 20_100)
                let (_, list) = try await DiaryLargeFiles.get(port: port, path: "/api/v1/notes", token: token)
                #expect((list as? [String: Any])?["total"] as? Int == 20_100)
            }
        }
    }
}
