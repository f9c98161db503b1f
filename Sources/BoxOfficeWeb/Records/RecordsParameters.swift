import BoxOfficeCore
import Hummingbird

/// The query of `/records/{kind}` and `/api/v1/records/{kind}`, read by ``RecordsQuery/parsing(kind:threshold:by:year:nation:since:limit:calendar:)``.
enum RecordsParameters {
    /// Parses and checks the query; throws ``BoxOfficeError`` (a 400) naming the bad value.
    static func query(
        _ kind: RecordKind, _ parameters: Parameters, calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError) -> RecordsQuery {
        try RecordsQuery.parsing(
            kind: kind, threshold: parameters.nonEmpty("threshold"), by: parameters.nonEmpty("by"),
            year: parameters.nonEmpty("year"), nation: parameters.nonEmpty("nation"),
            since: parameters.nonEmpty("since"), limit: parameters.nonEmpty("limit"), calendar: calendar)
    }
}
