import HTTP
import Storage

/// `POST /me/holders/:id/remove`: the owner of a document takes it off another account's saved
/// passengers (the entry `:id`, listed on their My page); any other id is a 404.
struct DocumentHoldersController: Controller {
    let database: DatabasePool

    func addRoutes(to group: RouteGroup<AppContext>) {
        group.post("/me/holders/:id/remove") { _, context in try remove(context) }
    }

    func remove(_ context: AppContext) throws -> Response {
        let user = try context.currentUser()
        guard let id = context.recordID(),
              try database.write({ try DocumentHolder.remove(passengerID: id, holding: user, now: context.now, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "/me?holder_removed=1")
    }
}
