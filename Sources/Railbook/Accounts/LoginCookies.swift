import HTTP

/// The cookies of logging in: the session token and the list of accounts recently used in this browser.
struct LoginCookies: Sendable {
    static let recentAccountsCookieName = "accounts"
    static let recentAccountsLimit = 5
    let usesSecureCookies: Bool

    /// The session cookie; persistent sessions survive closing the browser.
    func session(token: String, persistent: Bool) -> Cookie {
        var cookie = Cookie(name: Session.cookieName, value: token, maxAge: persistent ? Session.persistentLifetime : nil)
        cookie.isSecure = usesSecureCookies
        return cookie
    }

    /// Account names recently used in this browser, most recent first (names only, never secrets).
    static func recentAccounts(_ request: Request) -> [String] {
        let value = request.cookies[recentAccountsCookieName] ?? ""
        return value.split(separator: ".").map(String.init)
            .filter { AccountRules.accountProblem($0) == nil }
            .prefix(recentAccountsLimit).map { $0 }
    }

    /// The recent-accounts cookie with `account` moved to the front.
    func recentAccounts(adding account: String, to request: Request) -> Cookie {
        var accounts = LoginCookies.recentAccounts(request).filter { $0.lowercased() != account.lowercased() }
        accounts.insert(account, at: 0)
        var cookie = Cookie(
            name: LoginCookies.recentAccountsCookieName,
            value: accounts.prefix(LoginCookies.recentAccountsLimit).joined(separator: "."), maxAge: 365 * 86_400)
        cookie.isSecure = usesSecureCookies
        return cookie
    }
}
