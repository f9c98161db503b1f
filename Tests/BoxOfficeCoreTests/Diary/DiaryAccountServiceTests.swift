import BoxOfficeTestSupport
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
            try await harness.accounts.signUp(username: "minji", password: "another password")
        }
        #expect(try await harness.accounts.logIn(username: "MINJI", password: "correct horse") == user)
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.accounts.logIn(username: "minji", password: "wrong horse")
        }
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.accounts.logIn(username: "nobody", password: "correct horse")
        }
    }

    @Test("a remembered browser's log-ins and the account's own confirmations are counted apart from the username's")
    func bucketsApart() async throws {
        let harness = DiaryHarness()
        let minji = try await harness.user("minji")
        let device = try #require(try await harness.accounts.rememberDevice(for: minji, presented: nil))
        #expect(try await harness.accounts.rememberDevice(for: minji, presented: device) == nil, "kept, not renewed")
        // A stranger spends the username's five, and tries the names the other buckets have: no log-in takes them.
        let account = "account \(minji.id.uuidString.lowercased())"
        for name in Array(repeating: "minji", count: 5) + Array(repeating: account, count: 5) + ["device x"] {
            await #expect(throws: DiaryError.self) {
                try await harness.accounts.logIn(username: name, password: "nope nope")
            }
        }
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await harness.accounts.logIn(username: "minji", password: "correct horse")
        }
        #expect(try await harness.accounts.logIn(username: "minji", password: "correct horse", device: device) == minji)
        try await harness.accounts.changePassword(for: minji, current: "correct horse", new: "battery staple")
        #expect(await harness.store.deviceCount == 0, "a new password forgets the browsers")
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await harness.accounts.logIn(username: "minji", password: "battery staple", device: device)
        }
        // Another person's browser secret does not open minji's own bucket.
        let joon = try await harness.user("joon")
        let theirs = try #require(try await harness.accounts.rememberDevice(for: joon, presented: nil))
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await harness.accounts.logIn(username: "minji", password: "battery staple", device: theirs)
        }
    }

    @Test("one account's checks of one kind run up to the setting at once; past it, busy, no slot spent; kinds apart")
    func checksPerAccount() async throws {
        var harness = DiaryHarness()
        harness.accountSettings.checksPerAccount = 1
        let held = HeldHasher(holding: "correct horse")
        let accounts = harness.accounts(hasher: held)
        let minji = try await accounts.signUp(username: "minji", password: "correct horse")
        let joon = try await accounts.signUp(username: "joon", password: "joon's horse")
        let device = try #require(try await accounts.rememberDevice(for: minji, presented: nil))
        held.hold()
        async let first = accounts.logIn(username: "minji", password: "correct horse")
        try await Wait.until("minji's first check is held", detail: { "\(held.waiting)" }) { held.waiting == 1 }
        // A second check from the username's slots: refused at once.
        await #expect(throws: DiaryError.busy(retryAfterSeconds: 5)) {
            try await accounts.logIn(username: "minji", password: "correct horse")
        }
        // Other kinds of slots, and other accounts, are not held by it (their checks run now, and are wrong or right).
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await accounts.logIn(username: "minji", password: "nope nope", device: device)
        }
        await #expect(throws: DiaryError.unauthorized(.wrongCurrentPassword)) {
            try await accounts.changePassword(for: minji, current: "nope nope", new: "battery staple")
        }
        #expect(try await accounts.logIn(username: "joon", password: "joon's horse") == joon)
        #expect(held.waiting == 1, "minji's first check is still held meanwhile")
        held.release()
        #expect(try await first == minji)
        // The refusal spent no slot: the username still has its five guesses.
        for _ in 0..<5 {
            await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
                try await accounts.logIn(username: "minji", password: "nope nope")
            }
        }
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await accounts.logIn(username: "minji", password: "nope nope")
        }
    }

    @Test("a person's browsers are kept up to the setting, the least recently used forgotten first")
    func devicesKept() async throws {
        var harness = DiaryHarness()
        harness.accountSettings.devicesKept = 2
        let minji = try await harness.user("minji")
        var secrets: [String] = []
        for _ in 0..<3 {
            secrets.append(try #require(try await harness.accounts.rememberDevice(for: minji, presented: nil)))
            harness.clock.advance(1)
        }
        #expect(await harness.store.deviceCount == 2)
        #expect(try await harness.accounts.rememberDevice(for: minji, presented: secrets[0]) != nil, "forgotten")
    }

    @Test("five failures within 15 minutes lock the username, with the time until it reopens")
    func throttling() async throws {
        let harness = DiaryHarness()
        _ = try await harness.user("minji")
        for _ in 0..<5 {
            await #expect(throws: DiaryError.self) {
                try await harness.accounts.logIn(username: "minji", password: "nope nope")
            }
            harness.clock.advance(60)
        }
        // The first failure was 5 minutes ago: logins reopen in 10 minutes, even with the right password.
        do {
            _ = try await harness.accounts.logIn(username: "minji", password: "correct horse")
            Issue.record("expected a refusal")
        } catch let error as DiaryError {
            #expect(error == .tooManyAttempts(retryAfterSeconds: 600))
            #expect(error.message.contains("10 minutes"))
            #expect(error.message(in: .korean).contains("10분 뒤"))
        }
        // Another username is not affected.
        _ = try await harness.accounts.signUp(username: "jisoo", password: "correct horse")
        _ = try await harness.accounts.logIn(username: "jisoo", password: "correct horse")
        harness.clock.advance(600)
        _ = try await harness.accounts.logIn(username: "minji", password: "correct horse")
        // A success gives back only its own slot: the four failures still in the window count, so one more wrong
        // guess fills it (a person logging in often cannot hand a guesser fresh attempts).
        await #expect(throws: DiaryError.unauthorized(.wrongCredentials)) {
            try await harness.accounts.logIn(username: "minji", password: "nope nope")
        }
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 60)) {
            try await harness.accounts.logIn(username: "minji", password: "correct horse")
        }
    }

    @Test("API tokens: only the digest is stored; malformed, unknown and revoked tokens identify nobody")
    func tokens() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let issued = try await harness.accounts.issueToken(for: user, name: "  script ")
        #expect(issued.token.name == "script")
        #expect(await harness.store.storedTokenHashes == [TestSecretDigester().digest(issued.secret)])
        #expect(try await harness.accounts.authenticate(apiToken: issued.secret) == user)
        #expect(try await harness.accounts.tokens(for: user).first?.lastUsedAt != nil)
        #expect(try await harness.accounts.authenticate(apiToken: "bo_nonsense") == nil)
        #expect(try await harness.accounts.authenticate(apiToken: SecretToken.generate(prefix: "bo_")) == nil)
        let other = try await harness.user("jisoo")
        await #expect(throws: DiaryError.notFound(.apiToken(issued.token.id.uuidString))) {
            try await harness.accounts.revokeToken(id: issued.token.id, for: other)
        }
        try await harness.accounts.revokeToken(id: issued.token.id, for: user)
        #expect(try await harness.accounts.authenticate(apiToken: issued.secret) == nil)
    }

    @Test("a new password keeps API tokens unless asked to revoke them, and then only the account's own")
    func passwordChangeRevokingTokens() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let other = try await harness.user("jisoo")
        let kept = try await harness.accounts.issueToken(for: user, name: "phone")
        let theirs = try await harness.accounts.issueToken(for: other, name: "phone")
        try await harness.accounts.changePassword(for: user, current: "correct horse", new: "new password 1")
        #expect(try await harness.accounts.authenticate(apiToken: kept.secret) == user)
        let second = try await harness.accounts.issueToken(for: user, name: "laptop")
        await #expect(throws: DiaryError.unauthorized(.wrongCurrentPassword)) {
            try await harness.accounts.changePassword(
                for: user, current: "correct horse", new: "new password 2", revokingTokens: true)
        }
        #expect(try await harness.accounts.tokens(for: user).count == 2, "a refused change revokes nothing")
        try await harness.accounts.changePassword(
            for: user, current: "new password 1", new: "new password 2", revokingTokens: true)
        #expect(try await harness.accounts.authenticate(apiToken: kept.secret) == nil)
        #expect(try await harness.accounts.authenticate(apiToken: second.secret) == nil)
        #expect(try await harness.accounts.tokens(for: user).isEmpty)
        #expect(try await harness.accounts.authenticate(apiToken: theirs.secret) == other)
    }

    @Test("sessions expire, slide when used late in life, and end on logout and password change")
    func sessions() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let issued = try await harness.accounts.startSession(for: user)
        #expect(issued.cookieValue.hasPrefix("bs_"))
        #expect(issued.session.csrfToken.count == 43)
        #expect(try await harness.accounts.session(cookieValue: issued.cookieValue)?.user == user)
        harness.clock.advance(10 * 86_400)
        let extended = try #require(try await harness.accounts.session(cookieValue: issued.cookieValue))
        #expect(extended.expiresAt == DiaryTime.normalized(harness.clock.now.addingTimeInterval(14 * 86_400)))
        harness.clock.advance(15 * 86_400)
        #expect(try await harness.accounts.session(cookieValue: issued.cookieValue) == nil)

        let second = try await harness.accounts.startSession(for: user)
        try await harness.accounts.endSession(cookieValue: second.cookieValue)
        #expect(try await harness.accounts.session(cookieValue: second.cookieValue) == nil)

        let third = try await harness.accounts.startSession(for: user)
        await #expect(throws: DiaryError.unauthorized(.wrongCurrentPassword)) {
            try await harness.accounts.changePassword(for: user, current: "wrong", new: "new password 1")
        }
        try await harness.accounts.changePassword(for: user, current: "correct horse", new: "new password 1")
        #expect(try await harness.accounts.session(cookieValue: third.cookieValue) == nil)
        _ = try await harness.accounts.logIn(username: user.username, password: "new password 1")
    }

    @Test("purging forgets browsers unused for their cookie's life, and keeps the rest")
    func purgeDevices() async throws {
        let harness = DiaryHarness()
        let minji = try await harness.user()
        let old = try #require(try await harness.accounts.rememberDevice(for: minji, presented: nil))
        harness.clock.advance(200 * 86_400)
        let recent = try #require(try await harness.accounts.rememberDevice(for: minji, presented: nil))
        harness.clock.advance(200 * 86_400)
        #expect(try await harness.accounts.purgeExpired().devices == 1)
        #expect(try await harness.accounts.rememberDevice(for: minji, presented: recent) == nil, "kept")
        #expect(try await harness.accounts.rememberDevice(for: minji, presented: old) != nil, "forgotten")
    }

    @Test("purging removes expired sessions and failed logins older than the window, nothing live")
    func purge() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let old = try await harness.accounts.startSession(for: user)
        _ = try? await harness.accounts.logIn(username: "ghost", password: "wrong one")
        harness.clock.advance(10 * 86_400)
        let live = try await harness.accounts.startSession(for: user)
        harness.clock.advance(5 * 86_400)
        _ = try? await harness.accounts.logIn(username: "minji", password: "wrong two")
        #expect(
            try await harness.accounts.purgeExpired() == DiaryAccountService.PurgeResult(sessions: 1, loginAttempts: 1))
        #expect(
            try await harness.accounts.purgeExpired() == DiaryAccountService.PurgeResult(sessions: 0, loginAttempts: 0))
        #expect(try await harness.accounts.session(cookieValue: old.cookieValue) == nil)
        #expect(try await harness.accounts.session(cookieValue: live.cookieValue)?.user == user)
        // The recent failure still counts towards the limit.
        for _ in 0..<4 { _ = try? await harness.accounts.logIn(username: "minji", password: "wrong") }
        await #expect(throws: DiaryError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await harness.accounts.logIn(username: "minji", password: "correct horse")
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
                "이 경로에는 API 토큰이 필요합니다. \"Authorization: Bearer <토큰>\"을 보내세요 (토큰은 POST /api/v1/tokens로 만듭니다)."
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
                "Too many wrong passwords for this username. Try again in 2 minutes.",
                "이 아이디의 비밀번호가 너무 여러 번 틀렸습니다. 2분 뒤에 다시 해 보세요."
            ),
            (
                .tooManyAttempts(retryAfterSeconds: 5),
                "Too many wrong passwords for this username. Try again in 1 minute.",
                "이 아이디의 비밀번호가 너무 여러 번 틀렸습니다. 1분 뒤에 다시 해 보세요."
            ),
            (
                .importInProgress, "Another import of yours is still running. Try again when it has finished.",
                "가져오기가 이미 진행 중입니다. 그 가져오기가 끝난 뒤에 다시 해 보세요."
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
