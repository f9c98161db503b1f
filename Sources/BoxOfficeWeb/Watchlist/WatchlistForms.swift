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

    /// `POST /watchlist/{code}/remove`: where to go back to.
    struct Back: Sendable, Equatable, Decodable {
        var next: String?

        private enum CodingKeys: String, CodingKey {
            case next
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            next = try container.nonEmptyField(.next)
        }
    }

    /// `next` when ``SafeRedirect`` allows it (a path on this site, never another host however it is spelt), else
    /// `fallback`.
    static func localPath(_ next: String?, fallback: String) -> String {
        SafeRedirect.path(next) ?? fallback
    }

    /// `POST /notifications/read`: one alert (`id`), the alerts a page showed (`ids`, comma-separated, at most
    /// ``NotificationAPIHandler/limit``), or, with neither, every alert.
    struct MarkRead: Sendable, Equatable, Decodable {
        var id: String?
        var ids: String?

        private enum CodingKeys: String, CodingKey {
            case id, ids
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.nonEmptyField(.id)
            ids = try container.nonEmptyField(.ids)
        }
    }
}
