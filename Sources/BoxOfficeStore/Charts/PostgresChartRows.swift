import BoxOfficeCore
import Foundation
import SQLKit

/// How PostgreSQL stores a chart cheaply: its rows as one array per column (15 binds, not 15 a row), and a chart not
/// stored before in one statement with its rows, outside any transaction (a statement is atomic by itself).
///
/// A fill stores some 12,000 charts. Each used to cost PostgreSQL four statements (BEGIN, the chart, its rows,
/// COMMIT), and each statement costs a round trip and both sides about as much CPU as its work.
enum PostgresChartRows {
    /// Stores `chart` and its rows in one statement unless a chart of its key is stored already: returns whether it
    /// did. When it did not, nothing was written, and the caller replaces the stored chart in a transaction.
    static func insertNew(_ chart: Chart, origin: String, mark: Int, on sql: any SQLDatabase) async throws -> Bool {
        let columns = SQLList(FluentChartRepository.chartColumns.map { SQLIdentifier($0) })
        let values = SQLList(FluentChartRepository.chartValues(chart, id: UUID(), origin: origin, mark: mark))
        let inserted: SQLQueryString =
            """
            INSERT INTO charts (\(columns)) VALUES (\(values))
            ON CONFLICT (origin, kind, range_start, filter_key) DO NOTHING RETURNING id
            """
        let statement: SQLQueryString
        if chart.entries.isEmpty {
            statement = inserted
        } else {
            statement = """
                WITH chart AS (\(inserted)), entries AS (\(insertEntries(chartID: SQLRaw("chart.id"))) \
                FROM chart CROSS JOIN \(arrays(chart.entries)))
                SELECT id FROM chart
                """
        }
        return try await sql.raw(statement).first() != nil
    }

    /// Inserts `entries` as the rows of the chart `chartID`.
    static func insert(_ entries: [ChartEntry], chartID: UUID, on sql: any SQLDatabase) async throws {
        guard !entries.isEmpty else { return }
        try await sql.raw("\(insertEntries(chartID: SQLBind(chartID))) FROM \(arrays(entries))").run()
    }

    /// `INSERT … SELECT` of the rows named `e` by ``arrays(_:)``, for the chart `chartID`; the caller adds `FROM`.
    private static func insertEntries(chartID: any SQLExpression) -> SQLQueryString {
        """
        INSERT INTO chart_entries (id, chart_id, rank, change_kind, change_amount, movie_code, title, open_date,
          audience, audience_total, sales, sales_share, sales_total, screens, shows)
        SELECT e.id, \(chartID), e.rank, e.change_kind, e.change_amount, e.movie_code, e.title,
          NULLIF(e.open_date, ''), e.audience, e.audience_total, e.sales, e.sales_share, e.sales_total, e.screens,
          e.shows
        """
    }

    /// The rows as a table `e` of arrays, one per column. A missing open date travels as '' (an array's elements are
    /// not optional here) and is stored as NULL; a chart's open dates are days or nothing, never ''.
    private static func arrays(_ entries: [ChartEntry]) -> SQLQueryString {
        """
        UNNEST(\(bind: entries.map { _ in UUID() })::uuid[], \(bind: entries.map { Int64($0.rank) })::bigint[],
          \(bind: entries.map(\.change.kindName))::text[], \(bind: entries.map { Int64($0.change.amount) })::bigint[],
          \(bind: entries.map(\.movieCode))::text[], \(bind: entries.map(\.title))::text[],
          \(bind: entries.map { $0.openDate?.isoString ?? "" })::text[], \(bind: entries.map(\.audience))::bigint[],
          \(bind: entries.map(\.audienceTotal))::bigint[], \(bind: entries.map(\.sales))::bigint[],
          \(bind: entries.map(\.salesShare))::float8[], \(bind: entries.map(\.salesTotal))::bigint[],
          \(bind: entries.map { Int64($0.screens) })::bigint[], \(bind: entries.map { Int64($0.shows) })::bigint[])
          AS e(id, rank, change_kind, change_amount, movie_code, title, open_date, audience, audience_total, sales,
            sales_share, sales_total, screens, shows)
        """
    }
}
