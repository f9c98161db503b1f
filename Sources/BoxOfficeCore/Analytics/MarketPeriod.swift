/// Reads the period of `/market/days` (`from`/`to`, `month` or `year`) as ``ArchivePeriod`` reads a period chart's,
/// the same way for the web app and the CLI, and holds it to ``maximumDays``.
public enum MarketPeriod {
    /// The most days one answer covers.
    public static let maximumDays = 366

    /// The period the parameters name: as ``ArchivePeriod/range(from:to:month:year:calendar:)``, except that none
    /// names the year holding yesterday, up to yesterday.
    /// - Throws: ``BoxOfficeError/invalid(_:)`` naming the bad value, or a range over ``maximumDays`` days.
    public static func range(
        from: String?, to: String?, month: String?, year: String?, calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError) -> DateRange {
        if from == nil, to == nil, month == nil, year == nil {
            let yesterday = calendar.yesterday
            return DateRange(start: max(yesterday.firstOfYear, calendar.earliestDate), end: yesterday)
        }
        let range = try ArchivePeriod.range(from: from, to: to, month: month, year: year, calendar: calendar)
        guard range.count <= maximumDays else {
            throw .invalid("to", .rangeTooLong(maximumDays: maximumDays), value: to ?? range.end.isoString)
        }
        return range
    }
}
