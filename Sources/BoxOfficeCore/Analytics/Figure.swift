/// How sure an analytics figure is.
public enum FigureQuality: String, Codable, Sendable, Hashable, CaseIterable {
    /// Known to the unit from KOBIS's own numbers.
    case exact
    /// Somewhere in `low…high`, which contains the truth.
    case range
    /// At least `value`; the truth may be larger.
    case floor
    /// A reasoned guess with no guaranteed bounds.
    case estimate
}

/// A number that says how sure it is: exact, a range containing the truth, a floor (≥), or an estimate.
/// Its JSON is the Contract's `{"value","low","high","quality"}`.
public struct Figure: Codable, Sendable, Hashable {
    /// The figure to show: the exact value, a range's midpoint, the floor, or the estimate.
    public var value: Double
    /// The least it can be (`nil` for a floor or an estimate without bounds).
    public var low: Double?
    /// The most it can be (`nil` when unbounded above).
    public var high: Double?
    public var quality: FigureQuality

    public init(value: Double, low: Double?, high: Double?, quality: FigureQuality) {
        self.value = value
        self.low = low
        self.high = high
        self.quality = quality
    }

    /// A value known exactly.
    public static func exact(_ value: Double) -> Figure {
        Figure(value: value, low: value, high: value, quality: .exact)
    }

    /// The range `low…high` (given in either order), shown as its midpoint; exact when both ends agree.
    public static func range(_ a: Double, _ b: Double) -> Figure {
        let low = Swift.min(a, b)
        let high = Swift.max(a, b)
        if low == high { return .exact(low) }
        return Figure(value: (low + high) / 2, low: low, high: high, quality: .range)
    }

    /// At least `value`.
    public static func floor(_ value: Double) -> Figure {
        Figure(value: value, low: value, high: nil, quality: .floor)
    }

    /// A guess, with bounds when they are known.
    public static func estimate(_ value: Double, low: Double? = nil, high: Double? = nil) -> Figure {
        Figure(value: value, low: low, high: high, quality: .estimate)
    }

    /// Whether `truth` is consistent with the figure: equal when exact, inside a range, at or above a floor.
    public func admits(_ truth: Double, tolerance: Double = 0) -> Bool {
        switch quality {
        case .exact: return Swift.abs(truth - value) <= tolerance
        case .range: return (low ?? -.infinity) - tolerance <= truth && truth <= (high ?? .infinity) + tolerance
        case .floor: return truth + tolerance >= value
        case .estimate: return true
        }
    }

    enum CodingKeys: String, CodingKey { case value, low, high, quality }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        // The Contract names all four members, so a missing bound is an explicit null.
        try container.encode(low, forKey: .low)
        try container.encode(high, forKey: .high)
        try container.encode(quality, forKey: .quality)
    }
}
