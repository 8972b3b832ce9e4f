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

    var mustacheValue: MustacheValue {
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
            "loginHref": .string("/login?next=" + back),
        ]
        if let cart {
            layout["cart"] = .object(["href": .string(cart.href), "count": .int(cart.itemCount)])
        }
        if let user {
            var menu: MustacheObject = ["name": .string(user.name), "isAdmin": .bool(user.isAdmin)]
            if unreadNotices > 0 { menu["unreadNotices"] = .int(unreadNotices) }
            layout["user"] = .object(menu)
            layout["csrf"] = csrfToken.map(MustacheValue.string) ?? .null
        }
        return .object(layout)
    }
}
