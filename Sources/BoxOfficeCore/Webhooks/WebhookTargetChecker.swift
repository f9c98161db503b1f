/// Decides whether a URL may be a webhook's target (server-side request forgery): the live check, in `BoxOfficeApp`,
/// normalises the URL and resolves its host; tests may pass a table.
public protocol WebhookTargetChecker: Sendable {
    /// `url` normalised (the spelling that is stored and sent to) once its host is found to be public; throws why it
    /// cannot be a target.
    func checkedURL(_ url: String) async throws(WebhookTargetProblem) -> String
}
