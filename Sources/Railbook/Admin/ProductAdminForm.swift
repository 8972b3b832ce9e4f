import HTTP

/// The small form of one product on `/admin/shops/:id`, as submitted: price in yuan, stock and
/// availability, with their problems.
struct ProductAdminForm: Sendable {
    /// Checked values, ready to save.
    struct Values: Sendable, Equatable {
        let priceFen: Int
        let stock: Int
        let isAvailable: Bool
    }

    var price: String
    var stock: String
    var available: String

    /// The product's current values.
    init(_ product: Product) {
        price = Money.format(product.priceFen).replacingOccurrences(of: "¥", with: "")
        stock = String(product.stock)
        available = product.isAvailable ? "1" : "0"
    }

    /// The submitted values, trimmed.
    init(form: Parameters) {
        price = String((form["price"] ?? "").trimmed.prefix(12))
        stock = String((form["stock"] ?? "").trimmed.prefix(12))
        available = (form["available"] ?? "").trimmed
    }

    /// The checked values, or the problems (message keys per field).
    func check() -> Result<Values, FormProblems> {
        var errors = FormErrors()
        let fen = FarePrice.fen(price)
        if fen == nil { errors.add("price", "admin_desk_error_price") }
        let count = stock.count <= 4 && !stock.isEmpty && stock.allSatisfy(\.isASCIIDigit) ? Int(stock) : nil
        if count == nil { errors.add("stock", "admin_desk_error_stock") }
        if available != "1" && available != "0" { errors.add("available", "admin_desk_error_available") }
        guard let fen, let count, errors.isEmpty else { return .failure(FormProblems(errors: errors)) }
        return .success(Values(priceFen: fen, stock: count, isAvailable: available == "1"))
    }

    /// The problems of a submitted form, as an error so it can travel in a `Result`.
    struct FormProblems: Error {
        let errors: FormErrors
    }
}
