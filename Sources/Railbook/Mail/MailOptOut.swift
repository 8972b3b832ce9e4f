import Secrets
import Storage

/// The link in a notice mail that turns its topic off without logging in
/// (`/mail/off?user=…&topic=…&signature=…`, named in its `List-Unsubscribe` header): signed with
/// the site's mail key, so nobody can turn off another user's mail by changing the number.
enum MailOptOut {
    /// The signed path that turns `topic` off for `userID`.
    static func path(userID: Int64, topic: MailTopic, key: HMACKey) -> String {
        "/mail/off?user=\(userID)&topic=\(topic.rawValue)&signature=" + key.sign(message(userID: userID, topic: topic))
    }

    /// True when `signature` is the one `path` gives for `userID` and `topic`.
    static func isValid(_ signature: String, userID: Int64, topic: MailTopic, key: HMACKey) -> Bool {
        key.verify(signature, for: message(userID: userID, topic: topic))
    }

    private static func message(userID: Int64, topic: MailTopic) -> String { "mail-off:\(userID):\(topic.rawValue)" }

    /// The topics `userID` turned off.
    static func topicsOff(userID: Int64, in db: Database) throws -> Set<MailTopic> {
        Set(try db.query("SELECT topic FROM mail_optouts WHERE user_id = ?", [userID]).compactMap { MailTopic(rawValue: try $0.string("topic")) })
    }

    /// Turns `topic` off (or on) for `userID`; security mail stays on.
    static func set(_ topic: MailTopic, on isOn: Bool, userID: Int64, in db: Database) throws {
        guard topic != .security else { return }
        if isOn {
            try db.run("DELETE FROM mail_optouts WHERE user_id = ? AND topic = ?", [userID, topic])
        } else {
            try db.run("INSERT INTO mail_optouts (user_id, topic) VALUES (?, ?) ON CONFLICT (user_id, topic) DO NOTHING", [userID, topic])
        }
    }
}
