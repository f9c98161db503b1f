/// The forms of the account pages as submitted. A field the form did not send reads as `""`, as an empty one does.
enum AccountForms {
    /// `POST /login`.
    struct Login: Sendable, Equatable, Decodable {
        var username: String
        var password: String
        /// Where to go afterwards (checked by ``SafeRedirect`` before use).
        var next: String?

        private enum CodingKeys: String, CodingKey {
            case username, password, next
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.field(.username)
            password = try container.field(.password)
            next = try container.nonEmptyField(.next)
        }
    }

    /// `POST /signup`.
    struct Signup: Sendable, Equatable, Decodable {
        var username: String
        var password: String
        var passwordConfirm: String
        var next: String?

        private enum CodingKeys: String, CodingKey {
            case username, password, passwordConfirm, next
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.field(.username)
            password = try container.field(.password)
            passwordConfirm = try container.field(.passwordConfirm)
            next = try container.nonEmptyField(.next)
        }
    }

    /// `POST /account/password`; with `revokeTokens=yes` (a box ticked) every API token goes too.
    struct PasswordChange: Sendable, Equatable, Decodable {
        var currentPassword: String
        var newPassword: String
        var newPasswordConfirm: String
        var revokeTokens: Bool

        private enum CodingKeys: String, CodingKey {
            case currentPassword, newPassword, newPasswordConfirm, revokeTokens
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            currentPassword = try container.field(.currentPassword)
            newPassword = try container.field(.newPassword)
            newPasswordConfirm = try container.field(.newPasswordConfirm)
            revokeTokens = try container.field(.revokeTokens) == "yes"
        }
    }

    /// `POST /account/delete`: the password, and the box ticked (`confirm=yes`) that says the reader means it.
    struct DeleteAccount: Sendable, Equatable, Decodable {
        var password: String
        var confirmed: Bool

        private enum CodingKeys: String, CodingKey {
            case password, confirm
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            password = try container.field(.password)
            confirmed = try container.field(.confirm) == "yes"
        }
    }

    /// `POST /account/watchlist`: `ask`, `always` or `never` (anything else is a 400).
    struct WatchlistRemoval: Sendable, Equatable, Decodable {
        var removal: String

        private enum CodingKeys: String, CodingKey {
            case removal
        }

        init(from decoder: any Decoder) throws {
            removal = try decoder.container(keyedBy: CodingKeys.self).field(.removal)
        }
    }

    /// `POST /account/tokens`.
    struct NewToken: Sendable, Equatable, Decodable {
        var name: String

        private enum CodingKeys: String, CodingKey {
            case name
        }

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).field(.name)
        }
    }
}
