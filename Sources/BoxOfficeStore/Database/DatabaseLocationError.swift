public import Foundation

/// A `DATABASE_URL` that names no database BoxOffice can use. The message is one line, fit for users,
/// and never contains a password.
public struct DatabaseLocationError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what would be right.
    public let message: String

    /// Creates an error with a one-line message.
    public init(_ message: String) {
        self.message = message
    }

    public var errorDescription: String? { message }
    public var description: String { message }

    /// The accepted forms, for messages.
    static let acceptedForms =
        "use sqlite:///absolute/path.sqlite, sqlite://relative/path.sqlite or postgres://user:pass@host:port/db"
}
