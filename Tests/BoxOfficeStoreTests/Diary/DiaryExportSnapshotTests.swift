import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: an export is one snapshot")
    struct DiaryExportSnapshotTests {
        /// Exports look nothing up.
        struct NoCatalog: DiaryMovieCatalog {
            func movie(code: String) async throws -> Movie { throw BoxOfficeError.notFound(.movie(code: code)) }
            func search(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
                throw BoxOfficeError.notFound(.movie(code: ""))
            }
        }

        static let notes = 1_200
        static let chunk = 100

        /// The ids of a CSV export's records, in order (each record's first field; memos hold line breaks, not CRLF).
        static func ids(_ csv: String) -> [String] {
            csv.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        }

        @Test(
            "notes written, moved and deleted while an export is sent are neither repeated nor dropped, and writers go on",
            arguments: Backend.enabled)
        func writesDuringExport(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let user = try await DiaryStoreFixtures.createUser("exporter", in: repositories)
                let start = CalendarDate("2020-01-01")!
                let written = (0..<Self.notes).map { index in
                    var note = DiaryStoreFixtures.note(
                        String(format: "2019%04d", index), title: "영화 \(index)",
                        watched: start.adding(days: index).isoString)
                    note.createdAt = DiaryStoreFixtures.now.addingTimeInterval(Double(index))
                    return note
                }
                _ = try await notes.importBatch(
                    DiaryImportBatch(
                        categories: [],
                        notes: written.enumerated().map {
                            DiaryImportBatch.Note(line: $0.offset, note: $0.element, categoryName: nil)
                        }),
                    userID: user.id)
                let transfer = DiaryTransferService(
                    categories: repositories.categories, notes: notes, catalog: NoCatalog(),
                    calendar: BoxOfficeCalendar(), settings: .init(exportChunkSize: Self.chunk))

                let export = try await transfer.export(.csv, for: user)
                var pieces = export.chunks.makeAsyncIterator()
                var csv = String(decoding: try #require(try await pieces.next()), as: UTF8.self)
                #expect(Self.ids(csv).count == Self.chunk)

                // Meanwhile: new notes at the end, a note not yet sent moved to the start (it would be dropped), one
                // already sent moved to the end (it would come twice), one not yet sent deleted, one changed.
                for index in 0..<5 {
                    try await notes.createNote(
                        DiaryStoreFixtures.note(
                            "2025000\(index)", watched: start.adding(days: Self.notes + index).isoString),
                        userID: user.id)
                }
                var movedBack = written[Self.notes - 1]
                movedBack.watchedOn = CalendarDate("2019-06-01")!
                #expect(try await notes.updateNote(movedBack, userID: user.id))
                var movedOn = written[0]
                movedOn.watchedOn = start.adding(days: Self.notes + 10)
                #expect(try await notes.updateNote(movedOn, userID: user.id))
                #expect(try await notes.deleteNote(id: written[Self.notes / 2].id, userID: user.id))
                var changed = written[Self.notes / 2 + 1]
                changed.memo = "바뀐 메모"
                #expect(try await notes.updateNote(changed, userID: user.id))

                while let piece = try await pieces.next() { csv += String(decoding: piece, as: UTF8.self) }
                let ids = Self.ids(csv)
                #expect(ids == written.map(\.id.uuidString), "the diary as it stood when the export began")
                #expect(!csv.contains("바뀐 메모"))

                // The next export sees the changes.
                let after = Self.ids(String(decoding: try await transfer.export(.csv, for: user).data(), as: UTF8.self))
                #expect(after.count == Self.notes + 5 - 1)
                #expect(after.first == movedBack.id.uuidString)
                #expect(after.last == movedOn.id.uuidString)
            }
        }

        /// A user with `count` notes, a day apart, and a transfer service that exports them 10 at a time.
        static func exporter(
            _ name: String, notes count: Int, in database: BoxOfficeDatabase
        ) async throws -> (DiaryRepositories, DiaryUser, DiaryTransferService) {
            let repositories = database.diaryRepositories()
            let user = try await DiaryStoreFixtures.createUser(name, in: repositories)
            let start = CalendarDate("2020-01-01")!
            for index in 0..<count {
                try await repositories.notes.createNote(
                    DiaryStoreFixtures.note(
                        String(format: "2019%04d", index), watched: start.adding(days: index).isoString),
                    userID: user.id)
            }
            let transfer = DiaryTransferService(
                categories: repositories.categories, notes: repositories.notes, catalog: NoCatalog(),
                calendar: BoxOfficeCalendar(), settings: .init(exportChunkSize: 10))
            return (repositories, user, transfer)
        }

        @Test("an export abandoned half-way ends its snapshot", arguments: Backend.enabled)
        func abandoned(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let (_, user, transfer) = try await Self.exporter("quitter", notes: 30, in: database)
                // More exports begun and dropped than there are snapshot connections: each must give its back.
                for _ in 0..<6 {
                    let export = try await transfer.export(.json, for: user)
                    var pieces = export.chunks.makeAsyncIterator()
                    #expect(try await pieces.next() != nil)
                }
                let whole = try await transfer.export(.csv, for: user).data()
                #expect(Self.ids(String(decoding: whole, as: UTF8.self)).count == 30)
            }
        }

        @Test(
            "shutting the store down ends an export still being sent, and its connection is closed, not left behind",
            .timeLimit(.minutes(2)), arguments: Backend.enabled)
        func shutdownEndsSnapshots(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let (_, user, transfer) = try await Self.exporter("latecomer", notes: 30, in: database)
                let export = try await transfer.export(.csv, for: user)
                var pieces = export.chunks.makeAsyncIterator()
                #expect(try await pieces.next() != nil)

                // The snapshot is open (two chunks to go). Before, its connection came back after the pool had shut
                // down, and SQLite's was closed on a stopped thread pool: a debug build crashed.
                await database.shutdown()
                await #expect(throws: (any Error).self) {
                    while try await pieces.next() != nil {}
                }
            }
        }

        @Test("one export per person at a time: a second waits for the first to end, another person's does not")
        func onePerPerson() async throws {
            try await TestStore.with(.sqlite) { database, _ in
                let (repositories, user, transfer) = try await Self.exporter("hoarder", notes: 25, in: database)
                let other = try await DiaryStoreFixtures.createUser("neighbour", in: repositories)
                do {
                    let held = try await transfer.export(.csv, for: user)
                    await #expect(throws: DiaryError.exportInProgress) {
                        _ = try await transfer.export(.json, for: user)
                    }
                    #expect(try await transfer.export(.csv, for: other).data().count > 0)
                    var pieces = held.chunks.makeAsyncIterator()
                    #expect(try await pieces.next() != nil)
                }
                // The first was dropped half-way: the person may export again at once. Taken to its end, the next
                // frees the person as its last piece is handed out.
                var pieces = try await transfer.export(.letterboxd, for: user).chunks.makeAsyncIterator()
                while try await pieces.next() != nil {}
                let again = try await transfer.export(.csv, for: user).data()
                #expect(Self.ids(String(decoding: again, as: UTF8.self)).count == 25)
            }
        }

        @Test(
            "as many people as there are snapshot slots export at once, each on a connection of its own; one more waits its turn",
            arguments: Backend.enabled)
        func slots(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let (repositories, first, transfer) = try await Self.exporter("first", notes: 25, in: database)
                var held: [DiaryExport] = []
                // Every slot taken by a download half sent (more notes than a chunk): before slots, an export sent to
                // a loop whose one connection was taken waited 60 s for it, whatever the other loops had free.
                for index in 0..<database.snapshotSlots {
                    var user = first
                    if index > 0 {
                        user = try await DiaryStoreFixtures.createUser("p\(index)", in: repositories)
                        for day in 0..<11 {
                            try await repositories.notes.createNote(
                                DiaryStoreFixtures.note(watched: "2024-03-\(10 + day)"), userID: user.id)
                        }
                    }
                    held.append(try await transfer.export(.csv, for: user))
                }
                // One more person waits until a download ends.
                let late = try await DiaryStoreFixtures.createUser("late", in: repositories)
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: late.id)
                async let waiting = transfer.export(.csv, for: late).data()
                var pieces = held[0].chunks.makeAsyncIterator()
                while try await pieces.next() != nil {}
                #expect(Self.ids(String(decoding: try await waiting, as: UTF8.self)).count == 1)
                for export in held.dropFirst() {
                    #expect(Self.ids(String(decoding: try await export.data(), as: UTF8.self)).count == 11)
                }
            }
        }
    }
}
