import BoxOfficeCore
import Foundation

@testable import BoxOfficeApp

/// The store's notes, with the first look for a note held until a second caller has looked too, so two requests
/// both act on what they saw before either wrote: twins both find nothing and both insert (the store's primary key
/// decides); two changes both read the note as it was. With `readsFirst`, each reads before the rendezvous (so both
/// have surely read the note before either writes); else after it. The first waits at most 120 s for the second.
actor RendezvousNotes: DiaryNoteRepository {
    struct NoTwin: Error {}
    struct NoFilm: Error {}

    let base: any DiaryNoteRepository
    private var arrived = 0
    private var waiting: CheckedContinuation<Void, any Error>?
    private(set) var failedInserts = 0

    let readsFirst: Bool

    init(_ base: any DiaryNoteRepository, readsFirst: Bool = false) {
        self.base = base
        self.readsFirst = readsFirst
    }

    func note(id: UUID, userID: UUID) async throws -> DiaryNote? {
        let read = readsFirst ? try await base.note(id: id, userID: userID) : nil
        arrived += 1
        if arrived == 1 {
            let deadline = Task {
                try await Task.sleep(for: .seconds(120))
                self.release(throwing: NoTwin())
            }
            defer { deadline.cancel() }
            try await withCheckedThrowingContinuation { waiting = $0 }
        } else if arrived == 2 {
            release(throwing: nil)
        }
        return readsFirst ? read : try await base.note(id: id, userID: userID)
    }

    private func release(throwing error: (any Error)?) {
        guard let waiting else { return }
        self.waiting = nil
        if let error { waiting.resume(throwing: error) } else { waiting.resume() }
    }

    func createNote(_ note: DiaryNote, userID: UUID, limits: DiaryLimits) async throws {
        do {
            try await base.createNote(note, userID: userID, limits: limits)
        } catch {
            failedInserts += 1
            throw error
        }
    }

    func noteCount(userID: UUID) async throws -> Int { try await base.noteCount(userID: userID) }
    func updateNote(
        id: UUID, userID: UUID, limits: DiaryLimits, change: @escaping @Sendable (DiaryNote) throws -> DiaryNote
    ) async throws -> DiaryNote? {
        try await base.updateNote(id: id, userID: userID, limits: limits, change: change)
    }
    func deleteNote(id: UUID, userID: UUID) async throws -> Bool { try await base.deleteNote(id: id, userID: userID) }
    func notes(userID: UUID, query: NoteListQuery) async throws -> NotePage {
        try await base.notes(userID: userID, query: query)
    }
    func allNotes(userID: UUID) async throws -> [DiaryNote] { try await base.allNotes(userID: userID) }
    func notes(userID: UUID, after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote] {
        try await base.notes(userID: userID, after: cursor, limit: limit)
    }
    func diaryVersion(userID: UUID) async throws -> Int64 { try await base.diaryVersion(userID: userID) }
    func statisticsCounts(userID: UUID, year: Int?) async throws -> DiaryStatisticsCounts {
        try await base.statisticsCounts(userID: userID, year: year)
    }
    func notes(userID: UUID, key: DiaryNoteKey) async throws -> [DiaryNote] {
        try await base.notes(userID: userID, key: key)
    }
    func importBatch(_ batch: DiaryImportBatch, userID: UUID, limits: DiaryLimits) async throws
        -> DiaryImportOutcome
    {
        try await base.importBatch(batch, userID: userID, limits: limits)
    }
}

extension RendezvousNotes {
    /// A note service like the app's, whose notes go through this gate.
    nonisolated func service(_ services: AppServices) -> DiaryNoteService {
        DiaryNoteService(
            categories: services.database.diaryRepositories().categories, notes: self, catalog: services.movies,
            digester: SHA256SecretDigester(), calendar: services.calendar)
    }

    /// The first film of the settled day's chart, to write notes about.
    static func settledMovieCode(_ services: AppServices) async throws -> String {
        let chart = try await services.charts.chart(
            ChartQuery(kind: .daily, date: CalendarDate(WebTestSupport.settledDate)!))
        guard let code = chart.entries.first?.movieCode else { throw NoFilm() }
        return code
    }
}
