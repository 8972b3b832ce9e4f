/// A school year as student tickets count it: 1 October to 30 September of the next year. Since
/// August 2025 the railway sells student tickets all year, four single trips per school year
/// (每学年 10月1日至次年9月30日), and a refunded student ticket gives its trip back.
struct SchoolYear: Equatable, Sendable {
    let first: CivilDate
    let last: CivilDate

    /// The school year `date` falls in.
    static func containing(_ date: CivilDate) -> SchoolYear {
        let startYear = date.month >= 10 ? date.year : date.year - 1
        return SchoolYear(first: CivilDate(year: startYear, month: 10, day: 1)!, last: CivilDate(year: startYear + 1, month: 9, day: 30)!)
    }

    /// Unix seconds of its first moment and of the moment after its last day, China time.
    var bounds: (start: Int, end: Int) {
        (RunLeg.unixTime(first, minute: 0), RunLeg.unixTime(last.adding(days: 1), minute: 0))
    }
}
