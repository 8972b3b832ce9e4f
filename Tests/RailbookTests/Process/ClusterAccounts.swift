import HTMLTesting
import Storage
import XCTest

@testable import Railbook

/// The accounts of the cluster test, written straight to its database with the site's own models
/// (a registration, saved passengers, a login session), as the booking benchmark prepares its
/// users: the site lets one address register ten accounts an hour, and dozens of password hashes
/// would cost seconds. Only the set-up is done so; everything the accounts then do goes through
/// HAProxy, with the session cookie a login would have set.
enum ClusterAccounts {
    /// A logged-in traveller and their saved passengers (the account holder first).
    struct Traveller: Sendable {
        let account: String
        let sessionToken: String
        let passengers: [SavedPassenger]
    }

    /// A saved passenger: the id the forms use and the name the order page prints.
    struct SavedPassenger: Sendable, Hashable {
        let id: Int64
        let name: String
    }

    /// Never used to log in (the sessions are made here), so no password is hashed.
    private static let unusedPasswordHash = "$argon2id$v=19$m=65536,t=2,p=1$unused$unused"

    /// `count` travellers, each with `passengers` saved passengers, all with valid resident IDs.
    static func travellers(_ count: Int, passengers: Int, in database: DatabaseInspector) throws -> [Traveller] {
        let now = ChinaTime.now()
        return try database.write { db in
            try (1...count).map { number in
                let birth = "1980" + String(format: "%02d%02d", 1 + number / 28, 1 + number % 28)
                var registration = Registration()
                registration.account = "rider_\(number)"
                registration.name = "乘客\(number)"
                registration.certificateNumber = AccountFixtures.residentID(birth: birth, sequence: "101")
                registration.mobile = "139" + String(format: "%08d", number)
                registration.gender = "male"
                let userID = try registration.register(passwordHash: unusedPasswordHash, now: now, in: db)
                var saved = [SavedPassenger(id: try XCTUnwrap(Passenger.accountHolder(of: userID, in: db)).id, name: registration.name)]
                for companion in 1..<passengers {
                    var details = PassengerForm()
                    details.name = "同行\(number)之\(companion)"
                    details.certificateNumber = AccountFixtures.residentID(birth: birth, sequence: String(101 + 2 * companion))
                    saved.append(SavedPassenger(id: try Passenger.create(details, for: userID, now: now, in: db), name: details.name))
                }
                let token = try Session.start(for: userID, persistent: true, now: now, in: db)
                return Traveller(account: registration.account, sessionToken: token, passengers: saved)
            }
        }
    }

    /// A logged-in administrator (as `railbook user create --admin` makes one); returns the session token.
    static func administrator(in database: DatabaseInspector) throws -> String {
        let now = ChinaTime.now()
        return try database.write { db in
            let userID = try XCTUnwrap(
                User.createWithoutDocuments(
                    account: "station_master", name: "站长", authority: .admin,
                    passwordHash: unusedPasswordHash, now: now, in: db))
            return try Session.start(for: userID, persistent: true, now: now, in: db)
        }
    }
}
