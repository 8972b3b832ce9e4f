/// The switch-account page (`accounts/switch`): the accounts recently used in this browser, the
/// current one marked.
struct SwitchAccountPageViewModel: Encodable {
    /// One account the browser used.
    struct Account: Encodable {
        let name: String
        let isCurrent: Bool
    }

    /// Most recent first.
    let accounts: [Account]
    let hasAccounts: Bool

    /// The account names `accounts`, most recent first; `current` is the logged-in account,
    /// lowercased (nil for a visitor).
    init(accounts: [String], current: String?) {
        self.accounts = accounts.map { Account(name: $0, isCurrent: $0.lowercased() == current) }
        hasAccounts = !accounts.isEmpty
    }
}
