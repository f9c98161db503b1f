import BoxOfficeCore

/// An option given on the command line with nothing in it is a mistake (an unset shell variable, say), not a request
/// for the default, which is what the same empty field means on a web form; the commands refuse it before anything
/// else.
enum GivenOption {
    static func refuseEmpty(_ options: KeyValuePairs<String, String?>) throws(BoxOfficeError) {
        for case let (name, value?) in options where value.allSatisfy(\.isWhitespace) {
            throw .invalid(name, .notEmpty, value: value)
        }
    }

    /// An option given to a view that does not read it is a mistake as well: the answer would leave out what the
    /// reader meant by it, and say nothing. `takers` names, for each option some views read, the views that do. (The
    /// pages and the API ignore such parameters instead, so links can carry them from one view to the next.)
    static func refuseUnread(
        _ options: KeyValuePairs<String, String?>, view: String, takers: [String: [String]]
    ) throws(BoxOfficeError) {
        for case let (name, value?) in options {
            if let views = takers[name], !views.contains(view) {
                throw .invalid(name, .onlyWith(views), value: value)
            }
        }
    }
}
