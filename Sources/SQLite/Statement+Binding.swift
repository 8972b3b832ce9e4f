import CSQLite
import Storage

extension Statement {
    /// The number of parameters (`?`, `?1`, `:name`) in the SQL.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds values to the parameters by position; the count must match `parameterCount`.
    public func bind(_ values: [any SQLBindable]) throws {
        guard values.count == parameterCount else {
            let message = "expected \(parameterCount) values to bind, got \(values.count)"
            throw SQLiteError(code: SQLITE_RANGE, message: message, sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value.sqlValue, at: Int32(offset + 1))
        }
    }

    /// Binds values by parameter name; a key may be written `name` or `:name` (also `@name`, `$name`).
    public func bind(_ named: [String: any SQLBindable]) throws {
        for (name, value) in named {
            guard let index = parameterIndex(for: name) else {
                throw SQLiteError(code: SQLITE_RANGE, message: "no parameter named \"\(name)\"", sql: sql)
            }
            try bind(value.sqlValue, at: index)
        }
    }

    private func parameterIndex(for name: String) -> Int32? {
        let candidates = name.first.map { ":@$".contains($0) } == true ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return index }
        }
        return nil
    }

    private func bind(_ value: SQLValue, at index: Int32) throws {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            result = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            result = bindText(text, at: index)
        case .blob(let bytes):
            result =
                bytes.isEmpty
                ? sqlite3_bind_zeroblob(handle, index, 0)
                : bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transientDestructor) }
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, connection: connection, sql: sql)
        }
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // An empty string may have no address, and a null pointer would bind NULL.
            guard let start = bytes.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transientDestructor)
            }
        }
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
