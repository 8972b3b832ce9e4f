import Mustache

/// The switch-account page (`accounts/switch`): the accounts recently used in this browser, the
/// current one marked.
struct SwitchAccountPageViewModel: MustacheRenderable {
    /// Account names, most recent first.
    let accounts: [String]
    /// The logged-in account, lowercased; nil for a visitor.
    let current: String?

    var mustacheValue: MustacheValue {
        .object([
            "accounts": .list(accounts.map { account in
                .object(["name": .string(account), "isCurrent": .bool(account.lowercased() == current)])
            }),
            "hasAccounts": .bool(!accounts.isEmpty),
        ])
    }
}
