/// The `page` query parameter of a paged list.
enum PageNumber {
    /// 1 when `text` is absent, the page when it is a whole number from 1 (up to six digits), and
    /// nil for anything else (the list then says so and shows the first page).
    static func parse(_ text: String?) -> Int? {
        guard let text else { return 1 }
        guard (1...6).contains(text.count), text.allSatisfy(\.isASCIIDigit), let page = Int(text), page >= 1 else { return nil }
        return page
    }

    /// How many pages `total` items fill, `pageSize` a page (at least one, even when empty).
    static func count(total: Int, pageSize: Int) -> Int {
        max(1, (total + pageSize - 1) / pageSize)
    }
}
