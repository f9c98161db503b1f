/// Who sent the request the current task works for, where shared work is bounded per person (``AskerPlaces``) or
/// counted per person (sign-ups): the web layer names the client by its address on a server reached directly, and
/// nobody behind a reverse proxy, where every request comes from the proxy's address.
public enum Asker {
    /// The asker of the current task; `nil`: nobody in particular, bounded only by what everyone shares.
    @TaskLocal public static var current: String?
}
