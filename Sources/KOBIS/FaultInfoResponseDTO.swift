import Foundation

/// `{"faultInfo": {"message", "errorCode"}}`: how KOBIS reports errors, with HTTP 200.
public struct FaultInfoResponseDTO: Codable, Hashable, Sendable {
    /// The `faultInfo` object.
    public struct FaultInfo: Codable, Hashable, Sendable {
        /// KOBIS's message, verbatim (typos included).
        public var message: String
        /// KOBIS's code as a string, e.g. `320010`.
        public var errorCode: String
        /// Creates a fault.
        public init(message: String, errorCode: String) {
            self.message = message
            self.errorCode = errorCode
        }

        /// The most Unicode scalars of KOBIS's message (and code) kept: its messages are a sentence, and a longer one
        /// would be repeated in every page, answer and log line that quotes it.
        public static let maximumLength = 200

        enum CodingKeys: String, CodingKey { case message, errorCode }

        /// Leniently, as KOBIS's other fields: either may be missing or `null`, the code may come as a number, and
        /// each is cut to ``maximumLength`` characters without control characters (they would reach logs raw).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            message = Self.bounded(try c.text(.message))
            if let number = try? c.decodeIfPresent(Int64.self, forKey: .errorCode) {
                errorCode = String(number)
            } else {
                errorCode = Self.bounded(try c.text(.errorCode))
            }
        }

        static func bounded(_ text: String) -> String {
            text.withoutControlCharacters.prefix(scalars: maximumLength)
        }
    }
    /// The fault.
    public var faultInfo: FaultInfo
    /// Creates a response.
    public init(faultInfo: FaultInfo) { self.faultInfo = faultInfo }
}
