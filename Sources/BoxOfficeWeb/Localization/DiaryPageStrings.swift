import BoxOfficeCore
import BoxOfficeText
import Foundation

/// Every fixed piece of text on the diary pages, in Korean (the default) and English. Templates read the
/// stored properties; messages with numbers or names are methods.
struct DiaryPageStrings: Sendable {
    let isEnglish: Bool

    // Header, navigation, accounts
    let myDiary, logIn, logOut, signUp, addToDiary, diaryNavLabel, signedInAs: String
    let navNotes, navNewNote, navCategories, navStats, navTransfer, navAccount: String
    let loginTitle, signupTitle, signupIntro, usernameLabel, passwordLabel, passwordConfirmLabel: String
    let usernameRule, passwordRule, passwordMismatch, noAccountYet, haveAccount: String
    let loggedOut, logOutQuestion, csrfRefused, fixThese, cancel: String
    let accountTitle, changePasswordTitle, currentPasswordLabel, newPasswordLabel, changePasswordHint: String
    let changePasswordButton, passwordChanged, revokeTokensToo, passwordChangedTokensRevoked: String
    let deleteAccountTitle, deleteAccountIntro, deleteAccountExport, deleteAccountButton, accountDeleted: String
    let deleteAccountConfirm, deleteAccountUnconfirmed: String
    let tokensTitle, tokensIntro, tokenNameLabel, tokenNamePlaceholder, tokenNameRule, createToken: String
    let newTokenShownOnce, tokenSecretLabel, tokenRevoked, noTokens, createdLabel, lastUsedLabel, never, revoke: String

    // Notes
    let notesTitle, uncategorizedNotes, allNotes, uncategorized, allCategories, anyRating, apply: String
    let sortLabelTitle, orderLabel, orderDefault, orderAscending, orderDescending, watchedYearLabel: String
    let noMatchingNotes, clearFilters, pagesLabel, previousPage, nextPage: String
    let emptyDiaryTitle, emptyDiaryIntro, emptyStepSearch, emptyStepChart, emptyStepCategories, emptyStepImport: String
    let titleLabel, watchedOnLabel, ratingLabel, ratingHint, categoryLabel, placeLabel, memoLabel, memoHint: String
    let noRating, noCategory, placeCinema, placeHome, placeUnspecified, makeCategoriesHint: String
    let saveNote, saveChanges, noteSaved, noteDeleted, sameDay, edit, delete, deleteForever, watchedAgain: String
    let backToNotes, noMemo, otherViewings, chartLabel, releaseYearLabel, englishTitleLabel: String
    let genresLabel, nationsLabel, directorsLabel, deleteNoteTitle: String
    let titleRequired, titleInvalid, dateRequired, dateInvalid, ratingRule, categoryUnknown, placeRule: String
    let chartInvalid: String
    let pickMovieTitle, pickMovieIntro, pickFromChart, movieTitleSearchLabel, search, noMovieFound: String

    // Categories
    let categoriesTitle, categoriesEmpty, newCategoryTitle, categoryNameLabel, categoryNamePlaceholder: String
    let createCategory, categoryCreated, categoryDeleted, rename, hide, show, hiddenBadge, hiddenExplained: String
    let categoryNameRequired, categoryNameInvalid: String
    let deleteCategoryTitle, keepNotesUncategorized, moveNotesTo, deleteNotesToo, deleteCategoryButton: String
    let moveTargetRequired, deleteChoiceRequired: String

    // Statistics
    let statsTitle, statsEmpty, statsEmptyYear, allTime, yearsLabel, moviesFact, averageRatingFact: String
    let daysAtTheMoviesFact, busiestMonthFact, firstOfYearFact, lastOfYearFact, topRatedTitle, rewatchedTitle: String
    let perMonthTitle, perGenreTitle, perNationTitle, topDirectorsTitle, ratingsTitle, koreanForeignTitle: String
    let koreanMovies, foreignMovies, unknownNation, notesHeader, monthHeader, genreHeader, nationHeader: String
    let directorHeader, ratingHeader, shareHeader: String

