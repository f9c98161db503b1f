import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary service: accounts, tokens, sessions")
struct DiaryAccountServiceTests {
    @Test("sign-up refuses taken names whatever their case; log-in checks the password")
    func signUpAndLogIn() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user("MinJi")
        #expect(user.username == "MinJi")
        await #expect(throws: DiaryError.conflict(.usernameTaken("minji"))) {
            try await harness.service.signUp(username: "minji", password: "another password")
        }
        #expect(try await harness.service.logIn(username: "MINJI", password: "correct horse") == user)
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.service.logIn(username: "minji", password: "wrong horse")
        }
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.service.logIn(username: "nobody", password: "correct horse")
        }
    }

    @Test("five failures within 15 minutes lock the username, with the time until it reopens")
    func throttling() async throws {
        let harness = DiaryHarness()
        _ = try await harness.user("minji")
        for _ in 0..<5 {
            await #expect(throws: DiaryError.self) {
                try await harness.service.logIn(username: "minji", password: "nope nope")
            }
            harness.clock.advance(60)
        }
        // The first failure was 5 minutes ago: logins reopen in 10 minutes, even with the right password.
        do {
            _ = try await harness.service.logIn(username: "minji", password: "correct horse")
            Issue.record("expected a refusal")
        } catch let error as DiaryError {
            #expect(error == .tooManyAttempts(retryAfterSeconds: 600))
            #expect(error.message.contains("10 minutes"))
            #expect(error.message(in: .korean).contains("10분 뒤"))
        }
        // Another username is not affected.
        _ = try await harness.service.signUp(username: "jisoo", password: "correct horse")
        _ = try await harness.service.logIn(username: "jisoo", password: "correct horse")
        harness.clock.advance(600)
        _ = try await harness.service.logIn(username: "minji", password: "correct horse")
        // A success clears the count.
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.service.logIn(username: "minji", password: "nope nope")
        }
    }

    @Test("API tokens: only the digest is stored; malformed, unknown and revoked tokens identify nobody")
    func tokens() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let issued = try await harness.service.issueToken(for: user, name: "  script ")
        #expect(issued.token.name == "script")
        #expect(await harness.store.storedTokenHashes == [TestSecretDigester().digest(issued.secret)])
        #expect(try await harness.service.authenticate(apiToken: issued.secret) == user)
        #expect(try await harness.service.tokens(for: user).first?.lastUsedAt != nil)
        #expect(try await harness.service.authenticate(apiToken: "bo_nonsense") == nil)
        #expect(try await harness.service.authenticate(apiToken: SecretToken.generate(prefix: "bo_")) == nil)
        let other = try await harness.user("jisoo")
        await #expect(throws: DiaryError.notFound(.apiToken(issued.token.id.uuidString))) {
            try await harness.service.revokeToken(id: issued.token.id, for: other)
        }
        try await harness.service.revokeToken(id: issued.token.id, for: user)
        #expect(try await harness.service.authenticate(apiToken: issued.secret) == nil)
    }

    @Test("sessions expire, slide when used late in life, and end on logout and password change")
    func sessions() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let issued = try await harness.service.startSession(for: user)
        #expect(issued.cookieValue.hasPrefix("bs_"))
        #expect(issued.session.csrfToken.count == 43)
        #expect(try await harness.service.session(cookieValue: issued.cookieValue)?.user == user)
        harness.clock.advance(10 * 86_400)
        let extended = try #require(try await harness.service.session(cookieValue: issued.cookieValue))
        #expect(extended.expiresAt == DiaryTime.normalized(harness.clock.now.addingTimeInterval(14 * 86_400)))
        harness.clock.advance(15 * 86_400)
        #expect(try await harness.service.session(cookieValue: issued.cookieValue) == nil)

        let second = try await harness.service.startSession(for: user)
        try await harness.service.endSession(cookieValue: second.cookieValue)
        #expect(try await harness.service.session(cookieValue: second.cookieValue) == nil)

        let third = try await harness.service.startSession(for: user)
        await #expect(throws: DiaryError.unauthorized(.wrongCurrentPassword)) {
            try await harness.service.changePassword(for: user, current: "wrong", new: "new password 1")
        }
        try await harness.service.changePassword(for: user, current: "correct horse", new: "new password 1")
        #expect(try await harness.service.session(cookieValue: third.cookieValue) == nil)
        _ = try await harness.service.logIn(username: user.username, password: "new password 1")
    }

    @Test("purging removes expired sessions and failed logins older than the window, nothing live")
    func purge() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let old = try await harness.service.startSession(for: user)
        _ = try? await harness.service.logIn(username: "ghost", password: "wrong one")
        harness.clock.advance(10 * 86_400)
        let live = try await harness.service.startSession(for: user)
        harness.clock.advance(5 * 86_400)
        _ = try? await harness.service.logIn(username: "minji", password: "wrong two")
        #expect(try await harness.service.purgeExpired() == DiaryService.PurgeResult(sessions: 1, loginAttempts: 1))
        #expect(try await harness.service.purgeExpired() == DiaryService.PurgeResult(sessions: 0, loginAttempts: 0))
        #expect(try await harness.service.session(cookieValue: old.cookieValue) == nil)
        #expect(try await harness.service.session(cookieValue: live.cookieValue)?.user == user)
        // The recent failure still counts towards the limit.
        for _ in 0..<4 { _ = try? await harness.service.logIn(username: "minji", password: "wrong") }
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await harness.service.logIn(username: "minji", password: "correct horse")
        }
    }

    @Test("every diary error has an English message for the API and a Korean one for the pages")
    func errorMessages() {
        let cases: [(DiaryError, english: String, korean: String)] = [
            (.unauthorized(.wrongCredentials), "Wrong username or password.", "아이디 또는 비밀번호가 틀렸습니다."),
            (.unauthorized(.wrongCurrentPassword), "The current password is wrong.", "지금 비밀번호가 틀렸습니다."),
            (
                .unauthorized(.missingToken),
                "This route needs an API token: send \"Authorization: Bearer <token>\" (create one with POST /api/v1/tokens).",
                "이 경로에는 API 토큰이 필요합니다. \"Authorization: Bearer <토큰>\"을 보내세요 (토큰은 POST /api/v1/tokens 로 만듭니다)."
            ),
            (
                .unauthorized(.invalidToken), "The API token is invalid or has been revoked.",
                "API 토큰이 올바르지 않거나 폐기되었습니다."
            ),
            (.unauthorized(.notSignedIn), "Log in to see your diary.", "일기를 보려면 로그인해 주세요."),
            (.conflict(.usernameTaken("MinJi")), "The username \"MinJi\" is taken.", "‘MinJi’ 아이디는 이미 쓰이고 있습니다."),
            (.conflict(.categoryNameTaken("스릴러")), "You already have a category named \"스릴러\".", "‘스릴러’ 분류가 이미 있습니다."),
            (
                .conflict(.categoryHasNotes(name: "드라마", count: 1_234)),
                "The category \"드라마\" has 1,234 notes: say whether to keep them without a category, move them to another category, or delete them.",
                "‘드라마’ 분류에 기록 1,234개가 있습니다. 기록을 분류 없이 남길지, 다른 분류로 옮길지, 함께 지울지 정해 주세요."
            ),
            (
                .tooManyAttempts(retryAfterSeconds: 61),
                "Too many failed logins for this username. Try again in 2 minutes.",
                "이 아이디로 로그인에 너무 많이 실패했습니다. 2분 뒤에 다시 해 보세요."
            ),
            (
                .tooManyAttempts(retryAfterSeconds: 5),
                "Too many failed logins for this username. Try again in 1 minute.",
                "이 아이디로 로그인에 너무 많이 실패했습니다. 1분 뒤에 다시 해 보세요."
            ),
            (.notFound(.note("abc")), "You have no note with id abc.", "ID가 abc인 기록이 없습니다."),
            (.notFound(.category("abc")), "You have no category with id abc.", "ID가 abc인 분류가 없습니다."),
            (.notFound(.apiToken("abc")), "You have no API token with id abc.", "ID가 abc인 API 토큰이 없습니다."),
        ]
        for (error, english, korean) in cases {
            #expect(error.message == english)
            #expect(error.message(in: .english) == english)
            #expect(error.message(in: .korean) == korean)
        }
        // An id from the address is cut short in the message.
        #expect(DiaryError.notFound(.note(String(repeating: "x", count: 500))).message.count < 100)
    }
}

