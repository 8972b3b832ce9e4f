import HTTP
import Storage

/// `POST /me/holders/:id/remove`: the owner of a document takes it off another account's saved
/// passengers (the entry `:id`, listed on their My page); any other id is a 404.
struct DocumentHoldersController: MemberController {
    let database: DatabasePool

    func addRoutes(to group: MemberRoutes) {
        group.post("/me/holders/:id/remove", use: remove)
    }

    func remove(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let id = try context.parameters.require("id", as: Int64.self)
        guard try database.write({ try DocumentHolder.remove(passengerID: id, holding: user, now: context.now, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "/me?holder_removed=1")
    }
}
