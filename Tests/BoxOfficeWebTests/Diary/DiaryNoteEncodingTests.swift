import Foundation
import Testing

@testable import BoxOfficeWeb

/// A note and a page of notes write their fields out by hand (a list answers many, and reflection was most of its
/// cost); they must write exactly what ``ExplicitNullEncoding`` writes: every stored property, `nil` as `null`.
@Suite("Diary API: a note and a page of notes encode every field, nil as null")
struct DiaryNoteEncodingTests {
    static let full = Components.Schemas.DiaryNote(
        id: "6F8EC707-5EA3-402C-A64F-4CDF9D23CE98", movieCode: "20204861", title: "울릉도의 우체부",
        watchedOn: "2024-03-01", memo: "두 번 봐도 좋다.", rating: 4.5, categoryId: "0536C70D-4D85-4127-AAD6-9F15446F5DB5",
        place: .cinema, createdAt: Date(timeIntervalSince1970: 1_709_280_000),
        updatedAt: Date(timeIntervalSince1970: 1_709_290_000),
        releaseYear: 2020, titleEnglish: "Mailman", genres: ["가족", "전쟁"], nations: ["한국"], directors: ["윤민진"],
        chartDate: "2024-02-28", chartRank: 3)
    static let empty = Components.Schemas.DiaryNote(
        id: "74DA9346-E6AE-4C3A-B50F-1CE057D03C14", movieCode: "20204862", title: "x", watchedOn: "2024-03-02",
        memo: "", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0),
        titleEnglish: "", genres: [], nations: [], directors: [])

    @Test("the same JSON as the reflecting encoder, for a full note, an empty one and a page of both")
    func sameAsReflection() throws {
        for note in [Self.full, Self.empty] {
            #expect(try Self.json(note) == (try Self.json(Reflected(note))))
        }
        let emptyJSON = Data(try Self.json(Self.empty).utf8)
        let empty = try #require(try JSONSerialization.jsonObject(with: emptyJSON) as? [String: Any])
        for field in ["rating", "categoryId", "place", "releaseYear", "chartDate", "chartRank"] {
            #expect(empty[field] is NSNull, "\(field) is null")
        }
        #expect(empty.count == Mirror(reflecting: Self.empty).children.count)

        for nextCursor in ["abc", nil] {
            let page = Components.Schemas.DiaryNotePage(
                notes: [Self.full, Self.empty], total: 2, page: 1, perPage: 20, nextCursor: nextCursor)
            let reflected = Reflected(page, nested: { ($0 as? Components.Schemas.DiaryNote).map { Reflected($0) } })
            #expect(try Self.json(page) == (try Self.json(reflected)))
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// The reference: every stored property by reflection, as ``ExplicitNullEncoding`` encodes (notes in a page
/// reflected too).
private struct Reflected: Encodable {
    let value: Any
    var nested: (@Sendable (Any) -> (any Encodable)?)? = nil

    init(_ value: Any, nested: (@Sendable (Any) -> (any Encodable)?)? = nil) {
        self.value = value
        self.nested = nested
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, let field = child.value as? any Encodable else { continue }
            if let nested, let items = child.value as? [Any] {
                try container.encode(items.compactMap(nested).map(AnyEncodable.init), forKey: Name(label))
            } else {
                try container.encode(field, forKey: Name(label))
            }
        }
    }

    private struct AnyEncodable: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }
}
