/// The login page (`accounts/login`): the typed login name, where to go afterwards, and the
/// message of a refused attempt and the notice under it, if any.
struct LoginPageViewModel: Encodable {
    let login: String
    /// The local path to open after logging in.
    let next: String
    let error: String?
    let notice: String?
}
