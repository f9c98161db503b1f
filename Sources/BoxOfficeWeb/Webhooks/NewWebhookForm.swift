import BoxOfficeCore

/// `POST /account/webhooks` as submitted: the URL, one checkbox per alert kind (`event_<kind>`, since a form field
/// sent twice keeps only its last value), and the format.
struct NewWebhookForm: Sendable, Equatable, Decodable {
    var url: String
    var events: [String]
    var format: String?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }

    init(url: String, events: [String], format: String?) {
        self.url = url
        self.events = events
        self.format = format
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        url = try container.field(Key(stringValue: "url"))
        events = try AlertKind.allCases.map(\.rawValue).filter {
            try container.nonEmptyField(Key(stringValue: "event_\($0)")) != nil
        }
        format = try container.nonEmptyField(Key(stringValue: "format"))
    }
}
