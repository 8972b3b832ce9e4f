import HTTP
import Mustache

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

    /// The language switch of the pages of each language, encoded once.
    private static let languageLinks: [Language: MustacheValue] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in
            let links = Language.allCases.map { Values.LanguageLink(code: $0.code, name: $0.nativeName, current: $0 == language) }
            // Encoding names and flags cannot fail.
            return (language, (try? MustacheEncoder().encode(links)) ?? .null)
        })

    /// The layout's values (`{{layout.…}}`), with texts from `messages`.
    func values(_ messages: Messages) -> Values {
        let back = PercentEncoding.encode(SafePath.validated(currentTarget))
        return Values(
            lang: language.code,
            languages: Self.languageLinks[language] ?? .null,
            back: back,
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
        /// A link of the language switch; it returns to `back`.
        struct LanguageLink: Encodable {
            let code: String
            let name: String
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
        /// The language switch's links (`LanguageLink`), the same on every page of a language:
        /// encoded once.
        let languages: MustacheValue
        /// The page's own address, percent-encoded, for the language switch to return to.
        let back: String
        let loginHref: String
        let cart: CartLink?
        let user: Menu?
        /// The token of the logout form, for a logged-in user.
        let csrf: String?
        let uncheckedSession: Bool
        let visitor: Bool
    }
}
