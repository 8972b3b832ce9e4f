import Storage

/// Someone a user books tickets for: the user themself (the account holder, always first) or a
/// saved passenger. Every query is scoped to one user, so nobody reaches another user's passengers.
struct Passenger: RowDecodable, Sendable {
    /// How many passengers an account may keep, the account holder included.
    static let limit = 15

    let id: Int64
    let name: String
    let certificateType: CertificateType
    let certificateNumber: String
    let passengerType: PassengerType
    /// Empty when not given.
    let mobile: String
    /// True for the user's own entry, which follows their profile and cannot be edited or deleted here.
    let isAccountHolder: Bool
    /// The date of birth saved for a document that does not carry one; nil when not given.
    let savedBirthDate: CivilDate?
    /// The student details, when all of them are saved.
    let student: StudentDetails?

    /// The columns `init(row:)` reads, for SELECT lists.
    static let columns = """
        id, name, certificate_type, certificate_number, passenger_type, mobile, is_account_holder, birth_date, school, enrolment_year, \
        home_city, school_city
        """

    init(row: Row) throws {
        id = try row.int64("id")
        name = try row.string("name")
        certificateType = try row.decode(CertificateType.self, "certificate_type")
        certificateNumber = try row.string("certificate_number")
        passengerType = try row.decode(PassengerType.self, "passenger_type")
        mobile = try row.string("mobile")
        isAccountHolder = try row.bool("is_account_holder")
        savedBirthDate = try row.optionalString("birth_date").flatMap(CivilDate.init(iso:))
        let school = try row.string("school"), homeCity = try row.string("home_city"), schoolCity = try row.string("school_city")
        if let year = try row.optionalInt("enrolment_year"), !school.isEmpty, !homeCity.isEmpty, !schoolCity.isEmpty {
            student = StudentDetails(school: school, enrolmentYear: year, homeCity: homeCity, schoolCity: schoolCity)
        } else {
            student = nil
        }
    }

    /// The date of birth when it is known: from a resident ID number (digits 7–14), else the saved one.
    var birthDate: CivilDate? {
        certificateType == .residentID ? ResidentIDNumber(checked: certificateNumber)?.birthDate ?? savedBirthDate : savedBirthDate
    }

    /// Thrown when a user who already has `limit` passengers adds another.
    struct LimitReached: Error {}
}

/// The fare category a passenger travels in.
enum PassengerType: String, SQLBindable, CaseIterable, Sendable {
    case adult, child, student

    /// The message-catalog key of its name.
    var messageKey: String {
        switch self {
        case .adult: "passenger_type_adult"
        case .child: "passenger_type_child"
        case .student: "passenger_type_student"
        }
    }
}

extension Passenger {
    /// The user's passengers: the account holder first, then the others in the order they were added.
    static func list(for userID: Int64, in db: Database) throws -> [Passenger] {
        try db.query(
            Passenger.self,
            """
            SELECT \(columns) FROM passengers WHERE user_id = ? ORDER BY is_account_holder DESC, id
            """, [userID])
    }

    /// The user's passenger `id`, or nil when there is none or it belongs to someone else.
    static func find(id: Int64, userID: Int64, in db: Database) throws -> Passenger? {
        try db.queryOne(
            Passenger.self, "SELECT \(columns) FROM passengers WHERE id = ? AND user_id = ?",
            [id, userID])
    }

    /// The user's own entry (the account holder), or nil for an account without a document.
    static func accountHolder(of userID: Int64, in db: Database) throws -> Passenger? {
        try db.queryOne(
            Passenger.self, "SELECT \(columns) FROM passengers WHERE user_id = ? AND is_account_holder = 1",
            [userID])
    }

    /// How many passengers the user has, the account holder included.
    static func count(for userID: Int64, in db: Database) throws -> Int {
        try db.queryOne("SELECT COUNT(*) AS total FROM passengers WHERE user_id = ?", [userID])?.int("total") ?? 0
    }

    /// Saves a new passenger and returns its id. Throws `LimitReached` when the user has `limit`
    /// passengers, `FormErrors` when one of them already has this document or the document is
    /// another account's own under another name.
    static func create(_ details: PassengerForm, for userID: Int64, now: Int, in db: Database) throws -> Int64 {
        try User.lockForChanges(userID, in: db)
        guard try count(for: userID, in: db) < limit else { throw LimitReached() }
        return try db.changeGuardedByUniqueIndex(check: { try checkCertificateIsNew(details, userID: userID, except: nil, in: $0) }) { db in
            try db.insert(
                """
                INSERT INTO passengers (user_id, name, certificate_type, certificate_number, passenger_type, mobile,
                                        is_account_holder, created_at, birth_date, school, enrolment_year, home_city, school_city)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
                RETURNING id
                """,
                [
                    userID, details.name, details.certificateType, details.certificateNumber,
                    details.passengerType, details.mobile, now,
                ]
                    + details.travel.columnValues(certificateType: details.certificateType))
        }
    }

    /// Replaces the details of the user's saved passenger `id` (never the account holder's entry);
    /// returns false when there is no such passenger. Throws `FormErrors` when another of the
    /// user's passengers has this document or the document is another account's own under another name.
    static func update(id: Int64, with details: PassengerForm, userID: Int64, in db: Database) throws -> Bool {
        try db.changeGuardedByUniqueIndex(check: { try checkCertificateIsNew(details, userID: userID, except: id, in: $0) }) { db in
            try db.run(
                """
                UPDATE passengers SET name = ?, certificate_type = ?, certificate_number = ?, passenger_type = ?, mobile = ?,
                                      birth_date = ?, school = ?, enrolment_year = ?, home_city = ?, school_city = ?
                WHERE id = ? AND user_id = ? AND is_account_holder = 0
                """,
                [
                    details.name, details.certificateType, details.certificateNumber,
                    details.passengerType, details.mobile,
                ]
                    + details.travel.columnValues(certificateType: details.certificateType) + [id, userID]) == 1
        }
    }

    /// Deletes the user's saved passenger `id` (never the account holder's entry); returns false
    /// when there is no such passenger.
    static func delete(id: Int64, userID: Int64, in db: Database) throws -> Bool {
        try db.run("DELETE FROM passengers WHERE id = ? AND user_id = ? AND is_account_holder = 0", [id, userID]) == 1
    }

    /// Throws `FormErrors` on the certificate number when another of the user's passengers has the
    /// document, and on the name when the document is registered to another account under another name.
    private static func checkCertificateIsNew(_ details: PassengerForm, userID: Int64, except id: Int64?, in db: Database) throws {
        var errors = FormErrors()
        if try db.queryOne(
            """
            SELECT id FROM passengers WHERE user_id = ? AND certificate_type = ? AND certificate_number = ? AND id <> ?
            """, [userID, details.certificateType, details.certificateNumber, id ?? 0]) != nil
        {
            errors.add("certificate_number", "error_passenger_certificate_saved")
        }
        if try DocumentOwner.refusesName(
            details.name, type: details.certificateType, number: details.certificateNumber,
            forAccount: userID, in: db)
        {
            errors.add("name", "error_passenger_not_owner_name")
        }
        guard errors.isEmpty else { throw errors }
    }
}
