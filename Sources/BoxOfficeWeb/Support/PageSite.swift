import BoxOfficeCore

/// What every page knows about the site it belongs to: whether it shows sample data, and the calendar (today,
/// now). Built once by the composition root.
struct PageSite: Sendable {
    /// Sample mode: the pages say the figures are fictional.
    let isSampleData: Bool
    let calendar: BoxOfficeCalendar
}
