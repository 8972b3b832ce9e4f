/// Where a station is: latitude and longitude in millionths of a degree (WGS 84), as stored, and
/// as decimal degrees, as typed on the station form and written in the GTFS feed.
struct StationPosition: Sendable, Hashable {
    let latitudeMicro: Int
    let longitudeMicro: Int

    /// The position typed as decimal degrees (`39.865`, `-0.5`, up to six decimals); nil unless
    /// both read and the latitude is within ±90, the longitude within ±180.
    init?(latitude: String, longitude: String) {
        guard let latitude = Self.micro(latitude, limit: 90), let longitude = Self.micro(longitude, limit: 180) else { return nil }
        latitudeMicro = latitude
        longitudeMicro = longitude
    }

    init(latitudeMicro: Int, longitudeMicro: Int) {
        self.latitudeMicro = latitudeMicro
        self.longitudeMicro = longitudeMicro
    }

    var latitude: String { Self.degrees(latitudeMicro) }
    var longitude: String { Self.degrees(longitudeMicro) }

    /// `39865000` → `39.865000`.
    static func degrees(_ micro: Int) -> String {
        let whole = abs(micro) / 1_000_000, fraction = String(abs(micro) % 1_000_000)
        return (micro < 0 ? "-" : "") + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `-39.865` → `-39865000`; nil for anything else than an optional minus, digits and up to six
    /// decimals, or beyond ±`limit` degrees.
    private static func micro(_ text: String, limit: Int) -> Int? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, (1...3).contains(wholeText.count), wholeText.allSatisfy(\.isASCIIDigit),
            let whole = Int(wholeText)
        else { return nil }
        let fractionText = parts.count == 2 ? parts[1] : ""
        guard fractionText.count <= 6, fractionText.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fractionText.isEmpty else { return nil }
        let fraction = (Int(fractionText) ?? 0) * Int(pow10: 6 - fractionText.count)
        let value = whole * 1_000_000 + fraction
        guard value <= limit * 1_000_000 else { return nil }
        return negative ? -value : value
    }
}

extension Int {
    /// 10 to the power `exponent` (0 to 18).
    fileprivate init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
