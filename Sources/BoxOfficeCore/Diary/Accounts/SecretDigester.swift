/// Turns a random secret (API token, session cookie) into the form the store keeps: the lowercase hex
/// SHA-256 of its UTF-8 bytes. Core is Foundation-only and Foundation on Linux has no digest, so the
/// implementation is supplied by the app (swift-crypto in BoxOfficeWeb).
public protocol SecretDigester: Sendable {
    func digest(_ secret: String) -> String
}
