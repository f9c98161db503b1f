import BoxOfficeCore
import BoxOfficeText

// The core speaks typed reasons; these tests read them as people do, through the surfaces' words. A storage
// failure's detail is the operator's diagnostic, which is what these tests check.
extension BoxOfficeError {
    var message: String {
        if case .storage(let detail) = self { return detail }
        return ReasonText(.english).message(self)
    }
}
