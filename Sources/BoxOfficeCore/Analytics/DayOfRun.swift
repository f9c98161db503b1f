/// The day of a film's run: its opening day is 1, the day before it 0, previews before that negative.
public enum DayOfRun {
    /// `day`'s number in a run that opened on `openDate`, or `nil` without an open date (KOBIS gave a blank one).
    public static func number(of day: CalendarDate, openDate: CalendarDate?) -> Int? {
        guard let openDate else { return nil }
        return openDate.days(to: day) + 1
    }
}
