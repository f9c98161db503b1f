public import Foundation
import KOBIS

/// The diary's accounts: sign-up, log-in (with throttling), passwords, API tokens and browser sessions.
/// The API, the web pages and the CLI all go through it, so every rule about who someone is lives in one place.
public struct DiaryAccountService: Sendable {
    /// Limits and lifetimes.
    public struct Settings: Sendable {
        /// Password checks per username within ``loginFailureWindow`` (failed ones, and ones still being checked)
        /// before logins are refused.
        public var loginFailureLimit: Int
        public var loginFailureWindow: TimeInterval
        /// How long a browser session lasts without use; using it in its second half extends it.
        public var sessionLifetime: TimeInterval
        /// A token's `lastUsedAt` is written at most this often, so API reads do not all become writes.
        public var tokenUseResolution: TimeInterval
        /// Browsers remembered per person (the most recently used); a log-in from one is counted apart.
        public var devicesKept: Int
        /// How long a remembered browser's secret lasts unused (its cookie's life).
        public var deviceLifetime: TimeInterval
        /// Password checks of one account running at once on a server from each kind of slots (the username's, its
        /// remembered browsers', the signed-in confirmation's).
        public var checksPerAccount: Int
        /// Sign-ups (made or refused as taken) one asker (``Asker/current``, a client's address) may try within
        /// ``loginFailureWindow``: nobody makes accounts without end, nor tries names faster. 0: no limit.
        public var signupsPerAsker: Int

        public init(
            loginFailureLimit: Int = 5, loginFailureWindow: TimeInterval = 15 * 60,
            sessionLifetime: TimeInterval = 14 * 86_400, tokenUseResolution: TimeInterval = 3600, devicesKept: Int = 20,
            checksPerAccount: Int = 5, deviceLifetime: TimeInterval = 365 * 86_400, signupsPerAsker: Int = 5
        ) {
            self.signupsPerAsker = signupsPerAsker
            self.deviceLifetime = deviceLifetime
            self.checksPerAccount = checksPerAccount
            self.loginFailureLimit = loginFailureLimit
            self.loginFailureWindow = loginFailureWindow
            self.sessionLifetime = sessionLifetime
            self.tokenUseResolution = tokenUseResolution
            self.devicesKept = devicesKept
        }
    }

    let users: any DiaryUserRepository
    let apiTokens: any DiaryTokenRepository
    let sessions: any DiarySessionRepository
    let loginAttempts: any LoginAttemptRepository
    let devices: any LoginDeviceRepository
    let hasher: any PasswordHasher
    let digester: any SecretDigester
    let calendar: BoxOfficeCalendar
    public let settings: Settings
    let limits: DiaryLimits
    /// Password checks running on this server, per username key.
    private let checksInProgress = Locked([String: Int]())

    /// The service over the account tables, hashing passwords with `hasher` and storing only `digester`'s digests
    /// of tokens and session cookies.
    public init(
        users: any DiaryUserRepository, tokens: any DiaryTokenRepository, sessions: any DiarySessionRepository,
        loginAttempts: any LoginAttemptRepository, devices: any LoginDeviceRepository, hasher: any PasswordHasher,
        digester: any SecretDigester, calendar: BoxOfficeCalendar, settings: Settings = Settings(),
        limits: DiaryLimits = DiaryLimits()
    ) {
        self.devices = devices
        self.limits = limits
        self.users = users
        self.apiTokens = tokens
        self.sessions = sessions
        self.loginAttempts = loginAttempts
        self.hasher = hasher
        self.digester = digester
        self.calendar = calendar
        self.settings = settings
    }

    /// Now, to the millisecond.
    var now: Date { DiaryTime.normalized(calendar.currentInstant) }

    // MARK: - Accounts

    /// Checks a username and password. Each check takes one of ``Settings/loginFailureLimit`` slots of the username
    /// in ``Settings/loginFailureWindow`` before bcrypt runs, atomically across tasks and instances, so no number of
    /// simultaneous guesses gets more checks. When the window is full it refuses with
    /// ``DiaryError/tooManyAttempts(retryAfterSeconds:)`` without checking the password (even the right one).
    /// A log-in that succeeds gives its own slot back; earlier failures still count until they leave the window, so
    /// someone logging in often cannot hand a guesser fresh attempts. Unknown usernames are counted the same way
    /// and still cost a hash, so neither the limit nor the timing tells which names exist.
    ///
    /// A `device` (the cookie ``rememberDevice(for:presented:)`` gave a browser this account logged in on) has slots
    /// of its own, as many: a stranger's wrong guesses at the username cannot lock its owner out of that browser.
    public func logIn(username: String, password: String, device: String? = nil) async throws -> DiaryUser {
        let wrong = DiaryError.unauthorized(.wrongCredentials)
        let key = DiaryValidation.usernameKey(username)
        // No username has a space; the slots of a browser or an account are named with one, so no log-in takes theirs.
        guard !key.isEmpty, key.count <= 64, !key.contains(" "), !password.isEmpty else { throw wrong }
        return try await check(password, usernameKey: key, slots: try await slots(key, device: device, at: now))
    }

