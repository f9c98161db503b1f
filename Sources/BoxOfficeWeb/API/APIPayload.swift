import BoxOfficeCore
import Foundation

/// Turns the domain's JSON into the document's generated types: the value is encoded as the API always has (the
/// encoder the CLI's `--format json` shares) and decoded into `Payload`, so a field the document does not describe,
/// or describes otherwise, fails here (a 500 naming the drift) instead of reaching a client.
enum APIPayload {
    static func convert<Payload: Decodable>(_ value: some Encodable, to _: Payload.Type = Payload.self) throws
        -> Payload
    {
        try decoder.decode(Payload.self, from: BoxOfficeJSON.encoder().encode(value))
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
