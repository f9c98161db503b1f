import BoxOfficeCore
import Crypto
import Foundation

/// The store's digest of tokens and session cookies: SHA-256 from swift-crypto, as lowercase hex.
struct SHA256SecretDigester: SecretDigester {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Every signed-in request digests its cookie: the hex is written byte by byte (`String(format:)` per byte was
    /// a twentieth of a cached notes page's CPU).
    func digest(_ secret: String) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(secret.utf8)) {
            hex.append(Self.hexDigits[Int(byte >> 4)])
            hex.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
