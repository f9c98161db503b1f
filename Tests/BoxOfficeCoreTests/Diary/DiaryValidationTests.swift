import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary validation")
struct DiaryValidationTests {
    let today = DiaryFixtures.today

    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as BoxOfficeError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("titles are trimmed; empty, over-long or multi-line titles are refused")
    func titles() throws {
        #expect(try DiaryValidation.title("  기생충 ") == "기생충")
        #expect(message { _ = try DiaryValidation.title("   ") } == "title must not be empty.")
        #expect(
            message { _ = try DiaryValidation.title(String(repeating: "가", count: 301)) }?.contains("at most 300")
                == true)
        #expect(message { _ = try DiaryValidation.title("a\nb") }?.contains("line breaks") == true)
    }

    @Test("watched dates: real days up to today in Seoul; future, impossible and malformed ones are refused")
    func watchedDates() throws {
        #expect(try DiaryValidation.watchedOn("2024-03-20", today: today) == today)
        #expect(try DiaryValidation.watchedOn("2024-02-29", today: today) == DiaryFixtures.date("2024-02-29"))
        let future = message { _ = try DiaryValidation.watchedOn("2024-03-21", today: today) }
        #expect(
            future == "watchedOn \"2024-03-21\" is in the future. The latest day is 2024-03-20.")
        #expect(
            message { _ = try DiaryValidation.watchedOn("2023-02-29", today: today) }
                == "watchedOn \"2023-02-29\" is not a real day.")
        #expect(
            message { _ = try DiaryValidation.watchedOn("2024-13-01", today: today) }
                == "watchedOn \"2024-13-01\" is not a real day.")
        for malformed in ["20240301", "2024-3-1", "yesterday", "", "2024-03-01T00:00"] {
            #expect(
                message { _ = try DiaryValidation.watchedOn(malformed, today: today) }?.hasPrefix(
                    "watchedOn must be a real day as YYYY-MM-DD")
                    == true, "\(malformed)")
        }
        #expect(
            message { _ = try DiaryValidation.watchedOn("1899-12-31", today: today) }?.contains("too early") == true)
    }

    @Test("today is judged in Seoul, whatever the server's zone")
    func todayInSeoul() async throws {
        // 2024-03-20 16:00 UTC is already 2024-03-21 01:00 in Seoul.
        let calendar = BoxOfficeCalendar(now: { Date(timeIntervalSince1970: 1_710_950_400) })
        #expect(try DiaryValidation.watchedOn("2024-03-21", today: calendar.today) == DiaryFixtures.date("2024-03-21"))
    }

    @Test("ratings are half stars from 0.5 to 5")
    func ratings() throws {
        #expect(try DiaryValidation.rating(stars: 4.5).halves == 9)
        #expect(try DiaryValidation.rating(stars: 0.5).halves == 1)
        #expect(try DiaryValidation.rating(stars: 5).description == "5")
        #expect(
            message { _ = try DiaryValidation.rating(stars: 6) } == "rating must be from 0.5 to 5 stars, got \"6\".")
        #expect(
            message { _ = try DiaryValidation.rating(stars: 0) } == "rating must be from 0.5 to 5 stars, got \"0\".")
        #expect(
            message { _ = try DiaryValidation.rating(stars: 0.3) } == "rating must be from 0.5 to 5 stars, got \"0.3\"."
        )
        #expect(
            message { _ = try DiaryValidation.rating(stars: 4.2) }
                == "rating must be in half stars (0.5, 1, 1.5 … 5), got \"4.2\".")
        #expect(message { _ = try DiaryValidation.rating(stars: .nan) }?.contains("from 0.5 to 5") == true)
        #expect(try DiaryValidation.rating(text: "") == nil)
        #expect(try DiaryValidation.rating(text: "3.5")?.halves == 7)
        #expect(
            message { _ = try DiaryValidation.rating(text: "four") }?.contains(
                "must be from 0.5 to 5 stars, got \"four\"") == true)
        #expect(StarRating(stars: 2.25) == nil)
    }

    @Test("memos up to 10,000 characters are kept exactly; a 100 KB memo is refused")
    func memos() throws {
        let memo = " 첫 줄\r\n둘째 줄, \"인용\" =SUM(A1) "
        #expect(try DiaryValidation.memo(memo) == memo)
        #expect(try DiaryValidation.memo(String(repeating: "가", count: 10_000)).count == 10_000)
        let huge = String(repeating: "a", count: 100 * 1024)
        #expect(
            message { _ = try DiaryValidation.memo(huge) }
                == "memo must be at most 10,000 characters long.")
        // PostgreSQL keeps no NUL; SQLite would: refused before either, so both answer the same 400.
        #expect(message { _ = try DiaryValidation.memo("첫 줄\u{0}둘째 줄") } == "memo must not contain a NUL character.")
        #expect(try DiaryValidation.memo("tab\tand\u{7}bell") == "tab\tand\u{7}bell")
    }

    @Test("usernames and passwords")
    func accounts() throws {
        #expect(try DiaryValidation.username(" Min_ji.K ") == "Min_ji.K")
        #expect(DiaryValidation.usernameKey("Min_ji.K") == DiaryValidation.usernameKey("min_JI.k"))
        #expect(try DiaryValidation.username("영화광") == "영화광")
        #expect(message { _ = try DiaryValidation.username("ab") }?.contains("3 to 32") == true)
        #expect(message { _ = try DiaryValidation.username("a b c") }?.contains("only letters") == true)
        #expect(message { try DiaryValidation.newPassword("short") }?.contains("at least 8") == true)
        #expect(
            message { try DiaryValidation.newPassword(String(repeating: "가", count: 25)) }?.contains("72 bytes") == true
        )
        #expect(message { try DiaryValidation.newPassword("abcdefgh\u{0}") }?.contains("control") == true)
        #expect(message { try DiaryValidation.newPassword("correct horse battery") } == nil)
    }

    @Test("categories, places, movie codes")
    func otherFields() throws {
        #expect(try DiaryValidation.categoryName("  스릴러 ") == "스릴러")
        #expect(message { _ = try DiaryValidation.categoryName("") } == "name must not be empty.")
        #expect(
            message { _ = try DiaryValidation.categoryName(String(repeating: "x", count: 51)) }?.contains("at most 50")
                == true)
        #expect(try DiaryValidation.place("Cinema") == .cinema)
        #expect(try DiaryValidation.place("") == nil)
        #expect(message { _ = try DiaryValidation.place("car") } == "place must be cinema or home, got \"car\".")
        #expect(try DiaryValidation.movieCode("2023C109") == "2023C109")
        #expect(message { _ = try DiaryValidation.movieCode("12; DROP") }?.contains("KOBIS movie code") == true)
    }
}

