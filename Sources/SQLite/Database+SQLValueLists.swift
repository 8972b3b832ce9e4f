// Transitional: call sites that still spell values as `.integer(…)`/`.text(…)`. Removed once none is left.
extension Database {
    @_disfavoredOverload
    public func run(_ sql: String, _ values: [SQLValue]) throws { try run(sql, values as [any SQLBindable]) }
    @_disfavoredOverload
    public func run(_ sql: String, _ values: [String: SQLValue]) throws { try run(sql, values as [String: any SQLBindable]) }
    @_disfavoredOverload
    public func query(_ sql: String, _ values: [SQLValue]) throws -> [Row] { try query(sql, values as [any SQLBindable]) }
    @_disfavoredOverload
    public func query(_ sql: String, _ values: [String: SQLValue]) throws -> [Row] {
        try query(sql, values as [String: any SQLBindable])
    }
    @_disfavoredOverload
    public func queryOne(_ sql: String, _ values: [SQLValue]) throws -> Row? { try queryOne(sql, values as [any SQLBindable]) }
    @_disfavoredOverload
    public func queryOne(_ sql: String, _ values: [String: SQLValue]) throws -> Row? {
        try queryOne(sql, values as [String: any SQLBindable])
    }
    @_disfavoredOverload
    public func query<Record: RowDecodable>(_ type: Record.Type, _ sql: String, _ values: [SQLValue]) throws -> [Record] {
        try query(type, sql, values as [any SQLBindable])
    }
    @_disfavoredOverload
    public func queryOne<Record: RowDecodable>(_ type: Record.Type, _ sql: String, _ values: [SQLValue]) throws -> Record? {
        try queryOne(type, sql, values as [any SQLBindable])
    }
}

extension Statement {
    @_disfavoredOverload
    public func bind(_ values: [SQLValue]) throws { try bind(values as [any SQLBindable]) }
    @_disfavoredOverload
    public func bind(_ named: [String: SQLValue]) throws { try bind(named as [String: any SQLBindable]) }
}
