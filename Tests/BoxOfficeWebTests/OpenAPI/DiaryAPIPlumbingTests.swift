import BoxOfficeCore
import Foundation
import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

@Suite("The generated diary API's plumbing")
struct DiaryAPIPlumbingTests {
    @Test("the top-level fields sent as null are told from absent ones; anything but an object has none")
    func nullFields() {
        let object = Data(#"{"rating": null, "memo": "x", "place": {"inner": null}, "categoryId": null}"#.utf8)
        #expect(APIRequestBody.nullFields(in: object) == ["rating", "categoryId"])
        for text in ["[null]", "null", "not json", ""] {
            #expect(APIRequestBody.nullFields(in: Data(text.utf8)).isEmpty, "\(text)")
        }
    }

    @Test("a generated type with required nullable fields writes null for nil, not nothing")
    func explicitNulls() throws {
        let created = Date(timeIntervalSince1970: 1_710_000_000)
        var note = DiaryNote(
            id: UUID(), movieCode: "20124079", title: "제목", watchedOn: CalendarDate("2024-03-01")!,
            createdAt: created)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        func fields(_ note: DiaryNote) throws -> [String: Any] {
            let data = try encoder.encode(Components.Schemas.DiaryNote(note))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let bare = try fields(note)
        for field in ["rating", "categoryId", "place", "releaseYear", "chartDate", "chartRank"] {
            #expect(bare[field] is NSNull, "\(field)")
        }
        #expect(bare["watchedOn"] as? String == "2024-03-01")
        #expect(bare["createdAt"] as? String == "2024-03-09T16:00:00Z")
        note.rating = StarRating(halves: 9)
        note.place = .cinema
        note.chartDate = CalendarDate("2024-02-29")
        let full = try fields(note)
        #expect(full["rating"] as? Double == 4.5)
        #expect(full["place"] as? String == "cinema")
        #expect(full["chartDate"] as? String == "2024-02-29")
        #expect(Set(full.keys) == Set(bare.keys))
    }

    @Test("the document says which operations need a token and which are the diary's")
    func operationsFromTheDocument() throws {
        let document = try OpenAPIDocument.loadFromBundle()
        for id in ["listTokens", "listNotes", "updateNote", "importNotes", "getDiaryStatistics", "deleteCategory"] {
            #expect(document.securedOperationIDs.contains(id), "\(id)")
        }
        for id in ["createUser", "createToken", "getDailyChart", "getMovie"] {
            #expect(!document.securedOperationIDs.contains(id), "\(id)")
        }
        let diary = document.operationIDs(tagged: "diary")
        #expect(diary.isSuperset(of: ["createUser", "createToken", "listNotes", "exportNotes"]))
        #expect(!diary.contains("getDailyChart"))
    }

    @Test("a body is read up to its limit, and past it refused with a 413")
    func bodyLimit() async throws {
        let data = try await APIRequestBodyMiddleware.collect(HTTPBody(Data(repeating: 1, count: 2048)), limit: 2048)
        #expect(data.count == 2048)
        await #expect(throws: WebError.bodyTooLarge(limitKB: 1)) {
            _ = try await APIRequestBodyMiddleware.collect(HTTPBody(Data(repeating: 1, count: 1025)), limit: 1024)
        }
        let unknownLength = HTTPBody(
            AsyncStream { continuation in
                continuation.yield(ArraySlice(repeating: UInt8(1), count: 600))
                continuation.yield(ArraySlice(repeating: UInt8(1), count: 600))
                continuation.finish()
            }, length: .unknown)
        await #expect(throws: WebError.bodyTooLarge(limitKB: 1)) {
            _ = try await APIRequestBodyMiddleware.collect(unknownLength, limit: 1024)
        }
    }

    @Test("deleting a category: notes=uncategorize|delete|move (with to), in any case; a bad to is refused anyway")
    func categoryDeletion() throws {
        #expect(try CategoryDeleteParameters(notes: nil, to: nil).disposition == nil)
        #expect(try CategoryDeleteParameters(notes: "", to: "").disposition == nil)
        #expect(try CategoryDeleteParameters(notes: "Delete", to: nil).disposition == .delete)
        #expect(try CategoryDeleteParameters(notes: "uncategorize", to: nil).disposition == .uncategorize)
        let target = UUID()
        #expect(try CategoryDeleteParameters(notes: "move", to: target.uuidString).disposition == .move(to: target))
        #expect(throws: BoxOfficeError.invalid("to", .required)) {
            try CategoryDeleteParameters(notes: "move", to: nil)
        }
        #expect(throws: BoxOfficeError.invalid("to", .uuid, value: "x")) {
            try CategoryDeleteParameters(notes: nil, to: "x")
        }
        #expect(throws: BoxOfficeError.invalid("notes", .oneOf(["uncategorize", "delete", "move"]), value: "burn")) {
            try CategoryDeleteParameters(notes: "burn", to: nil)
        }
    }
}
