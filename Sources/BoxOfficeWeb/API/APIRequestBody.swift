import Foundation

/// What ``APIRequestBodyMiddleware`` learnt of the body of the generated operation now running beyond what its
/// generated type holds: the top-level fields sent as `null`. An absent field and `null` both decode to `nil`, and a
/// `PATCH` tells them apart (absent keeps a value, `null` clears it).
enum APIRequestBody {
    @TaskLocal static var nullFields: Set<String> = []

    /// The top-level fields of the JSON object `data` whose value is `null`; none when `data` is not a JSON object
    /// (the generated decoder then says what is wrong with it).
    static func nullFields(in data: Data) -> Set<String> {
        guard let fields = try? JSONDecoder().decode([String: NullMark].self, from: data) else { return [] }
        return Set(fields.filter(\.value.isNull).keys)
    }

    /// Whether a value is `null`, whatever else it may be.
    private struct NullMark: Decodable {
        var isNull: Bool

        init(from decoder: any Decoder) throws {
            isNull = try decoder.singleValueContainer().decodeNil()
        }
    }
}
