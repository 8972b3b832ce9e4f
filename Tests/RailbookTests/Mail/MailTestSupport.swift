import HTMLTesting
import Railbook
import XCTest

/// Reads the mail an in-process site queued, as the database keeps it.
struct QueuedMail {
    let kind: String
    let recipient: String
    let secret: String?
    let arguments: String

    /// The mails queued on `client`'s site, oldest first.
    static func all(on client: TestClient) throws -> [QueuedMail] {
        let database = try DatabaseInspector(client.application.configuration.databaseLocation)
        return try database.query("SELECT kind, recipient, secret, arguments FROM mails ORDER BY id").map { row in
            QueuedMail(
                kind: try row.string("kind"), recipient: try row.string("recipient"), secret: try row.optionalString("secret"),
                arguments: try row.string("arguments"))
        }
    }

    /// The token of the latest mail of `kind`.
    static func latestToken(_ kind: String, on client: TestClient) throws -> String {
        try XCTUnwrap(try all(on: client).last { $0.kind == kind }?.secret, "a \(kind) mail with a link")
    }
}

extension AccountFixtures {
    /// Asks for `address` on the e-mail page with `password`; returns the page it leads to.
    @discardableResult
    static func askForAddress(_ address: String, password: String = Person().password, with client: TestClient) throws -> TestResponse {
        let page = try client.get("/me/email")
        var form = try page.document().form(action: "/me/email")
        try form.fill("email", address)
        try form.fill("current_password", password)
        return try client.submit(form, from: page)
    }

    /// Opens a confirmation link and presses its button.
    @discardableResult
    static func confirmAddress(token: String, with client: TestClient) throws -> TestResponse {
        let page = try client.get("/email/confirm?token=" + token)
        return try client.submit(try page.document().form(action: "/email/confirm"), from: page)
    }
}
