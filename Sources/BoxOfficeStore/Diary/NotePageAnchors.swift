import BoxOfficeCore
import Foundation
import KOBIS

/// Where numbered pages deep in a long list begin: every `spacing` notes of a list (a person's notes at one diary
/// version, in one order and filter), the cursor of the note before. A page by number then seeks to the nearest
/// anchor at or before it and skips fewer than `spacing` notes, instead of `OFFSET` walking the order's index from
/// the start (page 900 of 50,000 notes skipped 18,000). An anchor costs one walk from the anchor before it, once per
/// diary version; a diary change makes a new key, so an anchor is never stale.
package final class NotePageAnchors: Sendable {
    struct Key: Hashable, Sendable {
        let userID: UUID
        let version: Int64
        let sort: NoteSort
        let filter: NoteFilter
    }

    /// Notes between anchors.
    let spacing: Int
    private let capacity: Int
    private let kept = Locked<[Key: [Int: NoteCursor]]>([:])

    /// Anchors every `spacing` notes, for up to `capacity` lists (then one is dropped for each new one).
    package init(spacing: Int = 1_000, capacity: Int = 1_000) {
        precondition(spacing > 0 && capacity > 0)
        self.spacing = spacing
        self.capacity = capacity
    }

    /// The anchor nearest before or at `offset`, and its offset (0 and no cursor: the start of the list).
    func nearest(_ key: Key, atOrBefore offset: Int) -> (offset: Int, cursor: NoteCursor?) {
        kept.withLock { kept in
            guard let anchors = kept[key], let best = anchors.keys.filter({ $0 <= offset }).max() else {
                return (0, nil)
            }
            return (best, anchors[best])
        }
    }

    /// Keeps the cursor that starts the list's notes at `offset`.
    func keep(_ cursor: NoteCursor, at offset: Int, for key: Key) {
        kept.withLock { kept in
            if kept[key] == nil {
                // A person's older versions of the list will not be asked for again.
                kept = kept.filter { $0.key.userID != key.userID || $0.key.version >= key.version }
                if kept.count >= capacity, let any = kept.keys.first { kept[any] = nil }
            }
            kept[key, default: [:]][offset] = cursor
        }
    }
}
