import CompressNIO
import Crypto
import Foundation
import Hummingbird

/// A response body held in memory with its gzip form and an entity tag for each, made once: a kept page or a
/// static file is compressed and hashed when it is stored, not on every request.
struct EncodedBody: Sendable {
    /// Bodies smaller than this are sent as they are: gzip saves next to nothing on them.
    static let compressionThreshold = 1024

    let contentType: String
    let identity: ByteBuffer
    /// The gzip form, when the type is worth compressing, the body is big enough and it was asked for.
    let gzip: ByteBuffer?
    /// Hex digest of the identity bytes; the entity tag of each encoding is made from it.
    let digest: String
    private let identityTag: String
    private let gzipTag: String
    /// Whether the type is one that is compressed (its answers vary by `Accept-Encoding`).
    private let isCompressible: Bool

    /// `body` as `contentType`; with `compress`, its gzip form too (when ``ContentCoding/isCompressible(_:)`` and at
    /// least ``compressionThreshold`` bytes). Kept bodies take zlib's best level (made once); bodies made per
    /// request its default one.
    init(
        _ body: ByteBuffer, contentType: String, compress: Bool = true,
        level: ZlibConfiguration.CompressionLevel = .bestCompression
    ) {
        self.contentType = contentType
        identity = body
        digest = Self.digest(of: body)
        identityTag = "\"\(digest)\""
        gzipTag = "\"\(digest)-gz\""
        isCompressible = ContentCoding.isCompressible(contentType)
        if compress, body.readableBytes >= Self.compressionThreshold, isCompressible {
            gzip = Self.gzipped(body, level: level)
        } else {
            gzip = nil
        }
    }

    /// Bytes held (both forms).
    var byteCount: Int { identity.readableBytes + (gzip?.readableBytes ?? 0) }

    /// `"<digest>"` for the identity form, `"<digest>-gz"` for the gzip one: a strong tag per encoding.
    func entityTag(gzip: Bool) -> String {
        gzip ? gzipTag : identityTag
    }

    /// The answer to `request`: the gzip form when the client accepts it, `Accept-Encoding` added to `Vary` for types
    /// that are compressed (and `Accept-Language` for pages, which are in the reader's language), and, when `tagged`,
    /// an entity tag and `304 Not Modified` (no body) when `If-None-Match` names it. `headers` are added
    /// (`Cache-Control`, cookies, a `Vary` of their own, which is kept), and `vary` names to `Vary`.
    func response(
        to request: Request, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], vary: [String] = [],
        tagged: Bool = true
    ) -> Response {
        let useGzip = gzip != nil && ContentCoding.acceptsGzip(request)
        var fields = headers
        var names = vary
        if isCompressible { names.append("Accept-Encoding") }
        if contentType.hasPrefix("text/html") { names.append("Accept-Language") }
        // Every kept answer comes through here: `Vary` is made in one step, not taken apart and made again.
        fields.addVary(names)
        if tagged {
            let tag = entityTag(gzip: useGzip)
            fields[.eTag] = tag
            if status == .ok, ContentCoding.ifNoneMatch(request, matches: tag) {
                return Response(status: .notModified, headers: fields)
            }
        }
        fields[.contentType] = contentType
        if useGzip, let gzip {
            fields[.contentEncoding] = "gzip"
            return Response(status: status, headers: fields, body: .init(byteBuffer: gzip))
        }
        return Response(status: status, headers: fields, body: .init(byteBuffer: identity))
    }

    /// The first 16 hex digits of the body's SHA-256: 64 bits tell versions of one address apart.
    static func digest(of body: ByteBuffer) -> String {
        let hash = body.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        return hash.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// `body` in gzip; `nil` if zlib fails (the identity form is then sent).
    static func gzipped(_ body: ByteBuffer, level: ZlibConfiguration.CompressionLevel) -> ByteBuffer? {
        var input = body
        return try? input.compress(with: ZlibAlgorithm.gzip, configuration: ZlibConfiguration(compressionLevel: level))
    }
}
