import HTTP
import Storage

/// Reading the records a path names, the same way on every route.
extension SiteContext {
    /// The record named by the path's `:id`, read by `find` (given the id); 404 when the id is not
    /// one (`Parameters.require(_:as:)`) or `find` finds nothing.
    func record<Record>(in database: DatabasePool, _ find: (_ id: Int64, _ db: Database) throws -> Record?) throws -> Record {
        let id = try app.parameters.require("id", as: Int64.self)
        guard let record = try database.read({ try find(id, $0) }) else { throw HTTPError(.notFound) }
        return record
    }
}

extension MemberContext {
    /// The logged-in user's own record named by `:id`, read by `find` (given the id and the user's
    /// id); 404 for anything else, another user's record included.
    func ownRecord<Record>(in database: DatabasePool, _ find: (_ id: Int64, _ userID: Int64, _ db: Database) throws -> Record?) throws -> Record {
        try record(in: database) { id, db in try find(id, user.id, db) }
    }
}
