import BoxOfficeCore
import BoxOfficeText

/// A chart as the API's JSON writes it: the chart's own members, and `notice` when it is stale (the API's words, in
/// the command's language).
struct NoticedChart: Encodable {
    let chart: Chart
    let language: Language

    private enum CodingKeys: String, CodingKey { case notice }

    func encode(to encoder: any Encoder) throws {
        try chart.encode(to: encoder)
        guard chart.stale else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReasonText(language).staleChart(because: chart.staleReason), forKey: .notice)
    }
}
