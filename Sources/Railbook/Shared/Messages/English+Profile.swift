/// English texts of profile pages.
extension Messages {
    static let englishProfile: [String: String] = [:]
}
