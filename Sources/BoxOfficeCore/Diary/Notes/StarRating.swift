/// A rating in half stars from 0.5 to 5, kept as a whole number of halves (1–10) so it never
/// drifts through floating point. Encodes as a number of stars (`4.5`).
public struct StarRating: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Half stars, 1…10.
    public let halves: Int

    /// `nil` unless `halves` is 1…10.
    public init?(halves: Int) {
        guard (1...10).contains(halves) else { return nil }
        self.halves = halves
    }

    /// `nil` unless `stars` is 0.5, 1, 1.5 … 5.
    public init?(stars: Double) {
        guard stars.isFinite else { return nil }
        let doubled = stars * 2
        guard doubled == doubled.rounded(), let halves = Int(exactly: doubled) else { return nil }
        self.init(halves: halves)
    }

    /// The rating in stars: 0.5 … 5.
    public var stars: Double { Double(halves) / 2 }

    /// `4.5`, `3` (no trailing `.0`).
    public var description: String { halves % 2 == 0 ? String(halves / 2) : "\(halves / 2).5" }

    public static func < (lhs: StarRating, rhs: StarRating) -> Bool { lhs.halves < rhs.halves }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let stars = try container.decode(Double.self)
        guard let rating = StarRating(stars: stars) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a rating is 0.5 to 5 in half stars, not \(stars)")
        }
        self = rating
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stars)
    }
}
