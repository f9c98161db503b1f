/// What happened to a watchlisted film. Raw values are the `kind` of `/api/v1/notifications`.
public enum AlertKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// It opened: its first chart day within 7 days of its opening date, or the opening date reached.
    case opened
    /// A re-release: NEW on the chart with an opening date older than 7 days.
    case back
    /// In the daily top 10.
    case top10
    /// Number 1 on the daily chart.
    case first
    /// Total admissions crossed 1,000,000.
    case million
    /// Total admissions crossed 10,000,000.
    case tenMillion
    /// In the previous day's top 10 and not in this day's.
    case left
}
