/// Simplified Chinese texts of profile pages.
extension Messages {
    static let chineseProfile: [String: String] = [:]
}
