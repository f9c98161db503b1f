import BoxOfficeCore
import Foundation
import KOBIS

/// The people whose export this instance is sending: one at a time each, so one account cannot hold every snapshot
/// connection (and make everyone else's export wait) by starting downloads it never finishes.
final class DiaryExportsInProgress: Sendable {
    private let people = Locked([UUID: UUID]())

    /// Marks `userID`'s export as begun; returns what ends it (once, however often it is called).
    ///
    /// - Throws: ``DiaryError/exportInProgress`` when one is already being sent.
    func begin(_ userID: UUID) throws(DiaryError) -> @Sendable () -> Void {
        let mark = UUID()
        let begun = people.withLock { people -> Bool in
            guard people[userID] == nil else { return false }
            people[userID] = mark
            return true
        }
        guard begun else { throw .exportInProgress }
        return { [people] in
            people.withLock { if $0[userID] == mark { $0[userID] = nil } }
        }
    }
}
