/// The import form (`POST /import-export`): the chosen `format`, a file uploaded in `file` (the form is
/// `multipart/form-data`) or text pasted into `content`.
struct ImportForm: Sendable, Equatable, Decodable {
    var format: String?
    var pasted: String
    /// The uploaded file, when one was chosen.
    var file: UploadedFile?

    init(format: String? = nil, pasted: String = "", file: UploadedFile? = nil) {
        self.format = format
        self.pasted = pasted
        self.file = file
    }

    private enum CodingKeys: String, CodingKey {
        case format, content, file
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.nonEmptyField(.format)
        pasted = try container.field(.content)
        // A `file` that is not a file part (a plain field, or any field of a URL-encoded form) is no file, as
        // before; an empty file input is none either.
        let uploaded = try? container.decodeIfPresent(UploadedFile.self, forKey: .file)
        file = uploaded?.isChosen == true ? uploaded : nil
    }
}
