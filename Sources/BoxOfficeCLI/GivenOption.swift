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
}
