extension RecordsQuery {
    /// The days the records read, which the archive should hold: from `archiveFrom` (the first day the archive keeps),
    /// or 1 January of `since` or `year` when later, to `yesterday`; with `year`, to the end of the next year (its
    /// films' runs) when that is earlier. `nil` when the span is empty (a year before the archive's first day).
    public func archiveSpan(from archiveFrom: CalendarDate, yesterday: CalendarDate) -> DateRange? {
        var start = archiveFrom
        var end = yesterday
        if let first = (year ?? since).flatMap({ CalendarDate(year: $0, month: 1, day: 1) }), first > start {
            start = first
        }
        if let year, let last = CalendarDate(year: year + 1, month: 12, day: 31), last < end { end = last }
        guard start <= end else { return nil }
        return DateRange(start: start, end: end)
    }
}
