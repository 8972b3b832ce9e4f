/// The error page (`errors/error`): the status in words, what went wrong, and, after a form sent
/// with an expired token, the way back to it.
struct ErrorPageViewModel: Encodable {
    /// "Error 404".
    let status: String
    let message: String
    /// The form's page to go back to, after a refused token.
    let backHref: String?
    /// The request's id, for the traveller to quote (it is on the request's log lines).
    let requestID: String
}
