/// The languages BoxOffice speaks.
public enum Language: String, Sendable, CaseIterable, Codable {
    case korean = "ko"
    case english = "en"
}