    // Import and export
    let transferTitle, exportTitle, importTitle, importIntro, formatLabel, fileLabel, pasteLabel, importButton: String
    let formatRequired, importEmpty, importReportTitle, categoriesCreatedLabel, skippedRowsTitle, rowHeader: String
    let reasonHeader: String

    static let korean = DiaryPageStrings(english: false)
    static let english = DiaryPageStrings(english: true)

    static func table(for language: Language) -> DiaryPageStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        myDiary = t("내 영화 일기", "My diary")
        logIn = t("로그인", "Log in")
        logOut = t("로그아웃", "Log out")
        signUp = t("가입하기", "Sign up")
        addToDiary = t("+ 내 일기에 쓰기", "+ Add to my diary")
        diaryNavLabel = t("영화 일기", "Diary")
        signedInAs = t("로그인:", "Signed in as")
        navNotes = t("기록", "Notes")
        navNewNote = t("새 기록", "New note")
        navCategories = t("분류", "Categories")
        navStats = t("통계", "Statistics")
        navTransfer = t("가져오기·내보내기", "Import & export")
        navAccount = t("계정", "Account")
        loginTitle = t("로그인", "Log in")
        signupTitle = t("영화 일기 가입", "Sign up for the diary")
        signupIntro = t(
            "본 영화를 기록하고, 나만의 분류로 정리하고, 통계로 돌아보세요.",
            "Record the movies you watch, file them under your own categories, and look back with statistics.")
        usernameLabel = t("아이디", "Username")
        passwordLabel = t("비밀번호", "Password")
        passwordConfirmLabel = t("비밀번호 확인", "Confirm password")
        usernameRule = t(
            "아이디는 3–32자의 글자, 숫자, _ . - 로 만듭니다.", "Usernames are 3–32 letters, digits, _ . or -.")
        passwordRule = t(
            "비밀번호는 8자 이상(최대 72바이트)이어야 합니다.", "Passwords are at least 8 characters (at most 72 bytes).")
        passwordMismatch = t("두 비밀번호가 서로 다릅니다.", "The two passwords differ.")
        noAccountYet = t("아직 계정이 없나요?", "No account yet?")
        haveAccount = t("이미 계정이 있나요?", "Already have an account?")
        loggedOut = t("로그아웃했습니다.", "You are logged out.")
        logOutQuestion = t("이 브라우저에서 로그아웃할까요?", "Log out in this browser?")
        csrfRefused = t(
            "보안 토큰이 없거나 맞지 않아 요청을 거절했습니다. 이 사이트에서 보낸 양식이 아니거나 페이지가 오래되었습니다. 페이지를 새로 고친 뒤 다시 보내 주세요. 아무것도 저장되지 않았습니다.",
            "This form was refused: its security token is missing or wrong (the form did not come from this site, or the page is too old). Reload the page and send it again. Nothing was saved."
        )
        fixThese = t("다음을 고쳐 주세요:", "Please fix the following:")
        cancel = t("취소", "Cancel")
        accountTitle = t("계정", "Account")
        changePasswordTitle = t("비밀번호 바꾸기", "Change password")
        currentPasswordLabel = t("지금 비밀번호", "Current password")
        newPasswordLabel = t("새 비밀번호", "New password")
        changePasswordHint = t(
            "비밀번호를 바꾸면 다른 모든 브라우저에서 로그아웃됩니다.",
            "Changing the password logs you out of every other browser.")
        changePasswordButton = t("비밀번호 바꾸기", "Change password")
        passwordChanged = t(
            "비밀번호를 바꿨습니다. 다른 브라우저에서는 로그아웃되었습니다. API 토큰은 아래에서 폐기할 때까지 계속 쓸 수 있습니다.",
            "Password changed. Other browsers were logged out. API tokens keep working until you revoke them below.")
        revokeTokensToo = t(
            "API 토큰도 모두 폐기하기 (토큰을 쓰는 앱과 스크립트에는 새 토큰이 필요합니다)",
            "Also revoke every API token (apps and scripts that use one will need a new token)")
        passwordChangedTokensRevoked = t(
            "비밀번호를 바꿨습니다. 다른 브라우저에서는 로그아웃되었고 API 토큰은 모두 폐기했습니다.",
            "Password changed. Other browsers were logged out and every API token was revoked.")
        deleteAccountTitle = t("계정 지우기", "Delete account")
        deleteAccountIntro = t(
            "계정을 지우면 일기(기록과 분류), 보고 싶은 영화, 알림, 웹훅, 피드 주소, API 토큰이 모두 바로 지워지며 되돌릴 수 없습니다.",
            "Deleting the account deletes your diary (notes and categories), watchlist, alerts, webhooks, feed addresses and API tokens at once, for good."
        )
        deleteAccountExport = t("먼저 일기를 내보내 두세요.", "Export your diary first.")
        deleteAccountButton = t("계정과 일기 지우기", "Delete account and diary")
        accountDeleted = t("계정과 일기를 지웠습니다.", "Your account and diary were deleted.")
        deleteAccountConfirm = t(
            "계정과 일기가 모두 지워지고 되돌릴 수 없다는 것을 압니다.",
            "I understand my account and diary will be deleted for good.")
        deleteAccountUnconfirmed = t(
            "계정을 지우려면 확인란에 표시해 주세요. 아무것도 지우지 않았습니다.",
            "Tick the box to confirm. Nothing was deleted.")
        tokensTitle = t("API 토큰", "API tokens")
        tokensIntro = t(
            "API 토큰으로 스크립트나 앱에서 /api/v1의 일기 API를 쓸 수 있습니다 (Authorization: Bearer 토큰).",
            "API tokens let scripts and apps use the diary API under /api/v1 (Authorization: Bearer <token>).")
        tokenNameLabel = t("토큰 이름", "Token name")
        tokenNamePlaceholder = t("예: 노트북 스크립트", "e.g. laptop script")
        tokenNameRule = t(
            "토큰 이름은 100자 이하이고 줄바꿈이나 제어 문자를 쓸 수 없습니다.",
            "Token names are at most 100 characters, without line breaks or control characters.")
        createToken = t("토큰 만들기", "Create token")
        newTokenShownOnce = t(
            "새 토큰입니다. 지금 복사해 두세요. 다시 보여 드리지 않습니다.",
            "Your new token. Copy it now: it will not be shown again.")
        tokenSecretLabel = t("새 토큰", "New token")
        tokenRevoked = t("토큰을 폐기했습니다.", "Token revoked.")
        noTokens = t("API 토큰이 없습니다.", "You have no API tokens.")
        createdLabel = t("만든 때", "Created")
        lastUsedLabel = t("마지막 사용", "Last used")
        never = t("없음", "Never")
        revoke = t("폐기", "Revoke")

