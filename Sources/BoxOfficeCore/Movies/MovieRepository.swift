import Foundation

/// Stores movie details.
public protocol MovieRepository: Sendable {
    func storedMovie(code: String) async throws -> Movie?
    func save(_ movie: Movie) async throws
}
