extension Parameters {
    /// The value of `name`, which a route needs: a 404 when it is absent or empty.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let value = self[name], !value.isEmpty else { throw HTTPError(.notFound) }
        return value
    }

    /// The value of `name` as a record id: 1–18 ASCII digits (never a sign, a space or an
    /// overflow); a 404 for anything else.
    public func require(_ name: String, as type: Int64.Type) throws(HTTPError) -> Int64 {
        guard let text = self[name], (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int64(text)
        else { throw HTTPError(.notFound) }
        return value
    }
}
