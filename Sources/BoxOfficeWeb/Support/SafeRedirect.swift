/// Where a `next` parameter (or any other value a request chooses) may send the browser: only a path on this site.
/// Every redirect whose target comes from a request goes through ``path(_:)``: the log-in and sign-up forms, the
/// log-in redirect of a private page, the watchlist's forms.
enum SafeRedirect {
    /// The longest target kept; longer ones are refused.
    static var maximumLength: Int { 2000 }

    /// `candidate` when it is a same-site path (`/notes?page=2`), else `nil`. Only printable ASCII is allowed (a
    /// browser drops tabs and newlines from a URL, and reads `\` as `/`, so `/\t/evil` and `/\evil` would leave the
    /// site; anything past ASCII has no place in a `Location` header); the path must start with one `/` (not `//`,
    /// which names another host, nor a scheme such as `https:evil`).
    static func path(_ candidate: String?) -> String? {
        guard let candidate, !candidate.isEmpty, candidate.utf8.count <= maximumLength else { return nil }
        guard candidate.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }) else {
            return nil
        }
        guard candidate.hasPrefix("/"), !candidate.hasPrefix("//") else { return nil }
        // The log-in and sign-up pages themselves are no place to come back to.
        let path = candidate.split(separator: "?", maxSplits: 1).first.map(String.init) ?? candidate
        if ["/login", "/signup", "/logout"].contains(path) { return nil }
        return candidate
    }
}
