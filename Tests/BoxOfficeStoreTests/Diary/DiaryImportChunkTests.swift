import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// An import commits a chunk of notes at a time, so a big one never holds the store (SQLite's one connection)
    /// from everyone else; another device's changes between chunks are judged as the import goes.
    @Suite("Diary store: imports in chunks")
    struct DiaryImportChunkTests {
        /// What the hook did between the first and second chunk.
        struct Between: Sendable {
            var ownerNotes = 0
            var strangerSaved = false
        }

        static func batch(_ count: Int) -> DiaryImportBatch {
            DiaryImportBatch(
                categories: [.init(name: "가져옴")],
                notes: (0..<count).map { index in
                    DiaryImportBatch.Note(
                        line: index + 2,
                        note: DiaryStoreFixtures.note(
                            String(format: "2023%04d", index), watched: "2023-0\(index % 9 + 1)-01"),
                        categoryName: "가져옴")
                })
        }

        @Test(
            "chunks are committed as they go; a note another device adds meanwhile makes a later row a duplicate",
            arguments: Backend.enabled)
        func betweenChunks(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let plain = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: plain)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: plain)
                let batch = Self.batch(1_200)
                // Row 1,106 (line 1,108), watched on the last of the nine days, is in the last chunk (chunks go in
                // the order watched): the other device notes the same film that day first.
                let later = batch.notes[1_106].note
                let device = DiaryStoreFixtures.note(later.movieCode, watched: later.watchedOn.isoString)
                let between = Locked(Between())
                let repositories = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(),
                    importChunkCommitted: { chunks in
                        guard chunks == 1 else { return }
                        do {
                            // Read and written through the store's own connection: it is free between chunks.
                            let count = try await plain.notes.noteCount(userID: owner.id)
                            try await plain.notes.createNote(DiaryStoreFixtures.note(), userID: stranger.id)
                            try await plain.notes.createNote(device, userID: owner.id)
                            between.withLock {
                                $0.ownerNotes = count
                                $0.strangerSaved = true
                            }
                        } catch {
                            Issue.record("between chunks: \(error)")
                        }
                    })
                let outcome = try await repositories.notes.importBatch(batch, userID: owner.id)
                let seen = between.withLock { $0 }
                #expect(seen.ownerNotes == 500, "the first chunk was committed before the second began")
                #expect(seen.strangerSaved)
                #expect(outcome.duplicateLines == [1_108])
                #expect(outcome.inserted.count == 1_199)
                #expect(outcome.categoriesCreated == ["가져옴"])
                #expect(try await plain.notes.noteCount(userID: owner.id) == 1_200)
                try await DiaryStatisticsStoreTests.expectReference(plain.notes, userID: owner.id, round: 0)
            }
        }

        @Test(
            "a failing chunk takes back the chunks before it, not what another device added meanwhile",
            arguments: Backend.enabled)
        func takeBack(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let plain = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: plain)
                let kept = DiaryStoreFixtures.note("20100001", watched: "2021-05-05")
                try await plain.notes.createNote(kept, userID: owner.id)
                var batch = Self.batch(1_200)
                // The store's CHECK constraint refuses an impossible chart rank in the third chunk (the eighth day).
                batch.notes[1_150].note.chartRank = 5000
                let device = DiaryStoreFixtures.note("20100002", watched: "2022-06-06")
                let firstRun = Locked(true)
                let repositories = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(),
                    importChunkCommitted: { chunks in
                        guard chunks == 2, firstRun.withLock({ $0 }) else { return }
                        firstRun.withLock { $0 = false }
                        do {
                            // The device edits an imported note too: taken back as it stands now.
                            let imported = try await plain.notes.allNotes(userID: owner.id)
                            if var first = imported.first(where: { $0.movieCode == "20230000" }) {
                                first.rating = StarRating(halves: 9)
                                first.movie.genres = ["다큐멘터리"]
                                _ = try await plain.notes.updateNote(first, userID: owner.id)
                            }
                            try await plain.notes.createNote(device, userID: owner.id)
                        } catch {
                            Issue.record("between chunks: \(error)")
                        }
                    })
                await #expect(throws: BoxOfficeError.self) {
                    try await repositories.notes.importBatch(batch, userID: owner.id)
                }
                let left = try await plain.notes.allNotes(userID: owner.id)
                #expect(Set(left.map(\.id)) == [kept.id, device.id])
                #expect(try await plain.categories.categories(userID: owner.id).isEmpty)
                try await DiaryStatisticsStoreTests.expectReference(plain.notes, userID: owner.id, round: 0)
                // The same file, mended, imports whole.
                batch.notes[1_150].note.chartRank = 5
                let again = try await repositories.notes.importBatch(batch, userID: owner.id)
                #expect(again.inserted.count == 1_200)
                try await DiaryStatisticsStoreTests.expectReference(plain.notes, userID: owner.id, round: 1)
            }
        }

        @Test(
            "a category of more notes than a chunk is moved, emptied or deleted whole; an unknown target moves none",
            arguments: Backend.enabled)
        func bigCategory(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                _ = try await repositories.notes.importBatch(Self.batch(1_200), userID: owner.id)
                let categories = repositories.categories
                let first = try #require(try await categories.categories(userID: owner.id).first)
                let second = try await categories.createCategory(
                    id: UUID(), name: "둘째", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                let third = try await categories.createCategory(
                    id: UUID(), name: "셋째", visible: true, userID: owner.id, createdAt: DiaryStoreFixtures.now)
                #expect(first.noteCount == 1_200)

                await #expect(throws: BoxOfficeError.self) {
                    try await categories.deleteCategory(id: first.id, userID: owner.id, notes: .move(to: UUID()))
                }
                #expect(try await categories.category(id: first.id, userID: owner.id)?.noteCount == 1_200)

                #expect(
                    try await categories.deleteCategory(id: first.id, userID: owner.id, notes: .move(to: second.id)))
                var kept = try await categories.categories(userID: owner.id)
                #expect(kept.map(\.id) == [second.id, third.id])
                #expect(kept.map(\.noteCount) == [1_200, 0])
                #expect(kept.map(\.position) == [0, 1])

                #expect(try await categories.deleteCategory(id: second.id, userID: owner.id, notes: .uncategorize))
                #expect(try await repositories.notes.noteCount(userID: owner.id) == 1_200)
                #expect(try await repositories.notes.allNotes(userID: owner.id).allSatisfy { $0.categoryId == nil })

                // Filed again under the last one, then deleted with it: the counts follow.
                for note in try await repositories.notes.allNotes(userID: owner.id).prefix(700) {
                    var note = note
                    note.categoryId = third.id
                    _ = try await repositories.notes.updateNote(note, userID: owner.id)
                }
                #expect(try await categories.deleteCategory(id: third.id, userID: owner.id, notes: .delete))
                kept = try await categories.categories(userID: owner.id)
                #expect(kept.isEmpty)
                #expect(try await repositories.notes.noteCount(userID: owner.id) == 500)
                try await DiaryStatisticsStoreTests.expectReference(repositories.notes, userID: owner.id, round: 0)
            }
        }

        @Test(
            "one import per person at a time on any instance; an account deleted mid-import stops it, nothing kept",
            arguments: Backend.enabled)
        func leaseAndDeletion(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let plain = database.diaryRepositories()
                let owner = try await DiaryStoreFixtures.createUser("owner", in: plain)
                let other = try store.open()
                let outcome: Result<Int, any Error>
                do {
                    // A second instance's import of the same person's, while the first holds its lease between chunks.
                    let elsewhere = other.diaryRepositories()
                    let refused = Locked<(any Error)?>(nil)
                    let holding = database.diaryRepositories(
                        nationOrigin: nil, pageAnchors: NotePageAnchors(),
                        importChunkCommitted: { chunks in
                            guard chunks == 1 else { return }
                            do {
                                _ = try await elsewhere.notes.importBatch(Self.batch(10), userID: owner.id)
                            } catch {
                                refused.withLock { $0 = error }
                            }
                        })
                    let first = try await holding.notes.importBatch(Self.batch(1_200), userID: owner.id)
                    #expect(first.inserted.count == 1_200)
                    #expect(refused.withLock { $0 as? DiaryError } == .importInProgress)
                    // The lease ends with the import: the next one runs (its notes are all duplicates).
                    let again = try await elsewhere.notes.importBatch(Self.batch(10), userID: owner.id)
                    outcome = .success(again.duplicateLines.count)
                } catch {
                    outcome = .failure(error)
                }
                await other.shutdown()
                #expect(try outcome.get() == 10)

                // Deleted (closed) between chunks: the import stops, takes back its chunks, and says who is gone.
                let leaving = try await DiaryStoreFixtures.createUser("leaving", in: plain)
                let deleting = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(),
                    importChunkCommitted: { chunks in
                        guard chunks == 1 else { return }
                        _ = try? await DiaryAccountDeletion.close(id: leaving.id, on: database.database)
                    })
                await #expect(throws: DiaryError.unauthorized(.notSignedIn)) {
                    try await deleting.notes.importBatch(Self.batch(1_200), userID: leaving.id)
                }
                #expect(try await plain.notes.noteCount(userID: leaving.id) == 0)
                #expect(try await plain.users.finishDeletions() == 1)
                #expect(try await plain.users.user(id: leaving.id) == nil)
            }
        }

        @Test(
            "two people importing one file: ids taken since a chunk's read get new ones; both diaries whole",
            arguments: Backend.enabled)
        func sameFileTwoPeople(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let plain = database.diaryRepositories()
                let first = try await DiaryStoreFixtures.createUser("first", in: plain)
                let second = try await DiaryStoreFixtures.createUser("second", in: plain)
                let batch = Self.batch(1_200)
                // The second person imports the whole file while the first is between its first and second chunk.
                let between = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(),
                    importChunkCommitted: { chunks in
                        guard chunks == 1 else { return }
                        do {
                            let outcome = try await plain.notes.importBatch(batch, userID: second.id)
                            #expect(outcome.inserted.count == 1_200)
                        } catch {
                            Issue.record("the second import: \(error)")
                        }
                    })
                let outcome = try await between.notes.importBatch(batch, userID: first.id)
                #expect(outcome.inserted.count == 1_200)
                #expect(outcome.duplicateLines.isEmpty)
                #expect(try await plain.notes.noteCount(userID: first.id) == 1_200)
                #expect(try await plain.notes.noteCount(userID: second.id) == 1_200)
                #expect(try await database.rowCount(of: "diary_notes") == 2_400)

                // The insert itself: an id another note took after the read (PostgreSQL's other transaction) is
                // written under a new one rather than failing the chunk.
                let taken = try #require(try await plain.notes.allNotes(userID: second.id).first)
                var note = DiaryStoreFixtures.note("20990001", watched: "2024-09-09")
                note.id = taken.id
                let written = try await DiaryNoteImport.ChunkMatches.insert(
                    [note, DiaryStoreFixtures.note("20990002", watched: "2024-09-10")], userID: first.id,
                    on: database.database)
                #expect(written.count == 2)
                #expect(written[0].id != taken.id)
                #expect(try await plain.notes.note(id: written[0].id, userID: first.id)?.movieCode == "20990001")
                #expect(try await plain.notes.note(id: taken.id, userID: second.id) == taken)
            }
        }

        @Test(
            "two people importing the same notes at once, their files in opposite orders, both end whole",
            arguments: Backend.enabled)
        func oppositeOrders(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let notes = database.diaryRepositories().notes
                let first = try await DiaryStoreFixtures.createUser("first", in: database.diaryRepositories())
                let second = try await DiaryStoreFixtures.createUser("second", in: database.diaryRepositories())
                // One day: the chunks are the files' own orders, which would wait on each other's ids in a cycle.
                let rows = (0..<400).map { index in
                    DiaryImportBatch.Note(
                        line: index + 2,
                        note: DiaryStoreFixtures.note(String(format: "2015%04d", index), watched: "2015-05-05"),
                        categoryName: nil)
                }
                async let forward = notes.importBatch(DiaryImportBatch(categories: [], notes: rows), userID: first.id)
                async let backward = notes.importBatch(
                    DiaryImportBatch(categories: [], notes: rows.reversed()), userID: second.id)
                #expect(try await forward.inserted.count == 400)
                #expect(try await backward.inserted.count == 400)
                #expect(try await notes.noteCount(userID: first.id) == 400)
                #expect(try await notes.noteCount(userID: second.id) == 400)
            }
        }
    }
}
