public import BoxOfficeCore

/// The colour meaning of a rank change, for views to map to their own colours
/// (Korean convention: rises in red, falls in blue).
public enum RankChangeTone: String, Sendable {
    /// New entry: red.
    case new
    /// Moved up: red.
    case rise
    /// Moved down: blue.
    case fall
    /// No change.
    case steady
}

extension RankChange {
    /// How views colour this change.
    public var tone: RankChangeTone {
        switch self {
        case .new: return .new
        case .up: return .rise
        case .down: return .fall
        case .same: return .steady
        }
    }
}
