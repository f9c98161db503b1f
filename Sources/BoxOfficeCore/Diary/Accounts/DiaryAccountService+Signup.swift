import Foundation

extension DiaryAccountService {
    /// Creates an account. Throws ``BoxOfficeError/invalid(_:)`` for a bad username or password and
    /// ``DiaryError/Conflict/usernameTaken(_:)`` when the username is taken (ignoring case).
    ///
    /// A named asker (``Asker/current``) tries at most ``Settings/signupsPerAsker`` sign-ups in
    /// ``Settings/loginFailureWindow``, counted as log-ins are (atomically across instances, under the digest of the
    /// address, not the address), whether an account was made or its name was taken; past that,
    /// ``DiaryError/tooManySignups(retryAfterSeconds:)`` before anything is looked up or hashed. A sign-up that
    /// did nothing (the line of checks was full) is not counted.
    public func signUp(username: String, password: String) async throws -> DiaryUser {
        let name = try DiaryValidation.username(username)
        try DiaryValidation.newPassword(password)
        let key = DiaryValidation.usernameKey(name)
        let slot = try await takeSignupSlot()
        do {
            if try await users.credentials(usernameKey: key) != nil {
                throw DiaryError.conflict(.usernameTaken(name))
            }
            let hash = try await hasher.hash(password)
            let user = DiaryUser(id: UUID(), username: name, createdAt: now)
            try await users.createUser(user, usernameKey: key, passwordHash: hash)
            return user
        } catch {
            // A taken name stays counted, so names are tried no faster than accounts are made; a sign-up that did
            // nothing (the line of checks was full, the request went away) gives its slot back.
            if let slot, !Self.isTakenName(error) { try? await loginAttempts.releaseLoginSlot(id: slot) }
            throw error
        }
    }

    /// Counts a sign-up against the current asker, if any: the slot taken, or `nil` for nobody in particular (or no
    /// limit).
    func takeSignupSlot() async throws -> UUID? {
        let limit = settings.signupsPerAsker
        guard let asker = Asker.current, limit > 0 else { return nil }
        let now = self.now
        let window = settings.loginFailureWindow
        // No username has a space, so no log-in takes these slots.
        switch try await loginAttempts.takeLoginSlot(
            usernameKey: "signup " + digester.digest(asker), at: now, windowStart: now.addingTimeInterval(-window),
            limit: limit)
        {
        case .taken(let id): return id
        case .refused(let attempts):
            throw DiaryError.tooManySignups(
                retryAfterSeconds: Self.secondsUntilFree(attempts, limit: limit, window: window, now: now))
        }
    }

    private static func isTakenName(_ error: any Error) -> Bool {
        if case DiaryError.conflict(.usernameTaken) = error { return true }
        return false
    }

    /// Seconds until enough of the counted `attempts` have left the window to leave a slot of `limit` free: at
    /// least 1, at most a day.
    static func secondsUntilFree(_ attempts: [Date], limit: Int, window: TimeInterval, now: Date) -> Int {
        let oldest = attempts.count >= limit ? attempts[attempts.count - limit] : attempts.first ?? now
        let seconds = oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)
        return seconds > 1 ? Int(min(seconds, 86_400)) : 1
    }
}
