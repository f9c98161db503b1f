import BoxOfficeCore
import Foundation
import Hummingbird

/// The watchlist pages' forms as submitted.
enum WatchlistForms {
    /// `POST /watchlist`: the film, and where to go back to (a local path; anything else goes to `/watchlist`).
    struct Add: Sendable, Equatable, Decodable {
        var movieCode: String
        var next: String?

        private enum CodingKeys: String, CodingKey {
            case movieCode, next
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            movieCode = try container.field(.movieCode)
            next = try container.nonEmptyField(.next)
        }
    }

    /// `POST /watchlist/{code}/remove` and `POST /notifications/read`: where to go back to; `id`, one alert.
    struct Back: Sendable, Equatable, Decodable {
        var next: String?
        var id: String?

        private enum CodingKeys: String, CodingKey {
            case next, id
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            next = try container.nonEmptyField(.next)
            id = try container.nonEmptyField(.id)
        }
    }

    /// `next` when it is a path on this site (never another host: `//evil` and `/\evil` are refused), else `fallback`.
    static func localPath(_ next: String?, fallback: String) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"), next.count <= 2_000,
            !next.contains(where: { $0.isNewline })
        else { return fallback }
        return next
    }
}
