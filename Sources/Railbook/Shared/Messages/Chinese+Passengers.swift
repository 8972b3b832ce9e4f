/// Simplified Chinese texts of passengers pages.
extension Messages {
    static let chinesePassengers: [String: String] = [:]
}
