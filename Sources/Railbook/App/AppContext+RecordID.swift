import HTTP
import Storage

/// Reading record ids from the path, the same way on every route.
extension AppContext {
    /// The path segment `name` as a record id: 1–18 ASCII digits (so never a sign, a space or an
    /// overflow); nil for anything else, which the routes answer with 404.
    func recordID(_ name: String = "id") -> Int64? {
        guard let text = parameters[name], (1...18).contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int64(text)
    }
}

extension AppContext {
    /// The record named by the path's `:id`, read by `find` (given the id); 404 when the id is not
    /// one or `find` finds nothing.
    func record<Record>(in database: DatabasePool, _ find: (_ id: Int64, _ db: Database) throws -> Record?) throws -> Record {
        guard let id = recordID(), let record = try database.read({ try find(id, $0) }) else { throw HTTPError(.notFound) }
        return record
    }

    /// The logged-in user's own record named by `:id`, read by `find` (given the id and the user's
    /// id); 404 for anything else, another user's record included.
    func ownRecord<Record>(in database: DatabasePool, _ find: (_ id: Int64, _ userID: Int64, _ db: Database) throws -> Record?) throws -> Record {
        let user = try currentUser()
        return try record(in: database) { id, db in try find(id, user.id, db) }
    }
}
