import Storage

/// What the back office can download as CSV for a range of days (`AdminExportsController`): every
/// record of one kind made in the range, oldest first, read a page at a time by the time and id
/// of the last one sent (`after`), so no export holds more than a page in memory.
enum ExportKind: String, CaseIterable, Sendable {
    case tickets
    case refunds
    case changes
    case shopOrders = "shop_orders"
    case complaints
    case invoices

    /// Records read per page, unless asked otherwise.
    static let pageSize = 500

    /// Where a page starts: after the record made at `time` with id `id`.
    struct Position: Sendable {
        var time = Int.min
        var id: Int64 = 0
    }

    /// The catalog key of the kind's name.
    var messageKey: String {
        switch self {
        case .tickets: "export_kind_tickets"
        case .refunds: "export_kind_refunds"
        case .changes: "export_kind_changes"
        case .shopOrders: "export_kind_shop_orders"
        case .complaints: "export_kind_complaints"
        case .invoices: "export_kind_invoices"
        }
    }

    /// The columns, as catalog keys of the header line.
    var columns: [String] {
        switch self {
        case .tickets:
            [
                "export_column_order", "export_column_booked_at", "export_column_order_status", "export_column_paid_at",
                "export_column_ticket", "export_column_train", "export_column_date", "export_column_from", "export_column_to",
                "export_column_departs", "export_column_seat_class", "export_column_coach", "export_column_seat",
                "export_column_passenger", "export_column_document_type", "export_column_document", "export_column_ticket_type",
                "export_column_fare", "export_column_ticket_status", "export_column_refunded",
            ]
        case .refunds:
            [
                "export_column_refund", "export_column_refunded_at", "export_column_payment", "export_column_purpose",
                "export_column_subject", "export_column_amount", "export_column_reason",
            ]
        case .changes:
            [
                "export_column_change", "export_column_requested_at", "export_column_order", "export_column_ticket",
                "export_column_new_ticket", "export_column_train", "export_column_date", "export_column_seat_class",
                "export_column_fare", "export_column_status", "export_column_closed_at",
            ]
        case .shopOrders:
            [
                "export_column_order", "export_column_created_at", "export_column_shop", "export_column_status", "export_column_total",
                "export_column_delivery", "export_column_paid_at", "export_column_completed_at", "export_column_closed_at",
            ]
        case .complaints:
            [
                "export_column_complaint", "export_column_created_at", "export_column_subject_kind", "export_column_subject",
                "export_column_category", "export_column_status", "export_column_updated_at",
            ]
        case .invoices:
            [
                "export_column_invoice", "export_column_issued_at", "export_column_invoice_kind", "export_column_buyer",
                "export_column_credit_code", "export_column_amount", "export_column_tax_rate", "export_column_tax", "export_column_item",
            ]
        }
    }

    /// The next page of at most `size` records made in `range` (Unix seconds, the end excluded)
    /// after `position`, as lines (names that have two, such as a shop's, in `language`), and where
    /// the page after it starts (nil at the end).
    func page(
        after position: Position, in range: Range<Int>, size: Int = pageSize, language: Language, db: Database
    ) throws -> (lines: [[String]], next: Position?) {
        let (table, time) = source
        let keys = try db.query(
            """
            SELECT id, \(time) AS made_at FROM \(table)
            WHERE \(time) >= ? AND \(time) < ? AND (\(time) > ? OR (\(time) = ? AND id > ?))
            ORDER BY \(time), id LIMIT ?
            """, [range.lowerBound, range.upperBound, position.time, position.time, position.id, size])
        guard let last = keys.last else { return ([], nil) }
        let ids = try keys.map { try $0.int64("id") }
        let lines = try self.lines(ids: ids, language: language, db: db)
        let next = keys.count < size ? nil : Position(time: try last.int("made_at"), id: try last.int64("id"))
        return (lines, next)
    }

    /// The table a page is read from, and the column of when each record was made.
    private var source: (table: String, time: String) {
        switch self {
        case .tickets: ("orders", "created_at")
        case .refunds: ("refunds", "created_at")
        case .changes: ("ticket_changes", "created_at")
        case .shopOrders: ("shop_orders", "created_at")
        case .complaints: ("complaints", "created_at")
        case .invoices: ("invoices", "issued_at")
        }
    }

