/// Reading record ids from the path, the same way on every route.
extension AppContext {
    /// The path segment `name` as a record id: 1–18 ASCII digits (so never a sign, a space or an
    /// overflow); nil for anything else, which the routes answer with 404.
    func recordID(_ name: String = "id") -> Int64? {
        guard let text = parameters[name], (1...18).contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int64(text)
    }
}
