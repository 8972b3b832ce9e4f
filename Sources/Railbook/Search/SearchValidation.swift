/// Checks a search's stations and date against the timetable and the presale window.
struct SearchValidation {
    let railway: Railway
    let today: CivilDate

    /// A problem with a search, told in the visitor's language.
    struct Problem {
        let key: String
        var arguments: [String] = []

        /// The problem in the page's language.
        func text(_ text: TextLookup) -> String {
            text.messages.text(key, text.language, arguments: arguments)
        }
    }

    struct Outcome {
        var origin: Station?
        var destination: Station?
        var date: CivilDate?
        var problems: [Problem] = []
        var suggestions: [Station] = []
    }

    func check(_ query: SearchQuery) -> Outcome {
        var outcome = Outcome()
        outcome.problems = query.problems.map { Problem(key: $0) }
        let resolver = railway.resolver
        for (text, isOrigin) in [(query.from, true), (query.to, false)] {
            if text.trimmed.isEmpty {
                outcome.problems.append(Problem(key: isOrigin ? "error_from_required" : "error_to_required"))
            } else if let station = resolver.resolve(text) {
                if isOrigin { outcome.origin = station } else { outcome.destination = station }
            } else {
                outcome.problems.append(Problem(key: "error_station_unknown", arguments: [text.trimmed]))
                outcome.suggestions += resolver.suggestions(for: text)
            }
        }
        if let origin = outcome.origin, let destination = outcome.destination {
            if origin.id == destination.id {
                outcome.problems.append(Problem(key: "error_same_station"))
            } else if origin.city == destination.city {
                outcome.problems.append(Problem(key: "error_same_city", arguments: [origin.city]))
            }
        }
        outcome.date = checkDate(query.date, into: &outcome.problems)
        return outcome
    }

    private func checkDate(_ text: String, into problems: inout [Problem]) -> CivilDate? {
        guard !text.isEmpty else {
            problems.append(Problem(key: "error_date_required"))
            return nil
        }
        guard let date = CivilDate(iso: text) else {
            problems.append(Problem(key: "error_date_invalid"))
            return nil
        }
        let window = railway.presaleWindow(today: today)
        if date < window.lowerBound {
            problems.append(Problem(key: "error_date_past"))
            return nil
        }
        if date > window.upperBound {
            let opens = date.adding(days: -(railway.presaleDays - 1))
            problems.append(Problem(key: "error_date_beyond", arguments: [date.description, opens.description]))
            return nil
        }
        return date
    }
}
