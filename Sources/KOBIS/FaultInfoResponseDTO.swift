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
    }
    /// The fault.
    public var faultInfo: FaultInfo
    /// Creates a response.
    public init(faultInfo: FaultInfo) { self.faultInfo = faultInfo }
}
