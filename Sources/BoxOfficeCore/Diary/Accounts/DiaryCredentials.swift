/// A user together with the stored password hash, for logging in. Only the service sees this.
public struct DiaryCredentials: Sendable, Hashable {
    public var user: DiaryUser
    public var passwordHash: String

    public init(user: DiaryUser, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}
