import Foundation

/// Random secrets (API tokens, session cookies, CSRF tokens) and the digest under which they are stored.
///
/// A secret is 32 random bytes from the system's cryptographic generator, written as unpadded base64url
/// after a short prefix. The store keeps only its digest (``SecretDigester``), so a leaked database reveals no
/// usable token.
public enum SecretToken {
    /// Prefix of API tokens, so they are recognizable in configuration files and secret scanners.
    public static let apiTokenPrefix = "bo_"
    /// Prefix of session cookie values.
    public static let sessionPrefix = "bs_"
    /// Prefix of the cookie that tells a browser the person logged in on before.
    public static let devicePrefix = "bd_"

    /// A new secret: `prefix` + 43 base64url characters (256 random bits).
    public static func generate(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + base64URL(bytes)
    }

    /// Whether `text` has the shape of a secret made by ``generate(prefix:)`` with `prefix`.
    public static func isWellFormed(_ text: String, prefix: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let body = text.dropFirst(prefix.count)
        return body.count == 43
            && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
