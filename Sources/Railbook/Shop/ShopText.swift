import Storage

/// Reads shops and products written one per line (the demo data's format, see docs/data.md).
enum ShopText {
    /// Why a line could not be loaded.
    enum LoadError: Error, Equatable {
        case malformedLine(String)
        case unknownTrain(String)
        case unknownStation(String)
        case unknownShop(String)
    }

    /// `code|kind|anchor|open|name_zh|name_en|description_zh|description_en` per line; the anchor is
    /// the train number of a catering shop, the telecode of a station shop's station, `-` otherwise.
    static func loadShops(_ text: String, into db: Database) throws {
        for fields in try records(text, fieldCount: 8) {
            guard let kind = ShopKind(rawValue: fields[1]), Shop.isValidCode(fields[0]) else {
                throw LoadError.malformedLine(fields.joined(separator: "|"))
            }
            var trainID: Int64?, stationID: Int64?
            switch kind {
            case .catering:
                trainID = try db.queryOne("SELECT id FROM trains WHERE number = ?", [fields[2]])?.int64("id")
                guard trainID != nil else { throw LoadError.unknownTrain(fields[2]) }
            case .station:
                stationID = try db.queryOne("SELECT id FROM stations WHERE telecode = ?", [fields[2]])?.int64("id")
                guard stationID != nil else { throw LoadError.unknownStation(fields[2]) }
            case .specialty:
                break
            }
            try Shop.insert(
                code: fields[0], kind: kind, name: LocalizedText(chinese: fields[4], english: fields[5]),
                description: LocalizedText(chinese: fields[6], english: fields[7]), trainID: trainID,
                stationID: stationID, isOpen: fields[3] == "1", in: db)
        }
    }

    /// `shops|image|price_fen|stock|available|name_zh|name_en|description_zh|description_en` per line:
    /// the same product is added to each shop of the comma-separated codes; the image is a file name
    /// under `Public/images/shop/` without `.svg`.
    static func loadProducts(_ text: String, into db: Database) throws {
        var shopIDs: [String: Int64] = [:]
        for row in try db.query("SELECT id, code FROM shops") { shopIDs[try row.string("code")] = try row.int64("id") }
        for fields in try records(text, fieldCount: 9) {
            guard let price = Int(fields[2]), let stock = Int(fields[3]) else {
                throw LoadError.malformedLine(fields.joined(separator: "|"))
            }
            for code in fields[0].split(separator: ",").map(String.init) {
                guard let shopID = shopIDs[code] else { throw LoadError.unknownShop(code) }
                try Product.insert(
                    shopID: shopID, name: LocalizedText(chinese: fields[5], english: fields[6]),
                    description: LocalizedText(chinese: fields[7], english: fields[8]), priceFen: price,
                    stock: stock, imagePath: "/images/shop/\(fields[1]).svg", isAvailable: fields[4] == "1", in: db)
            }
        }
    }

    /// The non-blank lines of `text`, split at `|` and trimmed; each must have `fieldCount` fields.
    private static func records(_ text: String, fieldCount: Int) throws -> [[String]] {
        try text.split(separator: "\n").filter { !$0.trimmingCharacters(in: " ").isEmpty }.map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
            guard fields.count == fieldCount else { throw LoadError.malformedLine(String(line)) }
            return fields
        }
    }
}
