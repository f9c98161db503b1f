public import BoxOfficeCore

extension ReasonText {
    /// Bad input as one line: which field, what is wrong, and what would be right.
    public func input(_ problem: InputProblem) -> String {
        let f = field(problem.field, rule: problem.rule)
        let name = problem.field ?? ""
        let value = problem.value
        let quoted = value.map { " \"\($0)\"" } ?? ""
        switch problem.rule {
        case .dayFormat:
            return t(
                "\(f): 2024-03-15처럼 YYYY-MM-DD 형식의 날짜를 적어 주세요.\(got(value))",
                "\(f) must be a real day as YYYY-MM-DD, e.g. 2024-03-15\(got(value)).")
        case .monthFormat:
            return t(
                "\(f): 2024-03처럼 YYYY-MM 형식의 달을 적어 주세요.\(got(value))",
                "\(f) must be a month as YYYY-MM, e.g. 2024-03\(got(value)).")
        case .yearFormat:
            return t(
                "\(f): 2024처럼 네 자리 연도를 적어 주세요.\(got(value))", "\(f) must be a year as YYYY, e.g. 2024\(got(value)).")
        case .notARealDay:
            return t("\(f)\(quoted): 달력에 없는 날짜입니다.", "\(f)\(quoted) is not a real day.")
        case .today(let latest):
            return t(
                "\(f)\(quoted): 한국 시간으로 오늘이라 내일 집계됩니다. 가장 최근 날짜는 \(latest)입니다.",
                "\(f)\(quoted) is today in Korea; its box office is not counted until tomorrow. The latest day is \(latest)."
            )
        case .future(let latest):
            return t(
                "\(f)\(quoted): 아직 오지 않은 날입니다. 가장 최근 날짜는 \(latest)입니다.",
                "\(f)\(quoted) is in the future. The latest day is \(latest).")
        case .beforeData(let earliest) where !["date", "from", "to", "month", "year"].contains(name):
            return t(
                "\(f)\(quoted): 너무 이른 날짜입니다. 가장 이른 날짜는 \(earliest)입니다.",
                "\(f)\(quoted) is too early; the earliest accepted day is \(earliest).")
        case .beforeData(let earliest):
            return t(
                "\(f)\(quoted): 너무 이른 날짜입니다. 가장 이른 날짜는 \(earliest)입니다.",
                "\(f)\(quoted) is before the data begins (\(earliest)).")
        case .weekNotOver(let range, let days, let latest):
            return t(
                "\(f): \(days.start)–\(days.end) \(weeklyRange(range))은 아직 끝나지 않았습니다. 가장 최근은 \(latest.start)–\(latest.end)입니다.",
                "\(f): the \(weeklyRange(range)) of \(days.start)–\(days.end) is not over yet. The latest one is \(latest.start)–\(latest.end)."
            )
        case .weekBeforeData(let range, let days, let earliest):
            return t(
                "\(f): \(days.start)–\(days.end) \(weeklyRange(range))은 집계가 시작되기 전에 시작합니다. 가장 이른 것은 \(earliest.start)–\(earliest.end)입니다.",
                "\(f): the \(weeklyRange(range)) of \(days.start)–\(days.end) starts before the figures do. The earliest one is \(earliest.start)–\(earliest.end)."
            )
        case .periodNotCounted(let latest):
            return t(
                "\(f)\(quoted): 아직 집계가 시작되지 않았습니다. 가장 최근 날짜는 \(latest)입니다.",
                "\(f)\(quoted) has not begun yet: nothing is counted for it. The latest day is \(latest).")
        case .reversed(let start, let end):
            return t(
                "시작일(\(start))이 종료일(\(end))보다 늦습니다.", "from (\(start)) is after to (\(end)).")
        case .rangeTooLong(let days) where problem.field != nil:
            return t(
                "\(f)\(quoted): 한 번에 최대 \(number(days))일까지 다룰 수 있습니다. 기간을 나눠 주세요.",
                "\(f)\(quoted): a range covers at most \(number(days)) days; split it.")
        case .rangeTooLong(let days):
            return t(
                "한 번에 최대 \(number(days))일까지 다룰 수 있습니다. 기간을 나눠 주세요.",
                "A range covers at most \(number(days)) days; split it.")
        case .exclusive(let fields):
            let period = fields == ["from", "month", "year"]
            return t(
                period ? "시작일·종료일, 월, 연도 중 한 가지만 주세요." : "\(alternatives(fields.map(field))) 중 하나만 주세요.",
                period
                    ? "Give either from and to, or month, or year — not several of them."
                    : "Give only one of \(alternatives(fields)).")
        case .together(let other):
            return t(
                "\(field(other))·\(f): 함께 주어야 합니다. 둘 다 주거나 둘 다 빼 주세요.",
                "\(other) and \(name) go together: give both or neither.")
        case .onlyWith(let views):
            return t(
                "\(f)\(quoted): \(alternatives(views))에만 쓰는 옵션입니다. 빼 주세요.",
                "\(f)\(quoted) is only taken by \(alternatives(views)); leave it out.")
        case .required:
            return t("\(f): 값이 있어야 합니다.", "\(f) is required.")
        case .notEmpty:
            return t("\(f): 비워 둘 수 없습니다.", "\(f) must not be empty.")
        case .notNull:
            return t("\(f): null일 수 없습니다.", "\(f) must not be null.")
        case .oneOf(let values):
            let choices = alternatives(values.map { described($0, of: problem.field) })
            return t("\(f): \(choices) 중 하나여야 합니다.\(got(value))", "\(f) must be \(choices)\(got(value)).")
        case .wholeNumber(let range):
            return t(
                "\(f): \(range.lowerBound)부터 \(number(range.upperBound))까지의 정수여야 합니다.\(got(value))",
                "\(f) must be a whole number from \(range.lowerBound) to \(number(range.upperBound))\(got(value)).")
        case .atLeast(let minimum):
            return t("\(f): \(minimum) 이상이어야 합니다.\(got(value))", "\(f) must be \(minimum) or more\(got(value)).")
        case .seconds(let range):
            // Swift's own number printing: the same on every server, whatever its locale.
            func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
            let low = text(range.lowerBound), high = text(range.upperBound)
            return t(
                "\(f): \(low)초부터 \(high)초 사이의 숫자여야 합니다.\(got(value))",
                "\(f) must be a number of seconds from \(low) to \(high)\(got(value)).")
        case .httpURL:
            return t("\(f): http(s) 주소여야 합니다.\(got(value))", "\(f) must be an http(s) URL\(got(value)).")
        case .addressRanges:
            return t(
                "\(f): 쉼표로 나눈 IP 주소나 CIDR 범위여야 합니다 (예: 127.0.0.1, 10.0.0.0/8).\(got(value))",
                "\(f) must be IP addresses or CIDR ranges separated by commas (e.g. 127.0.0.1, 10.0.0.0/8)\(got(value))."
            )
        case .year(let range):
            return t(
                "\(f): \(range.lowerBound)년부터 \(range.upperBound)년 사이의 연도여야 합니다.\(got(value))",
                "\(f) must be a year from \(range.lowerBound) to \(range.upperBound)\(got(value)).")
        case .length(let range) where range.upperBound == Int.max:
            return t(
                "\(f): \(range.lowerBound)자 이상이어야 합니다.", "\(f) must be at least \(range.lowerBound) characters long.")
        case .length(let range):
            return t(
                "\(f): \(range.lowerBound)–\(range.upperBound)자여야 합니다.",
                "\(f) must be \(range.lowerBound) to \(range.upperBound) characters long.")
        case .maximumLength(let maximum):
            return t(
                "\(f): 최대 \(number(maximum))자까지 쓸 수 있습니다.", "\(f) must be at most \(number(maximum)) characters long.")
        case .maximumBytes(let maximum):
            return t(
                "\(f): UTF-8로 최대 \(maximum)바이트까지 쓸 수 있습니다.", "\(f) must be at most \(maximum) bytes long.")
        case .visibleASCII(let range):
            return t(
                "\(f): 공백 없는 ASCII 문자(!부터 ~까지) \(range.lowerBound)–\(range.upperBound)자여야 합니다.",
                "\(f) must be \(range.lowerBound) to \(range.upperBound) visible ASCII characters (! to ~, no spaces).")
        case .noControlCharacters where problem.field == nil:
            // Found by the database (PostgreSQL keeps no NUL in text), where the field is not known.
            return t(
                "요청의 값에 NUL 문자를 쓸 수 없습니다.", "A value in the request contains a NUL character, which is not allowed.")
        case .noControlCharacters:
            return t("\(f): 제어 문자를 쓸 수 없습니다.", "\(f) must not contain control characters.")
        case .noNULCharacter:
            return t("\(f): NUL 문자를 쓸 수 없습니다.", "\(f) must not contain a NUL character.")
        case .singleLine:
            return t(
                "\(f): 제어 문자나 줄바꿈을 쓸 수 없습니다.", "\(f) must not contain control characters or line breaks.")
        case .usernameCharacters:
            return t(
                "\(f): 글자, 숫자, \"_\", \".\", \"-\"만 쓸 수 있습니다.",
                "\(f) may contain only letters, digits, \"_\", \".\" and \"-\".")
        case .movieCode:
            return t(
                "\(f): KOBIS 영화 코드(영문자와 숫자)여야 합니다.\(got(value))",
                "\(f) must be a KOBIS movie code (letters and digits)\(got(value)).")
        case .regionCode:
            return t(
                "\(f): KOBIS 지역 코드(숫자)여야 합니다.\(got(value))",
                "\(f) must be a KOBIS region code (digits only)\(got(value)).")
        case .unknownRegion:
            return t(
                "\(f)\(quoted): KOBIS에 없는 지역 코드입니다.", "\(f)\(quoted) is not a region code KOBIS knows.")
        case .stars:
            return t(
                "\(f): 별 0.5개부터 5개 사이여야 합니다.\(got(value))", "\(f) must be from 0.5 to 5 stars\(got(value)).")
        case .halfStars:
            return t(
                "\(f): 별은 반 개 단위(0.5, 1, 1.5 … 5)로 줍니다.\(got(value))",
                "\(f) must be in half stars (0.5, 1, 1.5 … 5)\(got(value)).")
        case .uuid:
            return t("\(f): UUID여야 합니다.\(got(value))", "\(f) must be a UUID\(got(value)).")
        case .instant:
            return t(
                "\(f): 2024-03-20T03:00:00.000Z 같은 ISO-8601 시각이어야 합니다.\(got(value))",
                "\(f) must be an ISO-8601 instant such as 2024-03-20T03:00:00.000Z\(got(value)).")
        case .type(let type):
            return t("\(f): \(typeName(type)) 값이어야 합니다.", "\(f) must be \(typeName(type)).")
        case .categoryID:
            return t(
                "\(f): 분류 ID 또는 none이어야 합니다.\(got(value))", "\(f) must be a category id or none\(got(value)).")
        case .unknownCategory:
            return t(
                "\(f): ID가 \(value ?? "")인 분류가 없습니다.", "\(f): you have no category with id \(value ?? "").")
        case .unknownMovie:
            return t(
                "\(f): KOBIS에 코드가 \(value ?? "")인 영화가 없습니다.", "\(f): KOBIS has no movie with code \(value ?? "").")
        case .immutable:
            return t(
                "\(f): 바꿀 수 없습니다. 다른 영화는 새 기록으로 남겨 주세요.",
                "\(f) cannot be changed; write a new note for another movie.")
        case .nothingToChange(let fields):
            return t(
                "바꿀 것이 없습니다. \(alternatives(fields.map(field))) 중 하나 이상을 보내 주세요.",
                "Nothing to change: send \(alternatives(fields)).")
        case .moveIntoDeletedCategory:
            return t("지우는 분류로 기록을 옮길 수는 없습니다.", "Notes cannot be moved to the category being deleted.")
        case .tooManyRows(let count, let limit):
            return t(
                "파일에 \(number(count))줄이 있습니다. 한 번에 최대 \(number(limit))줄까지 가져올 수 있습니다.",
                "The file has \(number(count)) rows; one import takes at most \(number(limit)).")
        case .listCursor:
            return t(
                "\(f): 이 정렬의 목록에서 받은 다음 페이지 위치가 아닙니다. 첫 페이지부터 다시 읽어 주세요.",
                "\(f) is not a next-page position given for this sort; start again from the first page.")
        case .invalid:
            return t("\(f): 올바른 값이 아닙니다.\(got(value))", "\(f) is not valid\(got(value)).")
        case .webhookTarget(let problem):
            return webhookTarget(problem, field: f)
        case .tooManyWebhooks(let limit):
            return t(
                "웹훅은 한 사람당 \(number(limit))개까지 만들 수 있습니다. 쓰지 않는 웹훅을 지운 뒤 다시 만들어 주세요.",
                "You can have at most \(number(limit)) webhooks; delete one you no longer use, then add this one.")
        case .tooManyNotes(let limit):
            return t(
                "일기 하나에는 기록을 \(number(limit))개까지 둘 수 있습니다. 더 남기려면 기록을 지워 주세요.",
                "A diary holds at most \(number(limit)) notes; delete some to add more.")
        case .importPastNoteLimit(let notes, let adding, let limit):
            return t(
                "일기 하나에는 기록을 \(number(limit))개까지 둘 수 있습니다. 일기에 \(number(notes))개가 있고 이 파일은 새 기록 \(number(adding))개를 더하므로 가져오지 않았습니다.",
                "A diary holds at most \(number(limit)) notes: it has \(number(notes)) and the file adds \(number(adding)) new \(adding == 1 ? "one" : "ones"), so nothing was imported."
            )
        case .tooManyMemoCharacters(let limit):
            return t(
                "일기 하나의 메모는 모두 합해 \(number(limit))자까지 둘 수 있습니다. 메모를 줄이거나 기록을 지운 뒤 다시 저장해 주세요.",
                "A diary's memos hold at most \(number(limit)) characters together; shorten or delete some, then save this again."
            )
        case .importPastMemoLimit(let characters, let adding, let limit):
            return t(
                "일기 하나의 메모는 모두 합해 \(number(limit))자까지 둘 수 있습니다. 일기의 메모가 \(number(characters))자이고 이 파일의 새 기록이 \(number(adding))자를 더하므로 가져오지 않았습니다.",
                "A diary's memos hold at most \(number(limit)) characters together: they have \(number(characters)) and the file's new notes add \(number(adding)), so nothing was imported."
            )
        case .tooManyCategories(let limit):
            return t(
                "분류는 \(number(limit))개까지 만들 수 있습니다. 쓰지 않는 분류를 지운 뒤 다시 만들어 주세요.",
                "You can have at most \(number(limit)) categories; delete one you no longer use, then add this one.")
        case .tooManyTokens(let limit):
            return t(
                "API 토큰은 \(number(limit))개까지 만들 수 있습니다. 쓰지 않는 토큰을 폐기한 뒤 다시 만들어 주세요.",
                "You can have at most \(number(limit)) API tokens; revoke one you no longer use, then add this one.")
        case .tooManyComparisons(let limit, let given):
            return t(
                "\(f): 한 번에 최대 \(number(limit))편과 비교할 수 있습니다(받은 영화 \(number(given))편).\(got(value))",
                "\(f): compare with at most \(number(limit)) films at once (\(number(given)) given)\(got(value)).")
        case .comparedWithItself:
            return t(
                "\(f): 이 영화 자신과는 비교할 수 없습니다.\(got(value))",
                "\(f): a film cannot be compared with itself\(got(value)).")
        case .emptyBody:
            return t("요청 본문이 비어 있습니다.", "The request body is empty.")
        case .notJSON:
            return t("요청 본문이 올바른 JSON이 아닙니다.", "The request body is not valid JSON.")
        case .notJSONObject:
            return t("요청 본문은 JSON 객체여야 합니다.", "The request body must be a JSON object.")
        case .malformedForm:
            return t("보낸 양식을 읽을 수 없습니다.", "The uploaded form could not be read.")
        case .file(let problem):
            return file(problem)
        }
    }

