public import Foundation

/// What asking for one of a username's log-in slots gave: a slot (the password may be checked), or a refusal with
/// the attempts that hold the window.
public enum LoginSlot: Sendable, Hashable {
    /// The attempt is counted; it stays counted unless ``LoginAttemptRepository/releaseLoginSlot(id:)`` gives it
    /// back (a log-in that succeeded).
    case taken(id: UUID)
    /// The window already holds the limit: the attempts counted in it, oldest first.
    case refused(attempts: [Date])
}
