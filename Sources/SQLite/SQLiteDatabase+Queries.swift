import Storage

extension SQLiteDatabase {
    /// Runs one INSERT, UPDATE or DELETE (or DDL) with values bound by position, through the cache;
    /// returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [any SQLBindable]) throws -> Int {
        let statement = try cached(sql)
        try statement.bind(values)
        return try statement.run()
    }

    /// Runs one statement with values bound by name (`:name`), through the cache; returns how many
    /// rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [String: any SQLBindable]) throws -> Int {
        let statement = try cached(sql)
        try statement.bind(values)
        return try statement.run()
    }

    /// Returns every row of one query with values bound by position.
    public func query(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
        let statement = try cached(sql)
        try statement.bind(values)
        return try statement.rows()
    }

    /// Returns every row of one query with values bound by name (`:name`).
    public func query(_ sql: String, _ values: [String: any SQLBindable]) throws -> [Row] {
        let statement = try cached(sql)
        try statement.bind(values)
        return try statement.rows()
    }

    /// Returns the first row of one query, or nil when there is none.
    public func queryOne(_ sql: String, _ values: [any SQLBindable]) throws -> Row? {
        let statement = try cached(sql)
        try statement.bind(values)
        return try firstRow(of: statement)
    }

    /// Returns the first row of one query with values bound by name, or nil when there is none.
    public func queryOne(_ sql: String, _ values: [String: any SQLBindable]) throws -> Row? {
        let statement = try cached(sql)
        try statement.bind(values)
        return try firstRow(of: statement)
    }

    private func firstRow(of statement: Statement) throws -> Row? {
        statement.reset()
        defer { statement.reset() }
        return try statement.step() ? statement.currentRow() : nil
    }
}
