import BoxOfficeCore
import BoxOfficeText

// The core speaks typed reasons; these tests read them as people do, through the surfaces' words.
extension BoxOfficeError {
    var message: String { ReasonText(.english).message(self) }
}

extension DiaryError {
    var message: String { ReasonText(.english).diary(self) }
    func message(in language: Language) -> String { ReasonText(language).diary(self) }
}

extension DiarySkipReason {
    var text: String { ReasonText(.english).skip(self) }
}

extension NoteSaveResult {
    var warnings: [String] { ReasonText(.english).warnings(self) }
}

extension DiaryFileProblem {
    var message: String { ReasonText(.english).file(self) }
}

extension SyncProblem {
    var message: String { ReasonText(.english).sync(self) }
}

extension SyncFailure {
    var message: String { problem.message }
}

extension BackfillFailure {
    var line: String { ReasonText(.english).backfillFailure(self) }
}
