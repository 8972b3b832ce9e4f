extension CivilDate {
    /// The name of weekday `weekday` (0 Sunday … 6 Saturday, as `CivilDate.weekday` counts): `周一`, “Mon”.
    static func weekdayKey(_ weekday: Int) -> String {
        switch weekday {
        case 1: "weekday_1"
        case 2: "weekday_2"
        case 3: "weekday_3"
        case 4: "weekday_4"
        case 5: "weekday_5"
        case 6: "weekday_6"
        default: "weekday_0"
        }
    }

    /// The name of the date's weekday.
    var weekdayKey: String { Self.weekdayKey(weekday) }
}
