import BoxOfficeCore

// The document's `Figure` made from the core's: every member written, a missing bound as `null` (as the core's own
// JSON writes it).

extension Components.Schemas.Figure: ExplicitNullEncoding {
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
}
