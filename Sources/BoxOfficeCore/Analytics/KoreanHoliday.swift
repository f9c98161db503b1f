/// The two holidays of the lunar calendar whose days off fill Korean cinemas: 설날 (the lunar new year) and 추석
/// (the harvest moon festival). The API and the CLI spell them `seollal` and `chuseok`.
public enum KoreanHoliday: String, Codable, Sendable, Hashable, CaseIterable {
    case seollal
    case chuseok

    /// The holiday a person typed (`seollal`, `chuseok`); none (or empty) is `default`.
    /// - Throws: ``BoxOfficeError/invalid(_:)`` naming the value when it is neither.
    public init(parameter text: String?, default: KoreanHoliday = .chuseok) throws(BoxOfficeError) {
        guard let text, !text.isEmpty else {
            self = `default`
            return
        }
        guard let holiday = KoreanHoliday(rawValue: text.lowercased()) else {
            throw .invalid("holiday", .oneOf(Self.allCases.map(\.rawValue)), value: text)
        }
        self = holiday
    }
}
