import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    @Suite("Diary store: PostgreSQL plans lists with the statistics of a large import")
    struct DiaryImportPlannerStatisticsTests {
        /// `pg_class.reltuples` of the notes: -1 until the table is first analyzed, then the rows ANALYZE counted.
        static func plannerRows(_ database: BoxOfficeDatabase) async throws -> Double {
            let row = try await database.database.requireSQL()
                .raw("SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = \(bind: DiaryNoteModel.schema)")
                .first()
            return try #require(try row?.decode(column: "rows", as: Double.self))
        }

        @Test(
            "an import of a thousand notes or more analyzes the notes at once; a small one leaves it to autovacuum",
            .enabled(if: TestPostgres.isRequested))
        func analyzedAfterLargeImport() async throws {
            try await TestStore.with(.postgres) { database, _ in
                let repositories = database.diaryRepositories()
                let user = try await DiaryStoreFixtures.createUser("importer", in: repositories)
                func batch(_ count: Int, from first: Int) -> DiaryImportBatch {
                    DiaryImportBatch(
                        categories: [],
                        notes: (first..<(first + count)).map { index in
                            DiaryImportBatch.Note(
                                line: index,
                                note: DiaryStoreFixtures.note(String(format: "2019%04d", index), watched: "2024-01-01"),
                                categoryName: nil)
                        })
                }
                _ = try await repositories.notes.importBatch(batch(10, from: 0), userID: user.id)
                #expect(try await Self.plannerRows(database) < 0, "never analyzed")
                _ = try await repositories.notes.importBatch(
                    batch(FluentDiaryNoteRepository.analyzeAfter, from: 10), userID: user.id)
                #expect(try await Self.plannerRows(database) == Double(FluentDiaryNoteRepository.analyzeAfter + 10))
            }
        }
    }
}
