import BoxOfficeTestSupport
import Foundation
import KOBIS

@testable import BoxOfficeCodecs
@testable import BoxOfficeCore

/// Random diaries for the export and import tests, the same for the same seed: notes in the store's watched order
/// (day, creation, id) with every kind of value the files must carry (quotes, commas, new lines, formulas, Hangul,
/// slashes, absent fields, several viewings of a movie, equal days and instants).
enum DiaryExportFixtures {
    static let texts = [
        "", "좋았다", "=cmd|' /C calc'!A0", "+제목", "-1", "@sum", "\"따옴표\", 쉼표", "둘째 줄\n셋째 줄", "a/b\\c",
        "tab\there", "😀 emoji", "</script><b>", "  spaces  ", "café", "line\r\nbreak",
    ]

    static func diary(
        notes count: Int, seed: UInt64, today: CalendarDate = CalendarDate(year: 2024, month: 3, day: 20)!
    )
        -> (notes: [DiaryNote], categories: [DiaryCategory])
    {
        var random = SplitMix64(seed: seed)
        let categories = (0..<4).map { index in
            DiaryCategory(
                id: UUID(uuid: uuid(&random)), name: ["극장, \"특별\"", "=집", "Drama/Thriller", "볼 것"][index],
                visible: index != 2, position: index, noteCount: 0)
        }
        let codes = (0..<max(1, count / 3)).map { String(format: "2019%04d", $0) }
        var notes: [DiaryNote] = []
        let start = CalendarDate(year: 2015, month: 1, day: 1)!
        let days = max(1, today.daysSinceEpoch - start.daysSinceEpoch)
        for _ in 0..<count {
            let watched = CalendarDate(daysSinceEpoch: start.daysSinceEpoch + Int.random(in: 0..<days, using: &random))
            // Some notes share their creation instant, so the id decides their order.
            let created = Date(timeIntervalSince1970: 1_500_000_000 + Double(Int.random(in: 0..<40, using: &random)))
            let updated = created.addingTimeInterval(Double(Int.random(in: 0..<3, using: &random)) * 0.123)
            let pick = { (random: inout SplitMix64) in texts.randomElement(using: &random)! }
            let title = pick(&random).trimmingCharacters(in: .whitespacesAndNewlines)
            let hasMovie = Bool.random(using: &random)
            notes.append(
                DiaryNote(
                    id: UUID(uuid: uuid(&random)), movieCode: codes.randomElement(using: &random)!,
                    title: title.isEmpty ? "기생충" : title, watchedOn: watched,
                    memo: Bool.random(using: &random) ? pick(&random) : "",
                    rating: StarRating(halves: Int.random(in: 0...10, using: &random)),
                    categoryId: Bool.random(using: &random) ? categories.randomElement(using: &random)!.id : nil,
                    place: [DiaryPlace.cinema, .home, nil].randomElement(using: &random)!,
                    createdAt: DiaryTime.normalized(created), updatedAt: DiaryTime.normalized(updated),
                    movie: hasMovie
                        ? MovieSnapshot(
                            releaseYear: Int.random(in: 1950...2024, using: &random),
                            titleEnglish: Bool.random(using: &random) ? "Parasite, \"the\" film" : "",
                            genres: Array(["드라마", "스릴러", "코미디|SF"].prefix(Int.random(in: 0...3, using: &random))),
                            nations: ["한국", "미국"].shuffled(using: &random),
                            directors: Bool.random(using: &random) ? ["봉준호"] : [])
                        : MovieSnapshot(),
                    chartDate: Bool.random(using: &random) ? watched : nil,
                    chartRank: Bool.random(using: &random) ? Int.random(in: 1...10, using: &random) : nil))
        }
        notes.sort { DiaryNoteCursor(after: $0).precedes($1) }
        return (notes, categories)
    }

    private static func uuid(_ random: inout SplitMix64) -> uuid_t {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }
}

/// The exports as they were written before they streamed (the whole file at once), kept as they were to hold the
/// streamed files to the same bytes.
enum ReferenceDiaryExport {
    static func csv(notes: [DiaryNote], categories: [DiaryCategory]) -> Data {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var text = "\u{FEFF}" + RFC4180.line(DiaryCSVCodec.columns)
        for note in notes {
            text += RFC4180.line([
                note.id.uuidString, note.movieCode, note.title, note.watchedOn.isoString,
                note.rating?.description ?? "", note.place?.rawValue ?? "", note.categoryId.flatMap { names[$0] } ?? "",
                note.memo, DiaryTime.string(note.createdAt), DiaryTime.string(note.updatedAt),
                note.movie.releaseYear.map(String.init) ?? "", note.movie.titleEnglish,
                ListCell.join(note.movie.genres),
                ListCell.join(note.movie.nations), ListCell.join(note.movie.directors), note.chartDate?.isoString ?? "",
                note.chartRank.map(String.init) ?? "",
            ])
        }
        return Data(text.utf8)
    }

    struct ArchivedCategory: Codable {
        var id: UUID
        var name: String
        var visible: Bool?
        var position: Int?
    }

    struct ExportArchive: Encodable {
        var format = "boxoffice-diary"
        var version = 1
        var exportedAt: Date
        var categories: [ArchivedCategory]
        var notes: [DiaryNote]
    }

    static func json(notes: [DiaryNote], categories: [DiaryCategory], exportedAt: Date) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DiaryTime.string(date))
        }
        return try encoder.encode(
            ExportArchive(
                exportedAt: exportedAt,
                categories: categories.map {
                    ArchivedCategory(id: $0.id, name: $0.name, visible: $0.visible, position: $0.position)
                },
                notes: notes))
    }

    static func letterboxd(notes: [DiaryNote], categories: [DiaryCategory]) -> Data {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let chronological = notes.sorted {
            ($0.watchedOn, $0.createdAt.timeIntervalSince1970) < ($1.watchedOn, $1.createdAt.timeIntervalSince1970)
        }
        var seen: Set<String> = []
        var rewatch: Set<UUID> = []
        for note in chronological {
            if !seen.insert(note.movieCode).inserted { rewatch.insert(note.id) }
        }
        var text = RFC4180.line(LetterboxdCodec.columns)
        for note in notes {
            let name =
                note.movie.titleEnglish.trimmingCharacters(in: .whitespaces).isEmpty
                ? note.title : note.movie.titleEnglish
            let tag = note.categoryId.flatMap { names[$0] }?.replacingOccurrences(of: ",", with: " ") ?? ""
            text += RFC4180.line([
                CalendarDate(note.createdAt, in: BoxOfficeCalendar.seoul).isoString, name,
                note.movie.releaseYear.map(String.init) ?? "", "", note.rating?.description ?? "",
                rewatch.contains(note.id) ? "Yes" : "", tag, note.watchedOn.isoString,
            ])
        }
        return Data(text.utf8)
    }
}
