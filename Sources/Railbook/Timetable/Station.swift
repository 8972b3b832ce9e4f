import Storage

/// A railway station: its telegraph code (e.g. VNP), Chinese name, English name (Beijing South),
/// pinyin, initials and city.
public struct Station: Sendable, Hashable, RowDecodable {
    public let id: Int64
    public let telecode: String
    public let name: String
    /// The romanised name English pages show (`Beijing South`, `Xi'an North`); empty when unknown.
    public let englishName: String
    public let pinyin: String
    public let initials: String
    public let city: String
    public let isHot: Bool
    /// Where it is, once an administrator entered it (the open feeds' stops).
    let position: StationPosition?

    static let columns = "id, telecode, name, english_name, pinyin, initials, city, is_hot, latitude_micro, longitude_micro"

    public init(
        id: Int64, telecode: String, name: String, pinyin: String, initials: String, city: String, isHot: Bool,
        englishName: String = ""
    ) {
        self.init(
            id: id, telecode: telecode, name: name, pinyin: pinyin, initials: initials, city: city, isHot: isHot, englishName: englishName,
            position: nil)
    }

    init(
        id: Int64, telecode: String, name: String, pinyin: String, initials: String, city: String, isHot: Bool, englishName: String,
        position: StationPosition?
    ) {
        self.position = position
        self.id = id
        self.telecode = telecode
        self.name = name
        self.englishName = englishName
        self.pinyin = pinyin
        self.initials = initials
        self.city = city
        self.isHot = isHot
    }

    public init(row: Row) throws {
        self.init(
            id: try row.int64("id"), telecode: try row.string("telecode"), name: try row.string("name"),
            pinyin: try row.string("pinyin"), initials: try row.string("initials"), city: try row.string("city"),
            isHot: try row.bool("is_hot"), englishName: try row.string("english_name"),
            position: try row.optionalInt("latitude_micro").flatMap { latitude in
                try row.optionalInt("longitude_micro").map { StationPosition(latitudeMicro: latitude, longitudeMicro: $0) }
            })
    }

    /// The name pages in `language` show: the English name on English pages (the Chinese one when
    /// it has none), the Chinese name otherwise.
    func name(in language: Language) -> String {
        language == .english && !englishName.isEmpty ? englishName : name
    }

    /// `北京南 Beijing South`, for lists that show both (administration).
    var bothNames: String { englishName.isEmpty ? name : name + " " + englishName }

    /// The upper-case pinyin initial the station list groups it under.
    var groupLetter: String { pinyin.first.map { String($0).uppercased() } ?? "#" }

    /// Inserts a station; returns its id.
    @discardableResult
    static func insert(
        telecode: String, name: String, englishName: String = "", pinyin: String, initials: String, city: String,
        isHot: Bool, position: StationPosition? = nil, in db: Database
    ) throws -> Int64 {
        return try db.insert(
            """
            INSERT INTO stations (telecode, name, english_name, pinyin, initials, city, is_hot, latitude_micro, longitude_micro)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [telecode, name, englishName, pinyin, initials, city, isHot ? 1 : 0, position?.latitudeMicro, position?.longitudeMicro])
    }
}
