public import BoxOfficeCore

extension ReasonText {
    /// A diary refusal as one line.
    public func diary(_ error: DiaryError) -> String {
        switch error {
        case .unauthorized(let reason): return unauthorized(reason)
        case .conflict(let conflict): return self.conflict(conflict)
        case .tooManyAttempts(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            return t(
                "이 아이디의 비밀번호가 너무 여러 번 틀렸습니다. \(minutes)분 뒤에 다시 해 보세요.",
                "Too many wrong passwords for this username. Try again in \(minutes) minute\(minutes == 1 ? "" : "s").")
        case .tooManySignups(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            return t(
                "이 주소에서 가입이 너무 많았습니다. \(minutes)분 뒤에 다시 해 보세요.",
                "Too many sign-ups from this address. Try again in \(minutes) minute\(minutes == 1 ? "" : "s").")
        case .notFound(let missing): return self.missing(missing)
        case .exportInProgress:
            return t(
                "이 일기의 내보내기가 아직 진행 중입니다. 그 내려받기가 끝난 뒤에 다시 해 보세요.",
                "An export of this diary is still being sent. Try again when that download has finished.")
        case .importInProgress:
            return t(
                "가져오기가 이미 진행 중입니다. 그 가져오기가 끝난 뒤에 다시 해 보세요.",
                "Another import of yours is still running. Try again when it has finished.")
        case .busy(let seconds):
            return t(
                "지금 로그인과 가입이 몰려 비밀번호를 확인하지 못했습니다. \(seconds)초 뒤에 다시 해 보세요.",
                "Too many people are logging in or signing up right now, so the password was not checked. "
                    + "Try again in \(seconds) second\(seconds == 1 ? "" : "s").")
        }
    }

    public func unauthorized(_ reason: DiaryError.Unauthorized) -> String {
        switch reason {
        case .wrongCredentials:
            return t("아이디 또는 비밀번호가 틀렸습니다.", "Wrong username or password.")
        case .wrongCurrentPassword:
            return t("지금 비밀번호가 틀렸습니다.", "The current password is wrong.")
        case .missingToken:
            return t(
                "이 경로에는 API 토큰이 필요합니다. \"Authorization: Bearer <토큰>\"을 보내세요 (토큰은 POST /api/v1/tokens로 만듭니다).",
                "This route needs an API token: send \"Authorization: Bearer <token>\" (create one with POST /api/v1/tokens)."
            )
        case .invalidToken:
            return t("API 토큰이 올바르지 않거나 폐기되었습니다.", "The API token is invalid or has been revoked.")
        case .notSignedIn:
            return t("일기를 보려면 로그인해 주세요.", "Log in to see your diary.")
        }
    }

    public func conflict(_ conflict: DiaryError.Conflict) -> String {
        switch conflict {
        case .usernameTaken(let name):
            return t("‘\(name)’ 아이디는 이미 쓰이고 있습니다.", "The username \"\(name)\" is taken.")
        case .categoryNameTaken(let name):
            return t("‘\(name)’ 분류가 이미 있습니다.", "You already have a category named \"\(name)\".")
        case .categoryHasNotes(let name, let count):
            return t(
                "‘\(name)’ 분류에 기록 \(number(count))개가 있습니다. 기록을 분류 없이 남길지, 다른 분류로 옮길지, 함께 지울지 정해 주세요.",
                "The category \"\(name)\" has \(number(count)) note\(count == 1 ? "" : "s"): say whether to keep them without a category, move them to another category, or delete them."
            )
        }
    }

    public func missing(_ missing: DiaryError.Missing) -> String {
        switch missing {
        case .note(let id):
            return t(
                "ID가 \(InputProblem.quotable(id))인 기록이 없습니다.", "You have no note with id \(InputProblem.quotable(id)).")
        case .category(let id):
            return t(
                "ID가 \(InputProblem.quotable(id))인 분류가 없습니다.",
                "You have no category with id \(InputProblem.quotable(id)).")
        case .apiToken(let id):
            return t(
                "ID가 \(InputProblem.quotable(id))인 API 토큰이 없습니다.",
                "You have no API token with id \(InputProblem.quotable(id)).")
        case .watchlistItem(let code):
            return t(
                "보고 싶은 영화 목록에 코드가 \(InputProblem.quotable(code))인 영화가 없습니다.",
                "The film with code \(InputProblem.quotable(code)) is not on your watchlist.")
        case .webhook(let id):
            return t(
                "ID가 \(InputProblem.quotable(id))인 웹훅이 없습니다.",
                "You have no webhook with id \(InputProblem.quotable(id)).")
        }
    }

    /// The warnings to show with a saved note: other notes of the same movie on the same day.
    public func warnings(_ result: NoteSaveResult) -> [String] {
        let count = result.duplicates.count
        guard count > 0 else { return [] }
        let note = result.note
        return [
            t(
                "\(note.watchedOn)에 본 \(note.title) 기록이 이미 \(count)개 있습니다.",
                "You already have \(count == 1 ? "a note" : "\(count) notes") about \(note.title) watched on \(note.watchedOn)."
            )
        ]
    }

    /// Why a file cannot be imported, as one line.
    public func file(_ problem: DiaryFileProblem) -> String {
        switch problem {
        case .notUTF8:
            return t("파일이 UTF-8 텍스트가 아닙니다.", "The file is not UTF-8 text.")
        case .strayQuote(let line):
            return t(
                "\(line)번째 줄: 따옴표(\")로 시작하지 않는 칸 안에 따옴표가 있습니다. 칸 전체를 따옴표로 감싸고 안쪽 따옴표는 두 번 쓰세요.",
                "line \(line): a quote (\") inside a field that does not start with one; quote the whole field and double the inner quotes."
            )
        case .textAfterQuote(let line):
            return t(
                "\(line)번째 줄: 닫는 따옴표 뒤에 글자가 있습니다. 쉼표나 줄바꿈이 와야 합니다.",
                "line \(line): text after a closing quote; expected a comma or a line break.")
        case .unclosedQuote(let line):
            return t("\(line)번째 줄: 따옴표로 연 칸이 닫히지 않았습니다.", "line \(line): a quoted field is never closed.")
        case .empty(let format):
            return t("\(fileKind(format)) 파일이 비어 있습니다.", "The \(fileKind(format)) file is empty.")
        case .duplicateColumn(let name):
            return t("머리글에 \"\(name)\" 열이 두 번 있습니다.", "The header names the column \"\(name)\" twice.")
        case .missingColumns(let columns, let format):
            let list = columns.joined(separator: ", ")
            return t(
                "\(fileKind(format)) 파일이 아닙니다: 머리글(1번째 줄)에 \(list) 열이 없습니다.",
                "This is not a \(fileKind(format)) file: the header (line 1) lacks the column\(columns.count == 1 ? "" : "s") \(list)."
            )
        case .fieldCount(let line, let found, let expected):
            return t(
                "\(line)번째 줄: 칸이 \(found)개인데 머리글에는 \(expected)개가 있습니다.",
                "line \(line): \(found) field\(found == 1 ? "" : "s"), but the header has \(expected).")
        case .notDiaryJSON(let problem):
            let why: String
            switch problem.rule {
            case .notJSON: why = t("JSON 형식이 깨져 있습니다.", "the JSON is malformed.")
            case .notJSONObject: why = t("파일에 JSON 객체가 있어야 합니다.", "the file must hold a JSON object.")
            default: why = input(problem)
            }
            return t("BoxOffice 일기 JSON 파일이 아닙니다: \(why)", "This is not a BoxOffice diary JSON file: \(why)")
        case .wrongFormatName(let name):
            return t(
                "BoxOffice 일기 JSON 파일이 아닙니다: format이 \"\(name)\"입니다.",
                "This is not a BoxOffice diary JSON file: format is \"\(name)\", not \"boxoffice-diary\".")
        case .unsupportedVersion(let found, let supported):
            return t(
                "이 일기 JSON은 \(found)판입니다. 이 BoxOffice는 \(supported)판을 읽습니다.",
                "This diary JSON has version \(found); this BoxOffice reads version \(supported).")
        case .category(let name, let problem):
            return t(
                "‘\(name)’ 분류를 가져올 수 없습니다: \(input(problem))",
                "The category \"\(name)\" cannot be imported: \(input(problem))")
        case .unknownCategoryReference(let index, let id):
            return t(
                "notes[\(index)].categoryId \(id): 파일에 없는 분류입니다.",
                "notes[\(index)].categoryId \(id) names no category in the file.")
        }
    }

    func fileKind(_ format: DiaryFileFormat) -> String {
        switch format {
        case .csv: return t("BoxOffice 일기 CSV", "BoxOffice diary CSV")
        case .json: return t("BoxOffice 일기 JSON", "BoxOffice diary JSON")
        case .letterboxd: return t("Letterboxd 일기", "Letterboxd diary")
        }
    }

    /// Why an imported row was skipped, as one line.
    public func skip(_ reason: DiarySkipReason) -> String {
        switch reason {
        case .invalid(let problem):
            return input(problem)
        case .duplicate:
            return t(
                "이미 일기에 있습니다 (같은 기록이거나, 같은 날 같은 영화).",
                "already in your diary (the same note, or the same movie on the same day).")
        case .noMovieTitled(let title, let year):
            return t(
                "제목이 \(titled(title, year))인 KOBIS 영화가 없습니다. KOBIS에는 한국에서 상영된 영화만 있습니다.",
                "no KOBIS movie is titled \(titled(title, year)); KOBIS lists movies shown in Korea.")
        case .severalMovies(let title, let year, let codes):
            let list = codes.joined(separator: ", ")
            return t(
                "제목이 \(titled(title, year))인 KOBIS 영화가 여럿입니다 (\(list)). 이 기록은 직접 추가해 주세요.",
                "several KOBIS movies are titled \(titled(title, year)) (\(list)); add this one by hand.")
        case .lookupBudgetSpent(let limit):
            return t(
                "찾아보지 않았습니다: 이번 가져오기가 KOBIS 제목 검색 \(number(limit))번을 다 썼습니다 (키 하나로 하루 3,000번). 나중에 같은 파일을 다시 가져오면 이어서 하고, 이미 가져온 줄은 건너뜁니다.",
                "not looked up: this import already used its \(number(limit)) KOBIS title lookups (the key allows 3,000 calls a day); import the same file again later to continue, rows already imported are skipped."
            )
        case .lookupsSpentForToday:
            return t(
                "오늘은 찾아보지 못했습니다: 가져오기에 쓸 수 있는 오늘의 KOBIS 검색을 다 썼습니다. 내일 같은 파일을 다시 가져오면 이어서 하고, 이미 가져온 줄은 건너뛰며 이미 찾은 제목은 다시 검색하지 않습니다.",
                "try again tomorrow: today's KOBIS look-ups for imports are used up. Import the same file again tomorrow to continue; rows already imported are skipped and titles already found are not searched again."
            )
        case .searchFailed:
            return t(
                "KOBIS 검색이 실패했습니다. 나중에 같은 파일을 다시 가져오면 이미 가져온 줄은 건너뜁니다.",
                "the KOBIS search failed; import the same file again later, rows already imported are skipped.")
        case .alreadyListed:
            return t("이미 보고 싶은 영화 목록에 있습니다.", "already on your watchlist.")
        case .unknownMovie(let code):
            return t("KOBIS에 코드가 \(code)인 영화가 없습니다.", "KOBIS has no movie with code \(code).")
        }
    }

    private func titled(_ title: String, _ year: Int?) -> String {
        "\"\(title)\"" + (year.map { " (\($0))" } ?? "")
    }
}
