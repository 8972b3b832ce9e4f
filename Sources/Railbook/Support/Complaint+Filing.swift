import Secrets
import Storage

extension Complaint {
    /// Files the complaint `details` (already checked with `problems`) with its text as the first
    /// message, and returns its number. Throws `FormErrors` on `order` when the order is not one of
    /// the user's — unknown and someone else's alike, so nothing is revealed. Call inside a write
    /// transaction.
    static func file(_ details: ComplaintForm, userID: Int64, now: Int, in db: Database) throws -> String {
        guard let subject = try ComplaintSubject.find(number: details.orderNumber, userID: userID, in: db) else {
            var errors = FormErrors()
            errors.add("order", "error_complaint_order")
            throw errors
        }
        let number = try ComplaintNumber.next(in: db)
        let complaintID = try db.insert(
            """
            INSERT INTO complaints (number, user_id, subject_kind, subject_id, subject_number, category, status,
                                    contact_preference, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                number, userID, subject.kind.rawValue, subject.id, subject.number,
                details.category, Status.submitted, details.contactPreference, now, now,
            ])
        try ComplaintMessage.add(to: complaintID, author: .customer, userID: userID, text: details.text, now: now, in: db)
        return number
    }

    /// Adds the customer's reply `text` to their complaint `id`. Throws `ComplaintError.resolved`
    /// when it is resolved (a new complaint is needed then), `.notFound` when it is not theirs.
    /// Call inside a write transaction.
    static func addCustomerReply(to id: Int64, userID: Int64, text: String, now: Int, in db: Database) throws {
        guard
            try db.run(
                "UPDATE complaints SET updated_at = ? WHERE id = ? AND user_id = ? AND status <> ?",
                [now, id, userID, Status.resolved]) == 1
        else {
            guard let complaint = try find(id: id, in: db), complaint.userID == userID else { throw ComplaintError.notFound }
            throw ComplaintError.resolved
        }
        try ComplaintMessage.add(to: id, author: .customer, userID: userID, text: text, now: now, in: db)
    }
}

/// Why a complaint could not be changed.
enum ComplaintError: Error, Equatable {
    /// No such complaint (or not the user's).
    case notFound
    /// It is resolved, which is final.
    case resolved
    /// The acting user is not an administrator.
    case notStaff
    /// Staff may only move a complaint forward: to in progress or to resolved.
    case statusNotAllowed
}

/// Complaint numbers: `C` and nine random digits, unique.
enum ComplaintNumber {
    static func next(in db: Database) throws -> String {
        while true {
            let number = "C" + (0..<9).map { _ in String(RandomNumber.uniform(10)) }.joined()
            if try db.queryOne("SELECT id FROM complaints WHERE number = ?", [number]) == nil { return number }
        }
    }
}
