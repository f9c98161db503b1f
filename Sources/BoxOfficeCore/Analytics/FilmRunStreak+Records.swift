extension FilmRun.Streak {
    /// A streak of `days` days at #1 from `start` to `end`, as the kept records store it.
    public init(from start: CalendarDate, to end: CalendarDate, days: Int) {
        self.init(start: start, end: end, days: days)
    }
}
