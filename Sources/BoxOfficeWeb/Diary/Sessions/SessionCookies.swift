import BoxOfficeCore
import Foundation
import Hummingbird

/// The diary's cookies, `HttpOnly` but for the signed-in hint, `SameSite=Lax`, `Path=/`, and `Secure` when the request came
/// over HTTPS (directly, or through a proxy that says so with `X-Forwarded-Proto: https`):
///
/// - `boxoffice_session`: the session secret. Only its SHA-256 is stored, in the database, so every instance
///   shares the session and logging out ends it everywhere.
/// - `boxoffice_csrf`: a random token for the forms shown before a session exists (sign up, log in), checked
///   against the form's hidden `csrf` field (a double-submit cookie: another site can neither read it nor set
///   the matching field).
/// - `boxoffice_device`: a secret a browser gets when someone logs in or signs up on it (a year, `Path=/login`):
///   their later log-ins from it are counted apart from the username's, so a stranger's wrong guesses cannot lock
///   them out of it. Only its SHA-256 is stored.
/// - `boxoffice_deleted_account`: for ten minutes after an account was deleted here, its label, so the log-in page
///   it lands on can tell this device's service worker whose waiting notes to drop (a link cannot set it).
enum SessionCookies {
    static let sessionName = "boxoffice_session"
    static let preSessionName = "boxoffice_csrf"
    /// Not a secret and not `HttpOnly`: tells the page script that a session may exist, so pages kept for everyone
    /// ask `GET /session` for the reader's links only when someone may be signed in (a signed-out visit costs no
    /// request). The server never trusts it.
    static let signedInHintName = "boxoffice_signed_in"
    static let deletedAccountName = "boxoffice_deleted_account"
    static let deviceName = "boxoffice_device"

    /// Whether the browser reached us over HTTPS. A TLS-terminating proxy in front of the app says so in
    /// `X-Forwarded-Proto` (the first value, when proxies are chained) or in the standard `Forwarded` header.
    static func isSecure(_ request: Request) -> Bool {
        if request.head.scheme?.lowercased() == "https" { return true }
        if let forwarded = request.headers[.xForwardedProto] {
            let first = forwarded.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased()
            if first == "https" { return true }
        }
        if let forwarded = request.headers[.forwarded] {
            let first = forwarded.split(separator: ",").first ?? ""
            for pair in first.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                if parts.count == 2, parts[0].lowercased() == "proto", parts[1].lowercased() == "https" { return true }
            }
        }
        return false
    }

    /// The session cookie, lasting as long as the session does.
    static func session(_ value: String, expiresAt: Date, now: Date, request: Request) -> Cookie {
        let maxAge = max(1, Int(expiresAt.timeIntervalSince(now).rounded(.down)))
        return cookie(sessionName, value: value, maxAge: maxAge, request: request)
    }

    /// A cookie that makes the browser forget `name`.
    static func expired(_ name: String, request: Request) -> Cookie {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/",
            secure: isSecure(request), httpOnly: name != signedInHintName, sameSite: .lax)
    }

    /// The signed-in hint, lasting as long as the session does.
    static func signedInHint(expiresAt: Date, now: Date, request: Request) -> Cookie {
        let maxAge = max(1, Int(expiresAt.timeIntervalSince(now).rounded(.down)))
        return Cookie(
            name: signedInHintName, value: "1", maxAge: maxAge, path: "/", secure: isSecure(request), httpOnly: false,
            sameSite: .lax)
    }

    /// The browser's secret, for `lifetime` (a year), sent only to the log-in page.
    static func device(_ secret: String, lifetime: TimeInterval, request: Request) -> Cookie {
        Cookie(
            name: deviceName, value: secret, maxAge: max(1, Int(lifetime)), path: "/login", secure: isSecure(request),
            httpOnly: true, sameSite: .lax)
    }

    /// The label of the account just deleted (``DiarySessionMiddleware/accountLabel(_:)``), for the next page.
    static func deletedAccount(_ label: String, request: Request) -> Cookie {
        cookie(deletedAccountName, value: label, maxAge: 600, request: request)
    }

    /// The deleted account's label the browser holds, if it is one: 16 lowercase hex digits.
    static func deletedAccountLabel(in request: Request) -> String? {
        guard let value = request.cookies[deletedAccountName]?.value, value.utf8.count == 16,
            value.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        return value
    }

    /// The pre-session CSRF cookie: a browser-session cookie (no expiry), renewed whenever a form needs it.
    static func preSession(_ value: String, request: Request) -> Cookie {
        cookie(preSessionName, value: value, maxAge: nil, request: request)
    }

    private static func cookie(_ name: String, value: String, maxAge: Int?, request: Request) -> Cookie {
        Cookie(
            name: name, value: value, maxAge: maxAge, path: "/", secure: isSecure(request), httpOnly: true,
            sameSite: .lax)
    }

    /// Whether `response` already sets the cookie `name` (a handler logged in or out).
    static func sets(_ name: String, in response: Response) -> Bool {
        response.headers[values: .setCookie].contains { $0.hasPrefix(name + "=") }
    }

    /// The pre-session CSRF token the browser holds, if it is well formed.
    static func preSessionToken(in request: Request) -> String? {
        guard let value = request.cookies[preSessionName]?.value, SecretToken.isWellFormed(value, prefix: "") else {
            return nil
        }
        return value
    }
}

/// Compares secrets in time that does not depend on where they differ.
enum ConstantTime {
    static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
