import BoxOfficeCore
import Crypto
import Foundation

/// The store's digest of tokens and session cookies: SHA-256 from swift-crypto, as lowercase hex.
struct SHA256SecretDigester: SecretDigester {
    func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