    /// Whose log-in slots a check takes: the username's, a remembered browser's, or the signed-in account's own.
    private enum Slots {
        case username
        case device(hash: String)
        case account(UUID)

        /// Its name among the attempts: the username key, or for the others a name with a space, which no username
        /// has, so no log-in takes their slots.
        func name(usernameKey key: String) -> String {
            switch self {
            case .username: key
            case .device(let hash): "device " + hash
            case .account(let id): "account " + id.uuidString.lowercased()
            }
        }

        /// What ``Settings/checksPerAccount`` counts apart.
        var kind: String {
            switch self {
            case .username: "username"
            case .device: "device"
            case .account: "account"
            }
        }
    }

    /// Runs `body` while at most ``Settings/checksPerAccount`` checks of the account `key` names run on this
    /// server from the same kind of slots (the username's, its remembered browsers' together, or the signed-in
    /// confirmation's); past that, ``DiaryError/busy(retryAfterSeconds:)`` at once. A right password gives its slot
    /// back and each remembered browser has slots of its own, so without this one account of one's own could fill
    /// the line of checks that people with accounts wait in; counted by kind, a stranger's guesses at the username
    /// never hold its owner's browser or confirmation.
    private func checking<Result: Sendable>(_ key: String, _ body: () async throws -> Result) async throws -> Result {
        let admitted = checksInProgress.withLock { counts in
            guard counts[key, default: 0] < max(1, settings.checksPerAccount) else { return false }
            counts[key, default: 0] += 1
            return true
        }
        guard admitted else { throw DiaryError.busy(retryAfterSeconds: 5) }
        defer {
            checksInProgress.withLock { counts in
                let left = counts[key, default: 1] - 1
                counts[key] = left > 0 ? left : nil
            }
        }
        return try await body()
    }

    /// Checks the password of the account `key` names in the window of `slots` (a username's, a browser's or an
    /// account's own).
    private func check(_ password: String, usernameKey key: String, slots: Slots) async throws -> DiaryUser {
        let wrong = DiaryError.unauthorized(.wrongCredentials)
        let now = self.now
        let window = settings.loginFailureWindow
        let slot = try await loginAttempts.takeLoginSlot(
            usernameKey: slots.name(usernameKey: key), at: now, windowStart: now.addingTimeInterval(-window),
            limit: settings.loginFailureLimit
        )
        switch slot {
        case .refused(let attempts):
            // Logins reopen when enough of the counted attempts have left the window.
            throw DiaryError.tooManyAttempts(
                retryAfterSeconds: Self.secondsUntilFree(
                    attempts, limit: max(1, settings.loginFailureLimit), window: window, now: now))
        case .taken(let id):
            let matches: Bool
            let credentials: DiaryCredentials?
            do {
                (credentials, matches) = try await checking(slots.kind + " " + key) {
                    let credentials = try await users.credentials(usernameKey: key)
                    return (credentials, try await hasher.verify(password, against: credentials?.passwordHash))
                }
            } catch {
                // Not checked (the line was full, the request went away): no guess was spent.
                try? await loginAttempts.releaseLoginSlot(id: id)
                throw error
            }
            guard matches, let credentials else { throw wrong }
            try await loginAttempts.releaseLoginSlot(id: id)
            return credentials.user
        }
    }

    /// The slots a log-in takes: the username's, or those of a browser that logged in as this username before.
    private func slots(_ key: String, device: String?, at now: Date) async throws -> Slots {
        guard let device, SecretToken.isWellFormed(device, prefix: SecretToken.devicePrefix) else { return .username }
        let hash = digester.digest(device)
        guard let owner = try await devices.deviceUser(tokenHash: hash, at: now),
            try await users.credentials(usernameKey: key)?.user.id == owner
        else { return .username }
        return .device(hash: hash)
    }

    /// A new secret for the browser `user` just logged in or signed up on (a cookie), remembered by its digest:
    /// from that browser, log-ins are counted apart from the username's. The person's
    /// ``Settings/devicesKept`` most recently used are kept. `nil` when the browser's cookie (`presented`) already
    /// names one of theirs.
    public func rememberDevice(for user: DiaryUser, presented: String?) async throws -> String? {
        if let presented, SecretToken.isWellFormed(presented, prefix: SecretToken.devicePrefix),
            try await devices.deviceUser(tokenHash: digester.digest(presented), at: now) == user.id
        {
            return nil
        }
        let secret = SecretToken.generate(prefix: SecretToken.devicePrefix)
        try await devices.rememberDevice(
            tokenHash: digester.digest(secret), userID: user.id, at: now, keeping: settings.devicesKept)
        return secret
    }

