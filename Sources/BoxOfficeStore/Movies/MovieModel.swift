import FluentKit
import Foundation

/// A row of `movies`: a movie's details as JSON, with a few columns pulled out for queries.
final class MovieModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "movies"

    @ID(key: .id) var id: UUID?
    @Field(key: "origin") var origin: String
    /// The KOBIS `movieCd` (opaque text).
    @Field(key: "code") var code: String
    @Field(key: "title") var title: String
    /// `YYYY-MM-DD`.
    @OptionalField(key: "open_date") var openDate: String?
    @OptionalField(key: "production_year") var productionYear: Int?
    @Field(key: "fetched_at") var fetchedAt: Date
    /// The JSON-encoded `Movie`.
    @Field(key: "payload") var payload: String

    init() {}
}