        notesTitle = t("내 영화 기록", "My notes")
        uncategorizedNotes = t("분류 없는 기록", "Notes without a category")
        allNotes = t("전체", "All")
        uncategorized = t("분류 없음", "No category")
        allCategories = t("모든 분류", "All categories")
        anyRating = t("모든 별점", "Any rating")
        apply = t("적용", "Apply")
        sortLabelTitle = t("정렬", "Sort by")
        orderLabel = t("순서", "Order")
        orderDefault = t("기본", "Default")
        orderAscending = t("오름차순", "Ascending")
        orderDescending = t("내림차순", "Descending")
        watchedYearLabel = t("본 해", "Year watched")
        noMatchingNotes = t("조건에 맞는 기록이 없습니다.", "No notes match these filters.")
        clearFilters = t("조건 지우기", "Clear the filters")
        pagesLabel = t("쪽", "Pages")
        previousPage = t("이전 쪽", "Previous page")
        nextPage = t("다음 쪽", "Next page")
        emptyDiaryTitle = t("첫 기록을 남겨 보세요", "Write your first note")
        emptyDiaryIntro = t(
            "영화 일기가 비어 있습니다. 본 영화를 찾아 날짜, 별점, 감상을 남기면 여기에 쌓입니다.",
            "Your diary is empty. Find a movie you watched and note the day, a rating and your thoughts; they collect here."
        )
        emptyStepSearch = t("영화를 검색해서 기록하기", "Search for a movie and write a note")
        emptyStepChart = t(
            "박스오피스 순위표에서 본 영화 옆의 ‘+ 내 일기에 쓰기’ 누르기",
            "Or open the box office chart and press “+ Add to my diary” on a movie")
        emptyStepCategories = t(
            "‘스릴러’, ‘극장에서 본 영화’ 같은 나만의 분류 만들기", "Make your own categories, such as “Thrillers” or “Seen with Mom”")
        emptyStepImport = t(
            "다른 곳(Letterboxd 등)의 기록 가져오기", "Import notes from elsewhere (Letterboxd, a CSV or JSON file)")
        titleLabel = t("제목", "Title")
        watchedOnLabel = t("본 날", "Watched on")
        ratingLabel = t("별점", "Rating")
        ratingHint = t("0.5점 단위, 0.5–5점", "In half stars, 0.5 to 5")
        categoryLabel = t("분류", "Category")
        placeLabel = t("본 곳", "Where")
        memoLabel = t("감상", "Memo")
        memoHint = t("최대 10,000자", "Up to 10,000 characters")
        noRating = t("별점 없음", "No rating")
        noCategory = t("분류 없음", "No category")
        placeCinema = t("극장", "Cinema")
        placeHome = t("집", "Home")
        placeUnspecified = t("정하지 않음", "Not said")
        makeCategoriesHint = t("분류 만들기", "Make categories")
        saveNote = t("기록 저장", "Save note")
        saveChanges = t("고친 내용 저장", "Save changes")
        noteSaved = t("기록을 저장했습니다.", "Note saved.")
        noteDeleted = t("기록을 지웠습니다.", "Note deleted.")
        sameDay = t("같은 날", "same day")
        edit = t("고치기", "Edit")
        delete = t("지우기", "Delete")
        deleteForever = t("영구히 지우기", "Delete for good")
        watchedAgain = t("다시 봤어요 (새 기록)", "Watched it again (new note)")
        backToNotes = t("기록 목록으로", "Back to my notes")
        noMemo = t("감상을 남기지 않았습니다.", "No memo.")
        otherViewings = t("이 영화의 다른 기록", "Other viewings of this movie")
        chartLabel = t("순위", "Chart")
        releaseYearLabel = t("개봉 연도", "Release year")
        englishTitleLabel = t("영문 제목", "English title")
        genresLabel = t("장르", "Genres")
        nationsLabel = t("제작 국가", "Nations")
        directorsLabel = t("감독", "Directors")
        deleteNoteTitle = t("기록 지우기", "Delete the note")
        titleRequired = t("제목을 적어 주세요.", "The title must not be empty.")
        titleInvalid = t("제목에는 줄바꿈이나 제어 문자를 쓸 수 없습니다.", "The title must not contain line breaks or control characters.")
        dateRequired = t("본 날을 골라 주세요.", "Choose the day you watched it.")
        dateInvalid = t("본 날은 YYYY-MM-DD 형식의 실제 날짜여야 합니다.", "The day watched must be a real date as YYYY-MM-DD.")
        ratingRule = t("별점은 0.5점 단위로 0.5–5점입니다.", "The rating is 0.5 to 5 stars in half stars.")
        categoryUnknown = t("그런 분류가 없습니다. 목록에서 골라 주세요.", "There is no such category: pick one from the list.")
        placeRule = t("본 곳은 극장 또는 집입니다.", "Where must be cinema or home.")
        chartInvalid = t("순위 정보(날짜와 순위)가 올바르지 않습니다.", "The chart day and rank are not valid.")
        pickMovieTitle = t("어떤 영화를 봤나요?", "Which movie did you watch?")
        pickMovieIntro = t("제목으로 영화를 찾으세요.", "Find the movie by its title.")
        pickFromChart = t("순위표에서 고르기", "Or pick it from the chart")
        movieTitleSearchLabel = t("영화 제목", "Movie title")
        search = t("검색", "Search")
        noMovieFound = t("그런 제목의 영화를 찾지 못했습니다.", "No movie with that title was found.")