    /// Changes the password after checking the current one, and ends every browser session of the user
    /// (the caller starts a new one for the current browser); the browsers remembered are forgotten too, and with
    /// `revokingTokens` every API token (someone who had the old password may have made one).
    public func changePassword(
        for user: DiaryUser, current: String, new: String, revokingTokens: Bool = false
    ) async throws {
        try await confirmPassword(current, of: user)
        try DiaryValidation.newPassword(new)
        try await users.updatePasswordHash(userID: user.id, passwordHash: try await hasher.hash(new))
        try await sessions.deleteSessions(userID: user.id)
        try await devices.forgetDevices(userID: user.id)
        if revokingTokens { try await apiTokens.deleteTokens(userID: user.id) }
    }

    /// Deletes the account and everything it keeps (notes, categories, tokens, sessions, watchlist, alerts,
    /// webhooks, feeds) once its password is confirmed as ``confirmPassword(_:of:)`` does. An account already gone
    /// is no error.
    public func deleteAccount(_ user: DiaryUser, password: String) async throws {
        try await confirmPassword(password, of: user)
        _ = try await users.deleteUser(id: user.id)
    }

    /// Checks the signed-in user's own password as ``logIn(username:password:device:)`` does, in as many slots of
    /// the account's own: a session someone else holds cannot guess it faster than a log-in could, and a stranger's
    /// guesses at the username do not stop its owner changing the password or deleting the account. A wrong one is
    /// ``DiaryError/Unauthorized/wrongCurrentPassword``; a full window ``DiaryError/tooManyAttempts(retryAfterSeconds:)``.
    func confirmPassword(_ password: String, of user: DiaryUser) async throws {
        let confirmed: DiaryUser
        do {
            guard !password.isEmpty else { throw DiaryError.unauthorized(.wrongCredentials) }
            let key = DiaryValidation.usernameKey(user.username)
            confirmed = try await check(
                password, usernameKey: key, slots: .account(user.id))
        } catch DiaryError.unauthorized(.wrongCredentials) {
            throw DiaryError.unauthorized(.wrongCurrentPassword)
        }
        guard confirmed.id == user.id else { throw DiaryError.unauthorized(.wrongCurrentPassword) }
    }

    /// The account with `id`, if it still exists.
    public func user(id: UUID) async throws -> DiaryUser? {
        try await users.user(id: id)
    }

    // MARK: - API tokens

    /// A new API token. ``secret`` is shown to the user once; only its SHA-256 is stored.
    public struct IssuedToken: Sendable {
        public var secret: String
        public var token: DiaryToken
    }

    /// Creates an API token labelled `name` (default "API token").
    public func issueToken(for user: DiaryUser, name: String?) async throws -> IssuedToken {
        let label = try DiaryValidation.tokenName(name)
        let secret = SecretToken.generate(prefix: SecretToken.apiTokenPrefix)
        let token = DiaryToken(id: UUID(), name: label, createdAt: now)
        try await apiTokens.createToken(
            token, userID: user.id, tokenHash: digester.digest(secret), limit: limits.tokens)
        return IssuedToken(secret: secret, token: token)
    }

    /// The user's API tokens, newest first (never their secrets).
    public func tokens(for user: DiaryUser) async throws -> [DiaryToken] {
        try await apiTokens.tokens(userID: user.id)
    }

    /// Revokes one of the user's tokens; ``DiaryError/notFound(_:)`` when the user has no such token.
    public func revokeToken(id: UUID, for user: DiaryUser) async throws {
        guard try await apiTokens.deleteToken(id: id, userID: user.id) else {
            throw DiaryError.notFound(.apiToken(id.uuidString))
        }
    }

    /// The user an API token belongs to, or `nil` for a malformed, unknown or revoked token.
    public func authenticate(apiToken secret: String) async throws -> DiaryUser? {
        try await authenticatedToken(apiToken: secret)?.user
    }

    /// ``authenticate(apiToken:)`` with the user's diary version, read in the same query: an answer kept until the
    /// diary changes is found without another one.
    public func authenticatedToken(apiToken secret: String) async throws -> (user: DiaryUser, diaryVersion: Int64)? {
        guard SecretToken.isWellFormed(secret, prefix: SecretToken.apiTokenPrefix) else { return nil }
        guard let found = try await apiTokens.token(hash: digester.digest(secret)) else { return nil }
        let now = self.now
        if found.token.lastUsedAt.map({ now.timeIntervalSince($0) >= settings.tokenUseResolution }) ?? true {
            try await apiTokens.markTokenUsed(id: found.token.id, at: now)
        }
        return (found.user, found.diaryVersion)
    }

