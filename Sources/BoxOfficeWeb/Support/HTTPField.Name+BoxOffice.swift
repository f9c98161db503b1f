import HTTPTypes

/// The header names the app sets or reads that swift-http-types does not predefine, each made once. They are
/// literals spelled as tokens, which is all the initializer checks, so it cannot fail on them; made here rather than
/// per request, none is checked and lower-cased again for every answer.
extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
    static let permissionsPolicy = HTTPField.Name("Permissions-Policy")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let forwarded = HTTPField.Name("Forwarded")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xRequestID = HTTPField.Name("X-Request-ID")!
    static let xCSRFToken = HTTPField.Name("X-CSRF-Token")!
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// A label of the signed-in account on pages (or `none`), for the service worker's private copies.
    static let xBoxOfficeAccount = HTTPField.Name("X-BoxOffice-Account")!
    /// When the session ends, on pages of a signed-in reader.
    static let xBoxOfficeSessionExpires = HTTPField.Name("X-BoxOffice-Session-Expires")!
    /// On the log-in page after an account was deleted: its label, so the service worker drops its waiting notes.
    static let xBoxOfficeDeletedAccount = HTTPField.Name("X-BoxOffice-Deleted-Account")!
}
