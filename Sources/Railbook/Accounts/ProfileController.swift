import HTTP
import Mustache
import SQLite

/// `/me`: the user's own page with their details (documents masked) and links to what they own.
struct ProfileController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: RouteGroup<AppContext>) {
        group.get("/me") { request, context in try show(request, &context) }
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let user = try context.currentUser()
        let texts = renderer.messages
        func detail(_ labelKey: String, _ value: String) -> MustacheValue {
            .object(["label": .string(texts.text(labelKey, context.language)), "value": .string(value)])
        }
        var details: [MustacheValue] = [
            detail("label_account", user.account),
            detail("label_name", user.name),
        ]
        if let type = user.certificateType, let number = user.certificateNumber {
            details.append(detail("label_certificate_type", texts.text(type.messageKey, context.language)))
            details.append(detail("label_certificate_number", Masking.certificate(number)))
        }
        if let mobile = user.mobile { details.append(detail("label_mobile", Masking.mobile(mobile))) }
        details.append(detail("label_gender", texts.text(user.gender.messageKey, context.language)))
        if !user.info.isEmpty { details.append(detail("label_info", user.info)) }
        let (notices, holders) = try database.read { db in
            (try Notice.latest(userID: user.id, in: db), try DocumentHolder.all(holding: user, in: db))
        }
        if request.method == .get, let newest = notices.first, newest.readAt == nil {
            // Seen now: the page still marks them new, the header no longer counts them. (A HEAD
            // request, from a link checker say, shows nobody anything.)
            _ = try database.write { try Notice.markRead(userID: user.id, upTo: newest.id, now: context.now, in: $0) }
            context.unreadNotices = 0
        }
        // A logged-in user's session has its CSRF token (`{{csrf}}` for the remove forms).
        return try renderer.page("accounts/me", [
            "details": .list(details),
            "hasNotices": .bool(!notices.isEmpty),
            "notices": .list(notices.map { notice in
                .object(["id": .string(String(notice.id)), "key": .string(notice.textKey), "isUnread": .bool(notice.readAt == nil),
                         "text": .string(texts.text(notice.textKey, context.language, arguments: notice.arguments)),
                         "link": notice.link.map(MustacheValue.string) ?? .null])
            }),
            "hasHolders": .bool(!holders.isEmpty),
            "holders": .list(holders.map { holder in
                .object(["id": .string(String(holder.passengerID)), "account": .string(Masking.account(holder.account)),
                         "since": .string(ChinaTime.date(at: holder.since).description)])
            }),
            "holderRemoved": .bool(request.query["holder_removed"] != nil),
            "isAdmin": .bool(user.isAdmin),
            "saved": .bool(request.query["saved"] != nil),
        ], context: context)
    }
}

extension AppContext {
    /// The logged-in user; routes behind `RequireLogin` always have one.
    func currentUser() throws -> User {
        guard let user else { throw HTTPError(.unauthorized) }
        return user
    }
}
