import Crypto
public import Foundation

/// `X-BoxOffice-Signature: sha256=<hex HMAC-SHA256 of the body>`, keyed with the webhook's secret, so a receiver can
/// tell a delivery from a forgery.
public enum WebhookSignature {
    public static let headerName = "X-BoxOffice-Signature"

    /// `sha256=` and the lowercase hex HMAC-SHA256 of `body` under `secret`'s UTF-8 bytes.
    public static func value(body: Data, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
