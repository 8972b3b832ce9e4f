/// An iCalendar (RFC 5545) file with one event per trip, for adding train trips to a calendar app:
/// CRLF line endings, text values escaped, lines folded at 75 octets, times in UTC.
struct CalendarFile {
    /// One event of the file.
    struct Event {
        /// Unique and stable for the thing described, so a second import updates the first.
        let uid: String
        /// When the file was made (Unix seconds).
        let stamp: Int
        let start: Int
        let end: Int
        let summary: String
        let location: String
        let description: String
    }

    let events: [Event]

    /// A file with the one trip `event`.
    init(event: Event) { events = [event] }

    /// A file with the trips `events`.
    init(events: [Event]) { self.events = events }

    /// The file's text.
    var text: String {
        let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Railbook//E-ticket//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        let lines = head + events.flatMap(CalendarFile.lines) + ["END:VCALENDAR"]
        return lines.map(CalendarFile.fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func lines(of event: Event) -> [String] {
        [
            "BEGIN:VEVENT",
            "UID:" + CalendarFile.escape(event.uid),
            "DTSTAMP:" + CalendarFile.utc(event.stamp),
            "DTSTART:" + CalendarFile.utc(event.start),
            "DTEND:" + CalendarFile.utc(event.end),
            "SUMMARY:" + CalendarFile.escape(event.summary),
            "LOCATION:" + CalendarFile.escape(event.location),
            "DESCRIPTION:" + CalendarFile.escape(event.description),
            "TRANSP:OPAQUE",
            "END:VEVENT",
        ]
    }

    /// A TEXT value with backslashes, semicolons and commas escaped and line breaks as `\n`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Unix seconds as a UTC DATE-TIME: `20261201T000000Z`.
    static func utc(_ seconds: Int) -> String {
        let date = CivilDate(daysSinceEpoch: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let inDay = seconds - date.daysSinceEpoch * 86_400
        let digits = date.description.filter { $0 != "-" }
        return digits + "T" + two(inDay / 3600) + two(inDay / 60 % 60) + two(inDay % 60) + "Z"
    }

    /// Splits a content line longer than 75 octets into lines of at most 75 octets (CRLF plus a
    /// space before each continuation), never inside a UTF-8 character.
    static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
