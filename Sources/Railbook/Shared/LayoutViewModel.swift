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
        self.init(language: context.language, currentTarget: context.target, user: context.user, csrfToken: context.csrfToken,
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

    /// The layout's values, with texts from `messages`.
    func mustacheValue(_ messages: Messages) -> MustacheValue {
        let back = PercentEncoding.encode(SafePath.validated(currentTarget))
        let languages: [MustacheValue] = Language.allCases.map { option in
            .object([
                "code": .string(option.code),
                "name": .string(option.nativeName),
                "href": .string("/language/" + option.code + "?back=" + back),
                "current": .bool(option == language),
            ])
        }
        var layout: MustacheObject = [
            "lang": .string(language.code),
            "languages": .list(languages),
            "loginHref": .string(returnsHereAfterLogin ? "/login?next=" + back : "/login"),
        ]
        if let cart {
            layout["cart"] = .object(["href": .string(cart.href), "count": .int(cart.itemCount)])
        }
        if let user {
            var menu: MustacheObject = ["name": .string(user.name), "isAdmin": .bool(user.isAdmin)]
            if unreadNotices > 0 {
                menu["unreadNotices"] = .int(unreadNotices)
                menu["unreadText"] = .string(messages.text("nav_unread_notices", language, count: unreadNotices))
            }
            layout["user"] = .object(menu)
            layout["csrf"] = csrfToken.map(MustacheValue.string) ?? .null
        } else if hasUncheckedSession {
            layout["uncheckedSession"] = .bool(true)
        } else {
            layout["visitor"] = .bool(true)
        }
        return .object(layout)
    }
}
