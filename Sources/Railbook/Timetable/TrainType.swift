import Storage

/// The kind of a train, told by the first letter of its number (G1, D301, K1; plain numbers are ordinary trains).
public enum TrainType: String, SQLBindable, CaseIterable, Sendable {
    case highSpeed = "G"
    case bulletTrain = "D"
    case intercity = "C"
    case directExpress = "Z"
    case express = "T"
    case fast = "K"
    case ordinary = "P"

    /// The type of train `number`, or nil when the number is malformed.
    public init?(number: String) {
        guard let first = number.first, (1...6).contains(number.count) else { return nil }
        if first.isASCIIDigit {
            guard number.allSatisfy(\.isASCIIDigit) else { return nil }
            self = .ordinary
            return
        }
        guard number.count >= 2, number.dropFirst().allSatisfy(\.isASCIIDigit),
            let type = TrainType(rawValue: String(first)), type != .ordinary
        else { return nil }
        self = type
    }

    /// The message-catalog key of the type's name.
    var messageKey: String {
        switch self {
        case .highSpeed: "train_type_g"
        case .bulletTrain: "train_type_d"
        case .intercity: "train_type_c"
        case .directExpress: "train_type_z"
        case .express: "train_type_t"
        case .fast: "train_type_k"
        case .ordinary: "train_type_p"
        }
    }

    /// True for the high-speed families that sell business/first/second class seats.
    var isMultipleUnit: Bool { self == .highSpeed || self == .bulletTrain || self == .intercity }
}
