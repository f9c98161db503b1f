extension FilmRun {
    /// The days behind the run's figures, which the archive should hold: from the opening day (or the first archived
    /// day, a preview, when earlier) to the first run's last archived day, none before `archiveFrom` (the first day
    /// the archive keeps). `nil` when the archive holds no day of the film. A day of it without a stored daily chart
    /// is a gap (the CLI says so); a stored chart without the film is not.
    public func archiveSpan(from archiveFrom: CalendarDate) -> DateRange? {
        guard let first = firstDay, let last = lastDay else { return nil }
        let start = Swift.max(archiveFrom, Swift.min(first, openDate ?? first))
        guard start <= last else { return nil }
        return DateRange(start: start, end: last)
    }
}