        categoriesTitle = t("분류", "Categories")
        categoriesEmpty = t(
            "아직 분류가 없습니다. 분류는 나만의 장르입니다: ‘스릴러’, ‘다시 볼 영화’, ‘가족과 함께’처럼 만들고 기록마다 하나를 고르세요.",
            "No categories yet. Categories are your own genres, such as “Thrillers”, “To rewatch” or “With family”: make some and pick one for each note."
        )
        newCategoryTitle = t("새 분류", "New category")
        categoryNameLabel = t("분류 이름", "Category name")
        categoryNamePlaceholder = t("예: 스릴러", "e.g. Thrillers")
        createCategory = t("분류 만들기", "Create category")
        categoryCreated = t("분류를 만들었습니다.", "Category created.")
        categoryDeleted = t("분류를 지웠습니다.", "Category deleted.")
        rename = t("이름 바꾸기", "Rename")
        hide = t("숨기기", "Hide")
        show = t("보이기", "Show")
        hiddenBadge = t("숨김", "hidden")
        hiddenExplained = t(
            "숨긴 분류는 기록 목록의 탭에 나오지 않지만, 기록은 그대로 남습니다.",
            "Hidden categories are left out of the list's tabs; their notes stay.")
        categoryNameRequired = t("분류 이름을 적어 주세요.", "The name must not be empty.")
        categoryNameInvalid = t(
            "분류 이름에는 줄바꿈이나 제어 문자를 쓸 수 없습니다.", "The name must not contain line breaks or control characters.")
        deleteCategoryTitle = t("분류 지우기", "Delete the category")
        keepNotesUncategorized = t("기록은 남기고 분류만 없애기", "Keep the notes, without a category")
        moveNotesTo = t("기록을 다른 분류로 옮기기:", "Move the notes to:")
        deleteNotesToo = t("기록도 함께 지우기", "Delete the notes too")
        deleteCategoryButton = t("분류 지우기", "Delete the category")
        moveTargetRequired = t("기록을 옮길 분류를 골라 주세요.", "Choose the category to move the notes to.")
        deleteChoiceRequired = t(
            "이 분류의 기록을 어떻게 할지 골라 주세요.", "Choose what happens to the notes in this category.")

