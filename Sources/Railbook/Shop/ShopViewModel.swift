import Mustache

/// One shop as the shop list and the "switch shop" links show it: name, where it delivers, and
/// whether it is the shop used last.
struct ShopViewModel {
    let shop: Shop
    let messages: Messages
    let language: Language
    /// True for the shop the visitor used last (cookie `shop`) or is looking at.
    let isCurrent: Bool
    /// Pieces in the visitor's cart of this shop; nil when they have no cart there.
    var cartCount: Int? = nil

    /// The value the templates read.
    var mustacheValue: MustacheValue {
        var object: MustacheObject = [
            "code": .string(shop.code),
            "kind": .string(shop.kind.rawValue),
            "name": .string(shop.name.text(language)),
            "description": .string(shop.description.text(language)),
            "where": .string(whereText),
            "href": .string(ShopPaths.shop(shop.code)),
            "isCurrent": .bool(isCurrent),
            "isOpen": .bool(shop.isOpen),
        ]
        if let cartCount {
            object["cartCount"] = .string(String(cartCount))
            object["cartText"] = .string(messages.text("shop_cart_count", language, String(cartCount)))
        }
        return .object(object)
    }

    /// "On train G1 · delivered to your seat", "At 北京南 · …", "Posted to your address".
    var whereText: String {
        switch shop.kind {
        case .catering: messages.text("shop_where_catering", language, shop.trainNumber ?? "")
        case .station: messages.text("shop_where_station", language,
                                      language == .english && shop.stationEnglishName?.isEmpty == false ? shop.stationEnglishName ?? "" : shop.stationName ?? "")
        case .specialty: messages.text("shop_where_specialty", language)
        }
    }
}