    /// The lines of the records `ids` (of the source table), in their order.
    private func lines(ids: [Int64], language: Language, db: Database) throws -> [[String]] {
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let values: [any SQLBindable] = ids
        switch self {
        case .tickets:
            return try db.query(
                """
                SELECT o.number, o.created_at, o.status AS order_status, o.paid_at, t.id, tr.number AS train, r.service_date,
                       fs.name AS from_name, ts.name AS to_name, t.departs_at, t.seat_class, t.coach_number, t.seat_index,
                       t.passenger_name, t.certificate_type, t.certificate_number, t.ticket_type, t.price_fen, t.status, t.refunded_fen
                FROM tickets t JOIN orders o ON o.id = t.order_id JOIN runs r ON r.id = t.run_id JOIN trains tr ON tr.id = r.train_id
                JOIN stops f ON f.train_id = r.train_id AND f.sequence = t.from_sequence JOIN stations fs ON fs.id = f.station_id
                JOIN stops s ON s.train_id = r.train_id AND s.sequence = t.to_sequence JOIN stations ts ON ts.id = s.station_id
                WHERE t.order_id IN (\(marks)) ORDER BY o.created_at, o.id, t.id
                """, values
            ).map { row in
                let seatClass = SeatClass(rawValue: try row.string("seat_class"))
                let seat =
                    seatClass == .standing || seatClass == nil
                    ? "" : SeatNumber(seatClass: seatClass!, index: try row.int("seat_index")).code
                return [
                    try row.string("number"), ExportText.time(try row.int("created_at")), try row.string("order_status"),
                    ExportText.time(try row.optionalInt("paid_at")), String(try row.int64("id")), try row.string("train"),
                    try row.string("service_date"), try row.string("from_name"), try row.string("to_name"),
                    ExportText.time(try row.int("departs_at")), try row.string("seat_class"),
                    seatClass == .standing ? "" : String(try row.int("coach_number")), seat, try row.string("passenger_name"),
                    try row.string("certificate_type"), Masking.certificate(try row.string("certificate_number")),
                    try row.string("ticket_type"), ExportText.yuan(try row.int("price_fen")), try row.string("status"),
                    ExportText.yuan(try row.optionalInt("refunded_fen")),
                ]
            }
        case .refunds:
            return try db.query(
                """
                SELECT f.id, f.created_at, p.reference, p.purpose, f.amount_fen, f.reason,
                       COALESCE(o.number, w.number, so.number, '') AS subject
                FROM refunds f JOIN payments p ON p.id = f.payment_id
                LEFT JOIN orders o ON p.purpose = 'ticket_order' AND o.id = p.subject_id
                LEFT JOIN waitlists w ON p.purpose = 'waitlist' AND w.id = p.subject_id
                LEFT JOIN shop_orders so ON p.purpose = 'shop_order' AND so.id = p.subject_id
                WHERE f.id IN (\(marks)) ORDER BY f.created_at, f.id
                """, values
            ).map { row in
                [
                    String(try row.int64("id")), ExportText.time(try row.int("created_at")), try row.string("reference"),
                    try row.string("purpose"), try row.string("subject"), ExportText.yuan(try row.int("amount_fen")), try row.string("reason"),
                ]
            }
        case .changes:
            return try db.query(
                """
                SELECT c.id, c.created_at, o.number, c.ticket_id, c.new_ticket_id, tr.number AS train, r.service_date,
                       c.seat_class, c.price_fen, c.status, c.closed_at
                FROM ticket_changes c JOIN tickets t ON t.id = c.ticket_id JOIN orders o ON o.id = t.order_id
                JOIN runs r ON r.id = c.run_id JOIN trains tr ON tr.id = r.train_id
                WHERE c.id IN (\(marks)) ORDER BY c.created_at, c.id
                """, values
            ).map { row in
                [
                    String(try row.int64("id")), ExportText.time(try row.int("created_at")), try row.string("number"),
                    String(try row.int64("ticket_id")), try row.optionalInt64("new_ticket_id").map(String.init) ?? "",
                    try row.string("train"), try row.string("service_date"), try row.string("seat_class"),
                    ExportText.yuan(try row.int("price_fen")), try row.string("status"), ExportText.time(try row.optionalInt("closed_at")),
                ]
            }
        case .shopOrders:
            return try db.query(
                """
                SELECT so.number, so.created_at, s.name_zh, s.name_en, so.status, so.total_fen, so.delivery_kind, so.paid_at,
                       so.completed_at, so.closed_at
                FROM shop_orders so JOIN shops s ON s.id = so.shop_id WHERE so.id IN (\(marks)) ORDER BY so.created_at, so.id
                """, values
            ).map { row in
                [
                    try row.string("number"), ExportText.time(try row.int("created_at")),
                    LocalizedText(chinese: try row.string("name_zh"), english: try row.string("name_en")).text(language), try row.string("status"),
                    ExportText.yuan(try row.int("total_fen")), try row.string("delivery_kind"), ExportText.time(try row.optionalInt("paid_at")),
                    ExportText.time(try row.optionalInt("completed_at")), ExportText.time(try row.optionalInt("closed_at")),
                ]
            }
        case .complaints:
            return try db.query(
                """
                SELECT number, created_at, subject_kind, subject_number, category, status, updated_at
                FROM complaints WHERE id IN (\(marks)) ORDER BY created_at, id
                """, values
            ).map { row in
                [
                    try row.string("number"), ExportText.time(try row.int("created_at")), try row.string("subject_kind"),
                    try row.string("subject_number"), try row.string("category"), try row.string("status"),
                    ExportText.time(try row.int("updated_at")),
                ]
            }
        case .invoices:
            return try db.query(
                """
                SELECT number, issued_at, kind, buyer_name, buyer_credit_code, amount_fen, tax_rate_permille, tax_fen, description
                FROM invoices WHERE id IN (\(marks)) ORDER BY issued_at, id
                """, values
            ).map { row in
                [
                    try row.string("number"), ExportText.time(try row.int("issued_at")), try row.string("kind"), try row.string("buyer_name"),
                    try row.optionalString("buyer_credit_code") ?? "", ExportText.yuan(try row.int("amount_fen")),
                    String(try row.int("tax_rate_permille")) + "‰", ExportText.yuan(try row.int("tax_fen")), try row.string("description"),
                ]
            }
        }
    }

    /// Indexes by the time each record was made, so that a page of a range is found without
    /// reading the table through.
    static func addMigration(to migrator: inout Migrator) {
        migrator.register("2026-12-07-export-indexes") { db in
            for table in ["orders", "refunds", "ticket_changes", "shop_orders", "complaints"] {
                try db.executeSchema("CREATE INDEX \(table)_by_created_at ON \(table) (created_at, id)")
            }
        }
    }
}
