import BoxOfficeCore

// The document's `Figure` made from the core's: every member written, a missing bound as `null` (as the core's own
// JSON writes it).

extension Components.Schemas.Figure {
    init(_ figure: Figure) {
        let quality: QualityPayload =
            switch figure.quality {
            case .exact: .exact
            case .range: .range
            case .floor: .floor
            case .estimate: .estimate
            }
        self.init(value: figure.value, low: figure.low, high: figure.high, quality: quality)
    }

    /// Every member, a missing bound as `null`, as ``ExplicitNullEncoding`` writes them, but member by member: a
    /// year's market answers over a thousand figures, and reflecting over each was a third of `/api/v1/market/days`.
    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(value, forKey: .value)
        try members.encode(low, forKey: .low)
        try members.encode(high, forKey: .high)
        try members.encode(quality, forKey: .quality)
    }
}
