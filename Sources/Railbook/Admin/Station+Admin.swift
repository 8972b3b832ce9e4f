import Storage

extension Station {
    /// Stations whose name, pinyin, initials, telecode or city contain `query` (all when empty), by pinyin.
    static func matching(_ query: String, in db: Database) throws -> [Station] {
        let pattern = "%" + query.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "") + "%"
        return try db.query(
            Station.self,
            """
            SELECT \(columns) FROM stations
            WHERE lower(name) LIKE lower(?1) OR lower(english_name) LIKE lower(?1) OR lower(pinyin) LIKE lower(?1)
               OR lower(initials) LIKE lower(?1) OR lower(telecode) LIKE lower(?1) OR lower(city) LIKE lower(?1)
            ORDER BY pinyin, id
            """, [pattern])
    }

    /// The station with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Station? {
        try db.queryOne(Station.self, "SELECT \(columns) FROM stations WHERE id = ?", [id])
    }

    /// Adds a station from the administration and records it in the audit log; throws `FormErrors`
    /// when the telecode or the name is taken.
    @discardableResult
    static func create(_ details: StationForm, by userID: Int64, now: Int, in db: Database) throws -> Int64 {
        let id = try db.changeGuardedByUniqueIndex(check: { try checkUnique(details, except: nil, in: $0) }) { db in
            try insert(
                telecode: details.telecode, name: details.name, englishName: details.englishName, pinyin: details.pinyin,
                initials: details.initials, city: details.city, isHot: details.isHot, position: details.position, in: db)
        }
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "station.create", subject: "station \(details.telecode)", before: "",
            after: details.auditText, now: now, in: db)
        return id
    }

    /// Changes station `id` and records it in the audit log; false when there is no such station,
    /// throws `FormErrors` when the telecode or the name is taken by another station.
    static func update(id: Int64, with details: StationForm, by userID: Int64, now: Int, in db: Database) throws -> Bool {
        guard let station = try find(id: id, in: db) else { return false }
        _ = try db.changeGuardedByUniqueIndex(check: { try checkUnique(details, except: id, in: $0) }) { db in
            try db.run(
                """
                UPDATE stations SET telecode = ?, name = ?, english_name = ?, pinyin = ?, initials = ?, city = ?, is_hot = ?,
                                    latitude_micro = ?, longitude_micro = ?
                WHERE id = ?
                """,
                [
                    details.telecode, details.name, details.englishName, details.pinyin, details.initials,
                    details.city, details.isHot ? 1 : 0, details.position?.latitudeMicro, details.position?.longitudeMicro, id,
                ])
        }
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "station.update", subject: "station \(details.telecode)",
            before: StationForm(station).auditText, after: details.auditText, now: now, in: db)
        return true
    }

    private static func checkUnique(_ details: StationForm, except id: Int64?, in db: Database) throws {
        var errors = FormErrors()
        let other = Int64(id ?? 0)
        if try db.queryOne("SELECT id FROM stations WHERE telecode = ? AND id != ?", [details.telecode, other]) != nil {
            errors.add("telecode", "error_station_telecode_taken")
        }
        if try db.queryOne("SELECT id FROM stations WHERE name = ? AND id != ?", [details.name, other]) != nil {
            errors.add("name", "error_station_name_taken")
        }
        if !errors.isEmpty { throw errors }
    }
}
