import Storage

/// Who a shop sells to: a train's own catering (to seats on that train), a station shop (to trains
/// calling at its station) or a specialty shop (posted to an address).
enum ShopKind: String, SQLBindable, CaseIterable, Sendable {
    case catering, station, specialty

    /// The message-catalog key of the kind's heading on the shop list.
    var messageKey: String {
        switch self {
        case .catering: "shop_kind_catering"
        case .station: "shop_kind_station"
        case .specialty: "shop_kind_specialty"
        }
    }

    /// The message-catalog key of the line under the heading.
    var introKey: String {
        switch self {
        case .catering: "shop_kind_catering_intro"
        case .station: "shop_kind_station_intro"
        case .specialty: "shop_kind_specialty_intro"
        }
    }
}

/// A text kept in both languages of the site, such as a shop's or a product's name.
struct LocalizedText: Sendable, Equatable {
    let chinese: String
    let english: String

    /// The text in `language`.
    func text(_ language: Language) -> String {
        language == .chinese ? chinese : english
    }
}

/// One shop of the onboard shop, with the train or station it belongs to.
struct Shop: RowDecodable, Sendable {
    let id: Int64
    /// The address of the shop (`/shop/<code>`): lower-case letters, digits and hyphens.
    let code: String
    let kind: ShopKind
    let name: LocalizedText
    let description: LocalizedText
    /// The number of the train a catering shop serves.
    let trainNumber: String?
    /// The name of the station a station shop sits at.
    let stationName: String?
    /// The station's English name, for English pages (empty when it has none).
    let stationEnglishName: String?
    /// The train a catering shop serves (it delivers to seats on that train's runs).
    let trainID: Int64?
    /// The station a station shop sits at (it delivers to seats on trains calling there).
    let stationID: Int64?
    /// False while the shop takes no orders (its products cannot be put in a cart).
    let isOpen: Bool

    init(row: Row) throws {
        id = try row.int64("id")
        code = try row.string("code")
        kind = try row.decode(ShopKind.self, "kind")
        name = LocalizedText(chinese: try row.string("name_zh"), english: try row.string("name_en"))
        description = LocalizedText(chinese: try row.string("description_zh"), english: try row.string("description_en"))
        trainNumber = try row.optionalString("train_number")
        stationName = try row.optionalString("station_name")
        stationEnglishName = try row.optionalString("station_english_name")
        trainID = try row.optionalInt64("train_id")
        stationID = try row.optionalInt64("station_id")
        isOpen = try row.bool("is_open")
    }

    /// Whether `code` has the form of a shop code (so a cookie or address can be trusted to look one up).
    static func isValidCode(_ code: String) -> Bool {
        (1...40).contains(code.utf8.count)
            && code.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static let select = """
        SELECT s.id, s.code, s.kind, s.name_zh, s.name_en, s.description_zh, s.description_en, s.is_open, s.train_id, s.station_id,
               t.number AS train_number, st.name AS station_name, st.english_name AS station_english_name
        FROM shops s LEFT JOIN trains t ON t.id = s.train_id LEFT JOIN stations st ON st.id = s.station_id
        """

    /// Every shop: catering first, then station shops, then specialty shops, each in the order added.
    static func all(in db: Database) throws -> [Shop] {
        try db.query(
            Shop.self,
            select + """
                 ORDER BY CASE s.kind WHEN 'catering' THEN 0 WHEN 'station' THEN 1 ELSE 2 END, s.id
                """)
    }

    /// The shop with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Shop? {
        try db.queryOne(Shop.self, select + " WHERE s.id = ?", [id])
    }

    /// The shop with `code`, or nil.
    static func find(code: String, in db: Database) throws -> Shop? {
        guard isValidCode(code) else { return nil }
        return try db.queryOne(Shop.self, select + " WHERE s.code = ?", [code])
    }

    /// Adds a shop; a catering shop needs `trainID`, a station shop `stationID`. Returns its id.
    @discardableResult
    static func insert(
        code: String, kind: ShopKind, name: LocalizedText, description: LocalizedText,
        trainID: Int64?, stationID: Int64?, isOpen: Bool = true, in db: Database
    ) throws -> Int64 {
        return try db.insert(
            """
            INSERT INTO shops (code, kind, name_zh, name_en, description_zh, description_en, train_id, station_id, is_open)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                code, kind.rawValue, name.chinese, name.english, description.chinese,
                description.english, trainID, stationID,
                isOpen ? 1 : 0,
            ])
    }
}