    // MARK: - Browser sessions

    /// A new session. ``cookieValue`` goes into the cookie; only its SHA-256 is stored.
    public struct IssuedSession: Sendable {
        public var cookieValue: String
        public var session: DiarySession
    }

    /// Starts a browser session of ``Settings/sessionLifetime`` with a fresh CSRF token.
    public func startSession(for user: DiaryUser) async throws -> IssuedSession {
        let cookie = SecretToken.generate(prefix: SecretToken.sessionPrefix)
        let now = self.now
        let session = DiarySession(
            id: UUID(), user: user, csrfToken: SecretToken.generate(), createdAt: now,
            expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        try await sessions.createSession(session, tokenHash: digester.digest(cookie), keeping: limits.sessions)
        return IssuedSession(cookieValue: cookie, session: session)
    }

    /// The live session for a cookie value, or `nil`. A session used in the second half of its life is extended.
    public func session(cookieValue: String) async throws -> DiarySession? {
        try await activeSession(cookieValue: cookieValue)?.session
    }

    /// The live session for a cookie value as it stands, or `nil`: unlike ``session(cookieValue:)`` it is never
    /// extended, so reading who is signed in (a public page's label) keeps no one signed in longer.
    public func currentSession(cookieValue: String) async throws -> DiarySession? {
        guard SecretToken.isWellFormed(cookieValue, prefix: SecretToken.sessionPrefix) else { return nil }
        return try await sessions.activeSession(tokenHash: digester.digest(cookieValue), now: now)?.session
    }

    /// ``session(cookieValue:)`` with the user's diary version, read in the same query.
    public func activeSession(cookieValue: String) async throws -> ActiveDiarySession? {
        guard SecretToken.isWellFormed(cookieValue, prefix: SecretToken.sessionPrefix) else { return nil }
        let now = self.now
        guard var found = try await sessions.activeSession(tokenHash: digester.digest(cookieValue), now: now)
        else { return nil }
        if found.session.expiresAt.timeIntervalSince(now) < settings.sessionLifetime / 2 {
            found.session.expiresAt = now.addingTimeInterval(settings.sessionLifetime)
            try await sessions.extendSession(id: found.session.id, until: found.session.expiresAt)
        }
        return found
    }

    /// Logs out: the cookie value stops working on every instance.
    public func endSession(cookieValue: String) async throws {
        guard SecretToken.isWellFormed(cookieValue, prefix: SecretToken.sessionPrefix) else { return }
        try await sessions.deleteSession(tokenHash: digester.digest(cookieValue))
    }

    /// Deletes expired sessions (housekeeping); returns how many.
    public func purgeExpiredSessions() async throws -> Int {
        try await sessions.deleteExpiredSessions(now: now)
    }

    /// What one ``purgeExpired()`` removed.
    public struct PurgeResult: Sendable, Hashable {
        /// Sessions past their expiry.
        public var sessions: Int
        /// Failed log-ins and sign-up tries older than ``Settings/loginFailureWindow``, which no longer count.
        public var loginAttempts: Int
        /// Remembered browsers unused for ``Settings/deviceLifetime``, whose cookies have expired.
        public var devices: Int
        /// Deleted accounts whose rows a failure had left (``DiaryUserRepository/finishDeletions()``).
        public var accounts: Int

        public init(sessions: Int, loginAttempts: Int, devices: Int = 0, accounts: Int = 0) {
            self.sessions = sessions
            self.loginAttempts = loginAttempts
            self.devices = devices
            self.accounts = accounts
        }
    }

    /// Housekeeping: deletes expired sessions, failed logins that no longer count, remembered browsers whose
    /// cookies have expired and what deleted accounts left. Lookups already ignore the first two, so this mostly keeps the tables small; deleting
    /// what is expired is idempotent, so any number of instances may run it at any time.
    public func purgeExpired() async throws -> PurgeResult {
        let now = self.now
        let sessions = try await sessions.deleteExpiredSessions(now: now)
        let attempts = try await loginAttempts.deleteFailedLogins(
            before: now.addingTimeInterval(-settings.loginFailureWindow))
        let devices = try await devices.forgetDevices(unusedSince: now.addingTimeInterval(-settings.deviceLifetime))
        let accounts = try await users.finishDeletions()
        return PurgeResult(sessions: sessions, loginAttempts: attempts, devices: devices, accounts: accounts)
    }
}
