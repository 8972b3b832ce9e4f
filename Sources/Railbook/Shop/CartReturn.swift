import HTTP

/// Where a cart action sends the browser: back to the same-site page it came from (the form's
/// `back` field, else the shop's page), with the outcome in the query — `cart_error` (a
/// `CartError`) or `cart_notice` (`added`, `removed`), and `cart_product`, the product concerned.
struct CartReturn {
    static let errorParameter = "cart_error"
    static let noticeParameter = "cart_notice"
    static let productParameter = "cart_product"

    /// What went well, for the notice on the page.
    enum Notice: String {
        case added, removed
    }

    /// The page to return to, without the outcome of an earlier action.
    let target: String

    /// The return to `back` when it is a same-site path, else to `fallback`.
    init(back: String?, fallback: String) {
        target = CartReturn.withoutOutcome(SafePath.validated(back, fallback: fallback))
    }

    /// Back to the page, saying why the change was refused.
    func redirect(refused error: CartError, productID: Int64) -> Response {
        .redirect(to: adding([(CartReturn.errorParameter, error.rawValue), (CartReturn.productParameter, String(productID))]))
    }

    /// Back to the page after a change, with a notice when there is one to give.
    func redirect(notice: Notice?, productID: Int64) -> Response {
        guard let notice else { return .redirect(to: target) }
        return .redirect(to: adding([(CartReturn.noticeParameter, notice.rawValue), (CartReturn.productParameter, String(productID))]))
    }

    /// `target` (a path with an optional raw query) without the `cart_…` parameters, so the page's
    /// forms return to it and outcomes do not pile up.
    static func withoutOutcome(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let kept = target[target.index(after: mark)...].split(separator: "&").filter { !$0.hasPrefix("cart_") }
        let path = String(target[..<mark])
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }

    private func adding(_ parameters: [(String, String)]) -> String {
        let query = parameters.map { $0.0 + "=" + PercentEncoding.encode($0.1) }.joined(separator: "&")
        return target + (target.contains("?") ? "&" : "?") + query
    }
}
