import HTTP

/// What the layout shows around every page: language switch, navigation and the user's menu.
struct LayoutViewModel {
    let language: Language
    /// The page's own address, so the language switch can return to it.
    let currentTarget: String
    let user: User?
    let csrfToken: String?
    /// The cart link of the shop last used, when there is one.
    var cart: CartSummary? = nil
    /// The user's unread notices, counted next to "My Railbook".
    var unreadNotices = 0
    /// Whether "log in" returns to this page afterwards. Error pages say no: their address would
    /// only fail again, and a logged-in browser sent there from the login page would go round in a loop.
    var returnsHereAfterLogin = true
    /// True when the request carried a session cookie that was never read (the request was refused
    /// before the session was looked up): the header then claims neither a user nor a visitor and
    /// offers "My Railbook", where the session decides.
    var hasUncheckedSession = false

    /// The layout of a page rendered for the request `context` describes.
    init(context: AppContext) {
        self.init(
            language: context.language, currentTarget: context.target, user: context.user, csrfToken: context.csrfToken,
            cart: context.cartSummary, unreadNotices: context.unreadNotices)
    }

    init(language: Language, currentTarget: String, user: User?, csrfToken: String?, cart: CartSummary? = nil, unreadNotices: Int = 0) {
        self.language = language
        self.currentTarget = currentTarget
        self.user = user
        self.csrfToken = csrfToken
        self.cart = cart
        self.unreadNotices = unreadNotices
    }

    /// The layout's values (`{{layout.…}}`), with texts from `messages`.
    func values(_ messages: Messages) -> Values {
        let back = PercentEncoding.encode(SafePath.validated(currentTarget))
        return Values(
            lang: language.code,
            languages: Language.allCases.map { option in
                Values.LanguageLink(
                    code: option.code, name: option.nativeName, href: "/language/" + option.code + "?back=" + back,
                    current: option == language)
            },
            loginHref: returnsHereAfterLogin ? "/login?next=" + back : "/login",
            cart: cart.map { Values.CartLink(href: $0.href, count: $0.itemCount) },
            user: user.map { user in
                Values.Menu(
                    name: user.name, isAdmin: user.isAdmin, unreadNotices: unreadNotices > 0 ? unreadNotices : nil,
                    unreadText: unreadNotices > 0 ? messages.text("nav_unread_notices", language, count: unreadNotices) : nil)
            },
            csrf: user == nil ? nil : csrfToken,
            uncheckedSession: user == nil && hasUncheckedSession,
            visitor: user == nil && !hasUncheckedSession)
    }

    /// What `layout.mustache` reads under `layout`.
    struct Values: Encodable {
        /// A link of the language switch.
        struct LanguageLink: Encodable {
            let code: String
            let name: String
            let href: String
            let current: Bool
        }

        /// The cart link of the shop last used.
        struct CartLink: Encodable {
            let href: String
            let count: Int
        }

        /// The logged-in user's menu.
        struct Menu: Encodable {
            let name: String
            let isAdmin: Bool
            /// How many notices are unread, when any is.
            let unreadNotices: Int?
            let unreadText: String?
        }

        let lang: String
        let languages: [LanguageLink]
        let loginHref: String
        let cart: CartLink?
        let user: Menu?
        /// The token of the logout form, for a logged-in user.
        let csrf: String?
        let uncheckedSession: Bool
        let visitor: Bool
    }
}