    func typeName(_ type: InputRule.ValueType) -> String {
        switch type {
        case .string: return t("문자열", "a string")
        case .number: return t("숫자", "a number")
        case .wholeNumber: return t("정수", "a whole number")
        case .boolean: return t("true 또는 false", "true or false")
        case .array: return t("배열", "an array")
        case .object: return t("객체", "an object")
        }
    }
}

extension ReasonText {
    /// Why a URL cannot be a webhook's target.
    func webhookTarget(_ problem: WebhookTargetProblem, field f: String) -> String {
        switch problem {
        case .notAURL:
            return t("\(f): 호스트가 있는 URL이어야 합니다.", "\(f) must be a URL with a host.")
        case .notHTTP:
            return t("\(f): http 또는 https URL이어야 합니다.", "\(f) must be an http or https URL.")
        case .credentialsInURL:
            return t(
                "\(f): URL에 사용자 이름이나 비밀번호를 넣을 수 없습니다.", "\(f) must not hold a user name or password.")
        case .unresolvable:
            return t("\(f): 호스트의 주소를 찾을 수 없습니다.", "\(f): the host has no address.")
        case .nonPublicAddress:
            // Never which address, nor which range: that would map the server's internal DNS for anyone.
            return t(
                "\(f): 사설 또는 예약된 주소로 연결되므로 쓸 수 없습니다. 웹훅은 공개 주소에만 보낼 수 있습니다.",
                "\(f) leads to a private or reserved address; webhooks may only reach public addresses.")
        }
    }
}
