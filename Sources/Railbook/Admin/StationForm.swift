import HTTP

/// The station form of the administration, as submitted: trimmed values and their problems.
struct StationForm: Sendable {
    var name = ""
    /// Optional: `Beijing South`; English pages show the Chinese name while it is empty.
    var englishName = ""
    var pinyin = ""
    var initials = ""
    var telecode = ""
    var city = ""
    var isHot = false
    /// Decimal degrees as typed (`39.865`, `116.379`); both empty for no position.
    var latitude = ""
    var longitude = ""

    init() {}

    /// The values of an existing station, to edit.
    init(_ station: Station) {
        (name, englishName, pinyin, initials, telecode, city, isHot) =
            (station.name, station.englishName, station.pinyin, station.initials, station.telecode, station.city, station.isHot)
        latitude = station.position?.latitude ?? ""
        longitude = station.position?.longitude ?? ""
    }

    /// The submitted values, trimmed.
    init(form: Parameters) {
        name = (form["name"] ?? "").trimmed
        englishName = (form["english_name"] ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        pinyin = (form["pinyin"] ?? "").trimmed
        initials = (form["initials"] ?? "").trimmed
        telecode = (form["telecode"] ?? "").trimmed
        city = (form["city"] ?? "").trimmed
        isHot = form["hot"] == "1"
        latitude = String((form["latitude"] ?? "").trimmed.prefix(20))
        longitude = String((form["longitude"] ?? "").trimmed.prefix(20))
    }

    /// The position typed, nil when none was (or it is not one: see `problems`).
    var position: StationPosition? { StationPosition(latitude: latitude, longitude: longitude) }

    /// What is wrong with the values on their own (uniqueness is checked when saving).
    func problems() -> FormErrors {
        var errors = FormErrors()
        if name.isEmpty { errors.add("name", "error_station_name_required") }
        if name.count > 30 { errors.add("name", "error_station_name_too_long") }
        if englishName.count > 60
            || !englishName.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || " '-".unicodeScalars.contains($0) })
        {
            errors.add("english_name", "error_station_english_name_invalid")
        }
        if pinyin.isEmpty { errors.add("pinyin", "error_station_pinyin_required") }
        if !Self.isLowercaseWord(pinyin, maximum: 60) { errors.add("pinyin", "error_station_pinyin_invalid") }
        if initials.isEmpty { errors.add("initials", "error_station_initials_required") }
        if !Self.isLowercaseWord(initials, maximum: 20) { errors.add("initials", "error_station_initials_invalid") }
        if telecode.count != 3 || !telecode.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            errors.add("telecode", "error_station_telecode_invalid")
        }
        if city.isEmpty { errors.add("city", "error_station_city_required") }
        if city.count > 30 { errors.add("city", "error_station_city_too_long") }
        if latitude.isEmpty != longitude.isEmpty {
            errors.add(latitude.isEmpty ? "latitude" : "longitude", "error_station_position_pair")
        } else if !latitude.isEmpty, position == nil {
            if StationPosition(latitude: latitude, longitude: "0") == nil { errors.add("latitude", "error_station_latitude_invalid") }
            if StationPosition(latitude: "0", longitude: longitude) == nil { errors.add("longitude", "error_station_longitude_invalid") }
        }
        return errors
    }

    /// A short readable description for the audit log.
    var auditText: String {
        "\(telecode) \(name)\(englishName.isEmpty ? "" : " (" + englishName + ")") \(pinyin)/\(initials) \(city)\(isHot ? " hot" : "")"
            + (position.map { " at \($0.latitude),\($0.longitude)" } ?? "")
    }

    private static func isLowercaseWord(_ text: String, maximum: Int) -> Bool {
        text.count <= maximum && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
    }
}
