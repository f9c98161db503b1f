/// Where a movie was watched.
public enum DiaryPlace: String, Codable, Hashable, Sendable, CaseIterable {
    case cinema
    case home
}