        statsTitle = t("내 영화 통계", "My statistics")
        statsEmpty = t("통계를 낼 기록이 아직 없습니다.", "There are no notes to count yet.")
        statsEmptyYear = t("이 해에 본 영화의 기록이 없습니다.", "No notes of movies watched in this year.")
        allTime = t("전체 기간", "All time")
        yearsLabel = t("연도", "Years")
        moviesFact = t("영화", "Movies")
        averageRatingFact = t("평균 별점", "Average rating")
        daysAtTheMoviesFact = t("영화 본 날", "Days with a movie")
        busiestMonthFact = t("가장 많이 본 달", "Busiest month")
        firstOfYearFact = t("첫 영화", "First movie")
        lastOfYearFact = t("마지막 영화", "Last movie")
        topRatedTitle = t("별점 높은 영화", "Highest rated")
        rewatchedTitle = t("다시 본 영화", "Watched more than once")
        perMonthTitle = t("달마다 본 영화", "Notes per month")
        perGenreTitle = t("장르별", "By genre")
        perNationTitle = t("제작 국가별", "By nation")
        topDirectorsTitle = t("많이 본 감독", "Top directors")
        ratingsTitle = t("별점 분포", "Ratings")
        koreanForeignTitle = t("한국영화와 외국영화", "Korean and foreign movies")
        koreanMovies = t("한국영화", "Korean")
        foreignMovies = t("외국영화", "Foreign")
        unknownNation = t("국가 정보 없음", "Nation unknown")
        notesHeader = t("기록", "Notes")
        monthHeader = t("달", "Month")
        genreHeader = t("장르", "Genre")
        nationHeader = t("국가", "Nation")
        directorHeader = t("감독", "Director")
        ratingHeader = t("별점", "Rating")
        shareHeader = t("비율", "Share")