@Suite("Diary service: notes and categories")
struct DiaryNoteServiceTests {
    @Test("a note copies the movie from KOBIS; an exact duplicate is saved with a warning, a rewatch without")
    func createNote() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let first = try await harness.service.createNote(
            NoteDraft(
                movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01"), rating: StarRating(stars: 4.5)),
            for: user)
        #expect(first.note.title == "기생충")
        #expect(first.note.movie.genres == ["드라마", "스릴러"])
        #expect(first.note.movie.releaseYear == 2019)
        #expect(first.warnings.isEmpty)
        let duplicate = try await harness.service.createNote(
            NoteDraft(movieCode: "20190001", title: "기생충 (다시)", watchedOn: DiaryFixtures.date("2024-03-01")), for: user)
        #expect(duplicate.duplicates.map(\.id) == [first.note.id])
        #expect(duplicate.warnings == ["You already have a note about 기생충 (다시) watched on 2024-03-01."])
        let rewatch = try await harness.service.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-02")), for: user)
        #expect(rewatch.warnings.isEmpty)
    }

    @Test("bad notes are refused before anything is stored")
    func badNotes() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let other = try await harness.user("jisoo")
        let theirs = try await harness.service.createCategory(name: "남의 것", for: other)
        let cases: [(NoteDraft, String)] = [
            (
                NoteDraft(movieCode: "00000000", watchedOn: DiaryFixtures.today),
                "movieCode: KOBIS has no movie with code 00000000."
            ),
            (NoteDraft(movieCode: "20190001", title: " ", watchedOn: DiaryFixtures.today), "title must not be empty."),
            (NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today.adding(days: 1)), "is in the future"),
            (
                NoteDraft(
                    movieCode: "20190001", watchedOn: DiaryFixtures.today, memo: String(repeating: "x", count: 10_001)),
                "memo must be at most"
            ),
            (
                NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today, categoryId: theirs.id),
                "you have no category"
            ),
        ]
        for (draft, expected) in cases {
            do {
                _ = try await harness.service.createNote(draft, for: user)
                Issue.record("accepted \(draft)")
            } catch let error as BoxOfficeError {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        #expect(try await harness.service.notes(NoteListQuery(), for: user).total == 0)
    }

    @Test("another user's notes and categories do not exist")
    func scoping() async throws {
        let harness = DiaryHarness()
        let owner = try await harness.user()
        let stranger = try await harness.user("jisoo")
        let note = try await harness.service.createNote(
            NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today), for: owner
        ).note
        let category = try await harness.service.createCategory(name: "스릴러", for: owner)
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.service.note(id: note.id, for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.service.updateNote(id: note.id, changes: NoteChanges(memo: "mine"), for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.note(note.id.uuidString))) {
            try await harness.service.deleteNote(id: note.id, for: stranger)
        }
        await #expect(throws: DiaryError.notFound(.category(category.id.uuidString))) {
            try await harness.service.deleteCategory(id: category.id, notes: .delete, for: stranger)
        }
        #expect(try await harness.service.notes(NoteListQuery(), for: stranger).total == 0)
        #expect(try await harness.service.note(id: note.id, for: owner).memo == "")
    }

    @Test("deleting a category with notes needs a decision")
    func deleteCategory() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let thriller = try await harness.service.createCategory(name: "스릴러", for: user)
        let drama = try await harness.service.createCategory(name: "드라마", for: user)
        var draft = NoteDraft(movieCode: "20190001", watchedOn: DiaryFixtures.today)
        draft.categoryId = thriller.id
        let note = try await harness.service.createNote(draft, for: user).note
        await #expect(throws: DiaryError.conflict(.categoryHasNotes(name: "스릴러", count: 1))) {
            try await harness.service.deleteCategory(id: thriller.id, notes: nil, for: user)
        }
        await #expect(throws: BoxOfficeError.self) {
            try await harness.service.deleteCategory(id: thriller.id, notes: .move(to: thriller.id), for: user)
        }
        try await harness.service.deleteCategory(id: thriller.id, notes: .move(to: drama.id), for: user)
        #expect(try await harness.service.note(id: note.id, for: user).categoryId == drama.id)
        try await harness.service.deleteCategory(id: drama.id, notes: .uncategorize, for: user)
        #expect(try await harness.service.note(id: note.id, for: user).categoryId == nil)
    }
}

