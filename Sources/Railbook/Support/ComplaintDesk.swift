import Storage

/// The complaint desk: what staff (users with `authority = 'admin'`) do with complaints. Used by
/// the staff routes on the thread page now and by the administration pages later. Every call
/// checks that `staffUserID` is an administrator and that the complaint is not resolved (resolved
/// is final). Call inside a write transaction.
enum ComplaintDesk {
    /// Adds the staff reply `text` (1–2000 characters, checked by the caller) to complaint
    /// `complaintID`; a submitted complaint moves to in progress. Throws `ComplaintError`:
    /// `.notStaff`, `.notFound`, `.resolved`.
    static func reply(complaintID: Int64, staffUserID: Int64, text: String, now: Int, in db: Database) throws {
        try checkStaff(staffUserID, in: db)
        let before = try Complaint.find(id: complaintID, in: db)
        let changed = try db.run(
            """
            UPDATE complaints SET status = CASE WHEN status = ? THEN ? ELSE status END, updated_at = ?
            WHERE id = ? AND status <> ?
            """, [Complaint.Status.submitted, Complaint.Status.inProgress, now, complaintID, Complaint.Status.resolved])
        try checkChanged(changed, complaintID, in: db)
        try ComplaintMessage.add(to: complaintID, author: .staff, userID: staffUserID, text: text, now: now, in: db)
        if let before, let after = try Complaint.find(id: complaintID, in: db) {
            try AuditLog.record(
                userID: staffUserID, action: "complaint.reply", subject: "complaint \(after.number)",
                before: "status=\(before.status.rawValue)", after: "status=\(after.status.rawValue)", now: now, in: db)
            try Notice.send(
                "notice_complaint_answered", arguments: [after.number], to: [after.userID],
                link: "/complaints/" + after.number, now: now, in: db)
        }
    }

    /// Moves complaint `complaintID` to `status`: in progress or resolved (never back to
    /// submitted, never out of resolved). Returns false when it already had that status. Throws
    /// `ComplaintError`: `.notStaff`, `.statusNotAllowed`, `.notFound`, `.resolved`.
    @discardableResult
    static func setStatus(complaintID: Int64, to status: Complaint.Status, staffUserID: Int64, now: Int, in db: Database) throws -> Bool {
        try checkStaff(staffUserID, in: db)
        guard status != .submitted else { throw ComplaintError.statusNotAllowed }
        guard let complaint = try Complaint.find(id: complaintID, in: db) else { throw ComplaintError.notFound }
        guard !complaint.isResolved else { throw ComplaintError.resolved }
        guard complaint.status != status else { return false }
        let changed = try db.run(
            "UPDATE complaints SET status = ?, updated_at = ? WHERE id = ? AND status <> ?",
            [status, now, complaintID, Complaint.Status.resolved])
        try checkChanged(changed, complaintID, in: db)
        try AuditLog.record(
            userID: staffUserID, action: "complaint.status", subject: "complaint \(complaint.number)",
            before: "status=\(complaint.status.rawValue)", after: "status=\(status.rawValue)", now: now, in: db)
        return true
    }

    private static func checkStaff(_ userID: Int64, in db: Database) throws {
        guard try User.find(id: userID, in: db)?.isAdmin == true else { throw ComplaintError.notStaff }
    }

    /// After an UPDATE guarded by "not resolved" that changed `changed` rows: throws why
    /// none changed.
    private static func checkChanged(_ changed: Int, _ complaintID: Int64, in db: Database) throws {
        guard changed == 0 else { return }
        throw try Complaint.find(id: complaintID, in: db) == nil ? ComplaintError.notFound : ComplaintError.resolved
    }
}
