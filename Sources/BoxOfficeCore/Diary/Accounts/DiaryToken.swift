public import Foundation

/// An API token as listed to its owner: never the secret itself, which is shown once at creation.
public struct DiaryToken: Codable, Hashable, Sendable {
    public var id: UUID
    /// A label the owner chose (e.g. "laptop script").
    public var name: String
    public var createdAt: Date
    /// When the token was last used, to the nearest ``DiaryAccountService/Settings/tokenUseResolution``.
    public var lastUsedAt: Date?

    public init(id: UUID, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey { case id, name, createdAt, lastUsedAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
    }
}
