public import BoxOfficeCore

/// The words of webhook messages: Korean, then English on the next line (a hook has no reader language; a group
/// chat may hold both). Titles stay as KOBIS writes them.
public struct WebhookText: WebhookWording {
    public init() {}

    public func message(for alert: Alert) -> WebhookMessage {
        let (korean, english) = Self.sentence(alert.kind, title: alert.title)
        return WebhookMessage(
            kind: alert.kind.rawValue, title: korean, text: "\(korean) (\(alert.date.isoString))\n\(english)",
            fields: ["movieCode": alert.movieCode, "title": alert.title, "date": alert.date.isoString])
    }

    public func testMessage() -> WebhookMessage {
        WebhookMessage(
            kind: "test", title: "박스오피스 웹훅 시험",
            text: "박스오피스 웹훅 시험 메시지입니다.\nA test message from BoxOffice's webhook.")
    }

    public func digest(_ chart: Chart) -> WebhookMessage {
        let day = chart.range.start.isoString
        var lines = ["\(day) 일별 박스오피스 · Daily box office"]
        for entry in chart.entries.prefix(10) {
            lines.append(
                "\(entry.rank). \(entry.title) \(Self.change(entry.change)) · "
                    + "\(NumberFormatting.thousands(entry.audience)) / \(NumberFormatting.thousands(entry.audienceTotal))"
            )
        }
        return WebhookMessage(
            kind: "digest", title: "\(day) 박스오피스", text: lines.joined(separator: "\n"), fields: ["date": day])
    }

    static func change(_ change: RankChange) -> String {
        switch change {
        case .new: return "NEW"
        case .up(let steps): return "▲\(steps)"
        case .down(let steps): return "▼\(steps)"
        case .same: return "-"
        }
    }

    static func sentence(_ kind: AlertKind, title: String) -> (korean: String, english: String) {
        switch kind {
        case .opened: return ("\(title) 개봉", "\(title) opened")
        case .back: return ("\(title) 재개봉", "\(title) is back in cinemas")
        case .top10: return ("\(title) 10위 진입", "\(title) is in the top 10")
        case .first: return ("\(title) 1위", "\(title) is number 1")
        case .million: return ("\(title) 관객 100만 돌파", "\(title) passed 1,000,000 admissions")
        case .tenMillion: return ("\(title) 관객 1000만 돌파", "\(title) passed 10,000,000 admissions")
        case .left: return ("\(title) 10위 밖으로", "\(title) left the top 10")
        }
    }
}
