import Foundation

/// Audience and sales of Korean, foreign or not-yet-classified films in a period.
public struct PeriodNationShare: Codable, Sendable, Hashable {
    public var nationality: MovieNationality
    public var movies: Int
    public var audience: Int64
    public var sales: Int64
    /// Percent of the period's archived audience (one decimal).
    public var audienceShare: Double
    /// Percent of the period's archived sales (one decimal).
    public var salesShare: Double
}
