import BoxOfficeCore

/// The user whose API token ``DiaryBearerTokenMiddleware`` accepted for the generated diary operation now running:
/// the generated `APIProtocol` methods see only their typed input, so the user comes from here.
enum DiaryAPIUser {
    @TaskLocal static var current: DiaryUser?
    /// The user's diary version, read with the token.
    @TaskLocal static var diaryVersion: Int64?

    /// The user; a 401 when the operation ran without an accepted token (a route the document does not secure).
    static func get() throws(DiaryError) -> DiaryUser {
        guard let current else { throw .unauthorized(.missingToken) }
        return current
    }
}
