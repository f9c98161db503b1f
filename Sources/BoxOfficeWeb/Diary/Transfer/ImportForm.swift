import BoxOfficeCore
import BoxOfficeText
import Foundation

/// The import form (`POST /import-export`, `POST /watchlist/import`): the chosen `format`, a file uploaded in `file`
/// (the form is `multipart/form-data`) or text pasted into `content`.
struct ImportForm: Sendable, Equatable {
    var format: String?
    var pasted: String
    /// The uploaded file, when one was chosen.
    var file: UploadedFile?

    init(format: String? = nil, pasted: String = "", file: UploadedFile? = nil) {
        self.format = format
        self.pasted = pasted
        self.file = file
    }

    /// The fields of `form`. A `file` that is not a file part (a plain field, or any field of a URL-encoded form) is
    /// no file, as before; an empty file input is none either.
    init(_ form: FormBody) {
        let format = form.field("format")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        self.init(format: format.isEmpty ? nil : format, pasted: form.field("content") ?? "", file: form.file("file"))
    }
}

extension ImportForm {
    /// The bytes to import: the uploaded file, else the text pasted.
    var data: Data { file?.data ?? Data(pasted.utf8) }
}

extension PageEnvironment where Strings == DiaryPageStrings {
    /// What an import form says when the importer refused the file as bad input: why, in the reader's language.
    func importRefused(_ error: BoxOfficeError) -> String {
        strings.importRefused(ReasonText(language).message(error))
    }
}