        transferTitle = t("가져오기와 내보내기", "Import and export")
        exportTitle = t("내보내기", "Export")
        importTitle = t("가져오기", "Import")
        importIntro = t(
            "파일을 고르거나 내용을 붙여 넣으세요. 이미 있는 기록(같은 영화, 같은 날)은 다시 들어가지 않으니 같은 파일을 또 가져와도 됩니다.",
            "Choose a file or paste its contents. Notes you already have (same movie, same day) are skipped, so importing the same file again is safe."
        )
        formatLabel = t("형식", "Format")
        fileLabel = t("파일", "File")
        pasteLabel = t("또는 내용 붙여 넣기", "Or paste the contents")
        importButton = t("가져오기", "Import")
        formatRequired = t("형식을 골라 주세요 (CSV, JSON, Letterboxd).", "Choose a format (CSV, JSON or Letterboxd).")
        importEmpty = t("가져올 파일을 고르거나 내용을 붙여 넣어 주세요.", "Choose a file to import or paste its contents.")
        importReportTitle = t("가져오기 결과", "Import report")
        categoriesCreatedLabel = t("새로 만든 분류:", "Categories created:")
        skippedRowsTitle = t("건너뛴 줄", "Skipped rows")
        rowHeader = t("줄", "Row")
        reasonHeader = t("이유", "Reason")
    }

    // MARK: - Messages with values

    /// The box a statistics chart scrolls in: "Notes per month, chart".
    func chartBox(_ title: String) -> String { isEnglish ? "\(title), chart" : "\(title) 차트" }

    func memberSince(_ day: String) -> String { isEnglish ? "member since \(day)" : "\(day) 가입" }
    func revokeToken(_ name: String) -> String { isEnglish ? "Revoke the token \(name)" : "\(name) 토큰 폐기" }

    func notesInCategory(_ name: String) -> String { isEnglish ? "Notes in “\(name)”" : "‘\(name)’ 분류의 기록" }
    func tabLabel(_ name: String, count: Int) -> String { "\(name) (\(NumberFormatting.thousands(count)))" }

    func sortLabel(_ field: NoteSort.Field) -> String {
        switch field {
        case .created: return isEnglish ? "Date written" : "쓴 날"
        case .watchedOn: return isEnglish ? "Date watched" : "본 날"
        case .releaseYear: return isEnglish ? "Release year" : "개봉 연도"
        case .title: return isEnglish ? "Title" : "제목"
        case .rating: return isEnglish ? "Rating" : "별점"
        }
    }

    func noteCount(_ count: Int) -> String {
        let number = NumberFormatting.thousands(count)
        return isEnglish ? "\(number) note\(count == 1 ? "" : "s")" : "기록 \(number)개"
    }

    func pageOf(_ page: Int, _ count: Int) -> String {
        isEnglish ? "Page \(page) of \(count)" : "\(count)쪽 중 \(page)쪽"
    }

    func newNoteHeading(_ title: String) -> String { isEnglish ? "New note: \(title)" : "새 기록: \(title)" }
    func editNoteHeading(_ title: String) -> String { isEnglish ? "Edit: \(title)" : "기록 고치기: \(title)" }
    func hiddenCategory(_ name: String) -> String { isEnglish ? "\(name) (hidden)" : "\(name) (숨김)" }

    func chartSeen(rank: Int, date: String) -> String {
        isEnglish ? "#\(rank) on the box office chart of \(date)" : "\(date) 박스오피스 \(rank)위"
    }

    func existingNotes(_ count: Int) -> String {
        isEnglish
            ? "You already have \(count == 1 ? "a note" : "\(count) notes") about this movie. Watching it again is fine; a note for the same day would be a duplicate."
            : "이 영화의 기록이 이미 \(count)개 있습니다. 다시 본 기록은 괜찮지만, 같은 날의 기록은 중복입니다."
    }

    func duplicateWarning(count: Int, title: String, date: String) -> String {
        isEnglish
            ? "You have \(count == 1 ? "another note" : "\(count) other notes") about \(title) watched on \(date): a duplicate?"
            : "\(date)에 본 \(title)의 기록이 \(count)개 더 있습니다. 중복이 아닌지 확인해 보세요."
    }

    func ratingOutOfFive(_ stars: String) -> String { isEnglish ? "\(stars) out of 5 stars" : "별 5개 중 \(stars)개" }

    func writtenAt(_ created: String, updated: String?) -> String {
        let base = isEnglish ? "Written \(created)" : "\(created) 작성"
        guard let updated else { return base }
        return isEnglish ? "\(base), edited \(updated)" : "\(base), \(updated) 고침"
    }

    func deleteNoteQuestion(_ title: String) -> String {
        isEnglish ? "Delete your note about \(title)?" : "\(title)의 기록을 지울까요?"
    }

    func deleteNoteDetails(_ date: String) -> String {
        isEnglish ? "The note of \(date) is deleted for good." : "\(date)의 기록이 영구히 지워집니다."
    }

    func writeNoteAbout(_ title: String) -> String { isEnglish ? "Write a note about \(title)" : "\(title) 기록하기" }
    func searchHits(_ count: Int) -> String {
        let number = NumberFormatting.thousands(count)
        return isEnglish ? "\(number) movie\(count == 1 ? "" : "s") found" : "영화 \(number)편"
    }

    func titleTooLong(_ limit: Int) -> String {
        isEnglish ? "The title must be at most \(limit) characters long." : "제목은 \(limit)자를 넘을 수 없습니다."
    }

    func dateInFuture(_ today: String) -> String {
        isEnglish
            ? "The day watched cannot be in the future; the latest is \(today) (today in Korea)."
            : "본 날은 미래일 수 없습니다. 가장 늦은 날은 오늘(한국 시간) \(today)입니다."
    }

    func dateTooEarly(_ earliest: String) -> String {
        isEnglish ? "The day watched must be \(earliest) or later." : "본 날은 \(earliest) 이후여야 합니다."
    }

    func memoTooLong(count: Int, limit: Int) -> String {
        let typed = NumberFormatting.thousands(count)
        let maximum = NumberFormatting.thousands(limit)
        return isEnglish
            ? "The memo is too long: \(typed) characters; the limit is \(maximum)."
            : "감상이 너무 깁니다: \(typed)자입니다. 최대 \(maximum)자까지 쓸 수 있습니다."
    }

    func categoryNameTooLong(_ limit: Int) -> String {
        isEnglish ? "The name must be at most \(limit) characters long." : "분류 이름은 \(limit)자를 넘을 수 없습니다."
    }

    func renameCategory(_ name: String) -> String { isEnglish ? "New name for \(name)" : "\(name)의 새 이름" }
    func moveUp(_ name: String) -> String { isEnglish ? "Move \(name) up" : "\(name) 위로" }
    func moveDown(_ name: String) -> String { isEnglish ? "Move \(name) down" : "\(name) 아래로" }
    func deleteCategoryLabel(_ name: String) -> String { isEnglish ? "Delete \(name)" : "\(name) 지우기" }
    func deleteCategoryQuestion(_ name: String) -> String {
        isEnglish ? "Delete the category “\(name)”?" : "‘\(name)’ 분류를 지울까요?"
    }

    func deleteCategoryNotesQuestion(_ count: Int) -> String {
        isEnglish
            ? "It has \(noteCount(count)). What happens to them?"
            : "이 분류에 \(noteCount(count))가 있습니다. 기록은 어떻게 할까요?"
    }

    func yearInReviewTitle(_ year: Int) -> String { isEnglish ? "\(year) in review" : "\(year)년 돌아보기" }

    func monthWithCount(_ month: String, _ count: Int) -> String { "\(month) (\(noteCount(count)))" }

    func timesWatched(_ count: Int) -> String { isEnglish ? "\(count) times" : "\(count)번" }

    /// Under the year's most rewatched movies, when more were watched twice or more than the list names.
    func moreRewatched(_ count: Int) -> String {
        isEnglish
            ? "…and \(NumberFormatting.thousands(count)) more watched more than once."
            : "…그리고 \(NumberFormatting.thousands(count))편을 더 다시 보았습니다."
    }

    func perMonthSummary(_ busiest: (label: String, count: Int)?) -> String {
        guard let busiest else { return perMonthTitle }
        return isEnglish
            ? "\(perMonthTitle): the most in \(busiest.label), \(noteCount(busiest.count)). The table below has every month."
            : "\(perMonthTitle): 가장 많이 본 달은 \(busiest.label), \(noteCount(busiest.count))입니다. 아래 표에 모든 달이 있습니다."
    }

    func rankedSummary(_ title: String, top: (label: String, count: Int)?) -> String {
        guard let top else { return title }
        return isEnglish
            ? "\(title): \(top.label) leads with \(noteCount(top.count)). The table below has the figures."
            : "\(title): 가장 많은 것은 \(top.label), \(noteCount(top.count))입니다. 아래 표에 수치가 있습니다."
    }

    func koreanForeignSummary(korean: String, foreign: String) -> String {
        isEnglish ? "Korean movies \(korean), foreign movies \(foreign)." : "한국영화 \(korean), 외국영화 \(foreign)."
    }

    func formatName(_ format: DiaryFileFormat) -> String {
        switch format {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .letterboxd: return "Letterboxd CSV"
        }
    }

    func formatDetails(_ format: DiaryFileFormat) -> String {
        switch format {
        case .csv:
            return isEnglish ? "every field, one note per row (spreadsheets)" : "모든 항목, 한 줄에 기록 하나 (스프레드시트용)"
        case .json:
            return isEnglish ? "a lossless copy with your categories" : "분류까지 그대로 옮기는 완전한 사본"
        case .letterboxd:
            return isEnglish ? "Letterboxd’s diary import format" : "Letterboxd 일기 가져오기 형식"
        }
    }

    func importSummary(rows: Int, imported: Int, skipped: Int) -> String {
        let (r, i, s) = (
            NumberFormatting.thousands(rows), NumberFormatting.thousands(imported), NumberFormatting.thousands(skipped)
        )
        return isEnglish
            ? "\(r) row\(rows == 1 ? "" : "s") read: \(i) imported, \(s) skipped."
            : "\(r)줄을 읽어 \(i)개를 가져오고 \(s)개를 건너뛰었습니다."
    }

    func importRefused(_ reason: String) -> String {
        isEnglish ? "The file could not be imported: \(reason)" : "파일을 가져올 수 없습니다: \(reason)"
    }
}
