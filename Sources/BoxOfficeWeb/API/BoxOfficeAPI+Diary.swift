/// The diary's operations: every one but `createUser` and `createToken` runs behind ``DiaryBearerTokenMiddleware``.
extension BoxOfficeAPI {
    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output {
        try await accounts.createUser(input)
    }

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        try await accounts.createToken(input)
    }

    func listTokens(_ input: Operations.ListTokens.Input) async throws -> Operations.ListTokens.Output {
        try await accounts.listTokens(input)
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        try await accounts.revokeToken(input)
    }

    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        try await accounts.deleteAccount(input)
    }

    func listCategories(_ input: Operations.ListCategories.Input) async throws -> Operations.ListCategories.Output {
        try await categories.listCategories(input)
    }

    func createCategory(_ input: Operations.CreateCategory.Input) async throws -> Operations.CreateCategory.Output {
        try await categories.createCategory(input)
    }

    func updateCategory(_ input: Operations.UpdateCategory.Input) async throws -> Operations.UpdateCategory.Output {
        try await categories.updateCategory(input)
    }

    func deleteCategory(_ input: Operations.DeleteCategory.Input) async throws -> Operations.DeleteCategory.Output {
        try await categories.deleteCategory(input)
    }

    func listNotes(_ input: Operations.ListNotes.Input) async throws -> Operations.ListNotes.Output {
        try await notes.listNotes(input)
    }

    func createNote(_ input: Operations.CreateNote.Input) async throws -> Operations.CreateNote.Output {
        try await notes.createNote(input)
    }

    func getNote(_ input: Operations.GetNote.Input) async throws -> Operations.GetNote.Output {
        try await notes.getNote(input)
    }

    func updateNote(_ input: Operations.UpdateNote.Input) async throws -> Operations.UpdateNote.Output {
        try await notes.updateNote(input)
    }

    func deleteNote(_ input: Operations.DeleteNote.Input) async throws -> Operations.DeleteNote.Output {
        try await notes.deleteNote(input)
    }

    func exportNotes(_ input: Operations.ExportNotes.Input) async throws -> Operations.ExportNotes.Output {
        try await transfer.exportNotes(input)
    }

    func importNotes(_ input: Operations.ImportNotes.Input) async throws -> Operations.ImportNotes.Output {
        try await transfer.importNotes(input)
    }

    func getDiaryStatistics(_ input: Operations.GetDiaryStatistics.Input) async throws
        -> Operations.GetDiaryStatistics.Output
    {
        try await stats.getDiaryStatistics(input)
    }
}