@Suite("Lengths as people count them")
struct DiaryTextLengthTests {
    @Test("one character of endless combining marks is not a short title or memo")
    func combiningMarks() throws {
        let heavy = "a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(heavy.count == 1)
        #expect(throws: BoxOfficeError.invalid("memo", .maximumLength(DiaryValidation.memoLimit))) {
            try DiaryValidation.memo(heavy)
        }
        #expect(throws: BoxOfficeError.invalid("title", .maximumLength(DiaryValidation.titleLimit))) {
            try DiaryValidation.title(heavy)
        }
        // Korean written with combining jamo, and emoji of several scalars, still pass at their limits.
        let jamo = String(repeating: "\u{1100}\u{1161}\u{11A8}", count: DiaryValidation.memoLimit)
        #expect(try DiaryValidation.memo(jamo) == jamo)
        let family = String(repeating: "👨‍👩‍👧", count: DiaryValidation.titleLimit / 2)
        #expect(try DiaryValidation.title(family) == family)
    }
}

@Suite("A file's instants")
struct DiaryInstantTests {
    @Test("creation and change instants fall in 1900–4999; anything else is refused without a trap")
    func instantYears() throws {
        for text in ["1900-01-01T00:00:00Z", "2024-03-09T12:00:00Z", "4999-12-31T23:59:59Z"] {
            try DiaryValidation.instant(try #require(DiaryTime.parse(text)), field: "createdAt")
        }
        for text in ["1899-12-31T23:59:59Z", "5000-01-01T00:00:00Z", "9999-12-31T00:00:00Z"] {
            #expect(throws: BoxOfficeError.self, "\(text)") {
                try DiaryValidation.instant(try #require(DiaryTime.parse(text)), field: "createdAt")
            }
        }
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            #expect(throws: BoxOfficeError.invalid("updatedAt", .year(DiaryValidation.instantYears))) {
                try DiaryValidation.instant(Date(timeIntervalSince1970: seconds), field: "updatedAt")
            }
        }
    }
}

@Suite("Secrets")
struct SecretTokenTests {
    let digester = TestSecretDigester()

    @Test("secrets are 256 random bits behind a prefix, and only their digest is comparable")
    func secrets() {
        let a = SecretToken.generate(prefix: SecretToken.apiTokenPrefix)
        let b = SecretToken.generate(prefix: SecretToken.apiTokenPrefix)
        #expect(a != b)
        #expect(a.hasPrefix("bo_") && a.count == 46)
        #expect(SecretToken.isWellFormed(a, prefix: "bo_"))
        #expect(!SecretToken.isWellFormed(a, prefix: "bs_"))
        #expect(!SecretToken.isWellFormed("bo_short", prefix: "bo_"))
        #expect(!SecretToken.isWellFormed("bo_" + String(repeating: "!", count: 43), prefix: "bo_"))
        #expect(digester.digest(a).count == 64)
        #expect(digester.digest(a) != digester.digest(b))
    }
}
