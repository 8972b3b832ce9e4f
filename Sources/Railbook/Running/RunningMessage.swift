import HTTP
import Secrets

/// A running report as a train-tracking system posts it to `/running/reports`: urlencoded fields,
/// signed with the sender's key (HMAC-SHA-256 over `canonical`, URL-safe base64 without padding in
/// `signature`), dated by `timestamp` (Unix seconds). A report is taken once: its signature is kept
/// for as long as its timestamp is fresh, so the same message sent again is refused.
struct RunningMessage: Sendable, Equatable {
    /// The signed fields, in the order `canonical` joins them.
    static let fieldNames = [
        "sender", "train", "date", "station", "arrival", "arrival_kind", "departure", "departure_kind", "platform", "gate", "timestamp",
    ]
    /// How far the timestamp may be from the receiver's clock, either way.
    static let freshness = 5 * 60

    /// The fields by name (those missing are empty).
    let fields: [String: String]

    var sender: String { fields["sender"] ?? "" }
    var timestamp: Int? { fields["timestamp"].flatMap { $0.utf8.count <= 12 ? Int($0) : nil } }

    /// The signed text: a version line, then each field on its own line, in `fieldNames` order.
    var canonical: String {
        (["railbook-running/1"] + Self.fieldNames.map { fields[$0] ?? "" }).joined(separator: "\n")
    }

    /// Reads the fields of a posted report; nil when one holds a control character (which could
    /// make two messages share a canonical text) or is longer than 40 bytes.
    init?(form: Parameters) {
        var fields: [String: String] = [:]
        for name in Self.fieldNames {
            let value = form[name] ?? ""
            guard value.utf8.count <= 40, !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
            fields[name] = value
        }
        self.fields = fields
    }

    /// A message from its fields (for senders and tests).
    init(fields: [String: String]) {
        self.fields = fields
    }

    /// The urlencoded body a sender posts, signature included.
    func body(signedWith key: HMACKey) -> String {
        (Self.fieldNames.map { ($0, fields[$0] ?? "") } + [("signature", key.sign(canonical))])
            .map { $0 + "=" + PercentEncoding.encode($1) }.joined(separator: "&")
    }

    /// True when the timestamp is within `freshness` of `now`.
    func isFresh(now: Int) -> Bool {
        timestamp.map { abs(now - $0) <= Self.freshness } ?? false
    }

    /// The form as the administrators' form has it: `actual` kinds are actual, anything else expected.
    var report: RunningReportForm {
        RunningReportForm(
            station: fields["station"] ?? "", arrival: fields["arrival"] ?? "", arrivalIsActual: fields["arrival_kind"] == "actual",
            departure: fields["departure"] ?? "", departureIsActual: fields["departure_kind"] == "actual",
            platform: fields["platform"] ?? "", gate: fields["gate"] ?? "")
    }
}
