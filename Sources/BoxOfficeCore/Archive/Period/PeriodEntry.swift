import Foundation

/// One film in a period chart.
public struct PeriodEntry: Codable, Sendable, Hashable {
    public var rank: Int
    public var movieCode: String
    public var title: String
    /// KOBIS's English title when the archive keeps one with the film's nation (``ArchiveService/periodChart(_:limit:)``
    /// fills it).
    public var titleEnglish: String? = nil
    public var openDate: CalendarDate?
    public var nationality: MovieNationality
    /// The representative nation (`한국`, `미국`, …) when the archive knows it.
    public var nation: String?
    /// Audience summed over the period's archived daily charts.
    public var audience: Int64
    public var sales: Int64
    /// Percent of the period's archived audience (one decimal).
    public var audienceShare: Double
    /// Days the film was in the daily top 10.
    public var days: Int
    public var bestRank: Int
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
}
