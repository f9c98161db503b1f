/// Encodes a generated response type with every property, a `nil` one as `null`.
///
/// The generator's types synthesize `Codable`, which leaves `nil` optionals out, while the document makes fields such
/// as a note's `rating` or `categoryId` required and nullable (and the Contract has always answered `null`). A type
/// that adopts this protocol encodes each stored property under its own name instead; the generated names of the
/// types that adopt it are the document's field names (the diary conformance test checks every answer against the
/// document, no undocumented fields allowed). Reflection is slow, so a type answered many at a time (a note in a list)
/// writes its fields out in an `encode(to:)` of its own instead, held to this encoding by a test.
protocol ExplicitNullEncoding: Encodable {}

extension ExplicitNullEncoding {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldName.self)
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, let value = child.value as? any Encodable else { continue }
            // An optional is encoded as itself, so `nil` becomes `null` instead of being skipped.
            try container.encode(value, forKey: FieldName(stringValue: label))
        }
    }
}

/// A JSON field name.
private struct FieldName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue _: Int) { nil }
}
