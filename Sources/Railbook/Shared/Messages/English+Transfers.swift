/// English texts of journeys with one change on the search results page.
extension Messages {
    static let englishTransfers: [String: String] = [
        "transfers_heading": "Journeys with one change",
        "transfers_count": "Journeys with one change: %@",
        "transfers_none": "No journey with one change reaches the destination on this date.",
        "transfers_note": "Filters and sort apply to direct trains only; journeys with one change are listed by arrival, then total time.",
        "transfer_at": "Change at %@",
        "transfer_wait_minutes": "change, %@ min",
        "transfer_wait_hours": "change, %@ h %@ min",
        "transfer_station_change": "changes station: %@ → %@",
        "transfer_total": "total %@",
        "transfer_legs_label": "Trains of this journey",
    ]
}