@Suite("Diary service: import")
struct DiaryImportServiceTests {
    static let letterboxd = """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2024-03-02,Parasite,2019,https://boxd.it/a,4.5,,Thriller,2024-03-01
        2024-03-03,Parasite,2019,https://boxd.it/a,5,Yes,thriller,2024-03-03
        2024-03-04,Dune: Part Two,2024,https://boxd.it/b,4,,,2024-03-04
        2024-03-05,Alien,,https://boxd.it/c,3,,,2024-03-05
        2024-03-06,Minari,2020,https://boxd.it/d,,,,2024-03-06
        2024-03-07,Never Shown Here,2020,https://boxd.it/e,,,,2024-03-07
        2024-03-08,Alien,1979,https://boxd.it/f,2,,,2024-03-08
        2024-03-09,Bad,2020,https://boxd.it/g,9,,,2024-03-09
        """

    @Test(
        "Letterboxd rows are matched by title and year, each title searched once; a re-import adds nothing and searches nothing"
    )
    func letterboxd() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let report = try await harness.service.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(report.rows == 8)
        #expect(report.imported == 5)
        #expect(report.categoriesCreated == ["Thriller"])
        #expect(report.skipped.map(\.row) == [5, 7, 9])
        #expect(report.skipped[0].reason.text.contains("several KOBIS movies are titled \"Alien\""))
        #expect(report.skipped[1].reason.text.contains("no KOBIS movie is titled \"Never Shown Here\" (2020)"))
        #expect(report.skipped[2].reason.text.contains("Rating"))
        // Parasite, Dune, Alien, Minari (+ its year-less retry), Never Shown Here (+ retry), Alien 1979.
        #expect(report.kobisSearches == 8)
        let notes = try await harness.service.export(.json, for: user)
        let page = try await harness.service.notes(
            NoteListQuery(sort: NoteSort(.watchedOn, ascending: true)), for: user)
        #expect(page.notes.map(\.movieCode) == ["20190001", "20190001", "20230002", "20200007", "19790006"])
        #expect(page.notes[0].title == "Parasite")
        #expect(page.notes[0].movie.nations == ["한국"])
        #expect(page.notes[0].categoryId != nil && page.notes[0].categoryId == page.notes[1].categoryId)
        #expect(!notes.data.isEmpty)

