/// English texts of passengers pages.
extension Messages {
    static let englishPassengers: [String: String] = [:]
}