        let before = harness.catalog.searches
        let again = try await harness.service.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(again.imported == 0)
        #expect(again.skipped.filter { $0.reason.text.hasPrefix("already in your diary") }.count == 5)
        // Matched from the user's own notes: only the titles that never matched are searched again.
        #expect(harness.catalog.searches - before == again.kobisSearches)
        #expect(again.kobisSearches == 3)
        #expect(try await harness.service.notes(NoteListQuery(), for: user).total == 5)
    }

    @Test("a lookup budget stops KOBIS searches and says how to continue; a KOBIS failure skips the rows")
    func budget() async throws {
        var harness = DiaryHarness()
        harness.settings.importLookupLimit = 2
        let user = try await harness.user()
        let report = try await harness.service.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(report.imported == 3)  // Parasite ×2, Dune
        #expect(report.skipped.filter { $0.reason.text.contains("import the same file again later") }.count == 4)
        #expect(harness.catalog.searches == 2)

        harness.catalog.fail(with: .upstream(.timeout))
        harness.settings.importLookupLimit = 1000
        let failed = try await harness.service.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(failed.imported == 0)
        #expect(failed.skipped.contains { $0.reason.text.contains("the KOBIS search failed") })
    }

    @Test("own formats: exported notes import into another account unchanged, and not twice")
    func ownFormats() async throws {
        let harness = DiaryHarness()
        let source = try await harness.user()
        let category = try await harness.service.createCategory(name: "인생 영화", for: source)
        var draft = NoteDraft(
            movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01"), memo: "=1+1, \"따옴표\"\n줄바꿈",
            rating: StarRating(stars: 4.5), categoryId: category.id, place: .cinema)
        draft.chartDate = DiaryFixtures.date("2024-02-29")
        draft.chartRank = 2
        _ = try await harness.service.createNote(draft, for: source)
        _ = try await harness.service.createNote(
            NoteDraft(movieCode: "20100003", watchedOn: DiaryFixtures.date("2023-01-01")), for: source)
        let original = try await harness.service.notes(NoteListQuery(), for: source).notes

        for format in [DiaryFileFormat.csv, .json] {
            let target = try await harness.user("target\(format.rawValue)")
            let file = try await harness.service.export(format, for: source)
            let report = try await harness.service.importFile(file.data, format: format, for: target)
            #expect(report.imported == 2, "\(format)")
            #expect(report.kobisSearches == 0)
            let copied = try await harness.service.notes(NoteListQuery(), for: target).notes
            let categories = try await harness.service.categories(for: target)
            #expect(categories.map(\.name) == ["인생 영화"])
            for (copy, note) in zip(copied, original) {
                var expected = note
                expected.id = copy.id
                expected.categoryId = note.categoryId == nil ? nil : categories[0].id
                #expect(copy == expected, "\(format)")
            }
            let again = try await harness.service.importFile(file.data, format: format, for: target)
            #expect(again.imported == 0)
            #expect(again.skipped.count == 2)
        }
    }

    @Test("a malformed file is a 400 and writes nothing")
    func malformed() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        await #expect(throws: BoxOfficeError.self) {
            try await harness.service.importFile(
                Data("movieCode,title,watchedOn\n\"open".utf8), format: .csv, for: user)
        }
        await #expect(throws: BoxOfficeError.self) {
            try await harness.service.importFile(Data("{\"format\":".utf8), format: .json, for: user)
        }
        #expect(await harness.store.importBatches == 0)
    }
}
